import ContentSniffing
import OpenWithTestSupport
import Testing

/// Binary OpenPGP files are placed by their first packet's header and fields, checked against
/// the values RFC 4880 and RFC 9580 assign, and by the packet that follows: keyrings and
/// exported keys, detached signatures, encrypted messages. Bytes that merely open with a key
/// packet's tag byte are not.
@Suite("Binary OpenPGP: keys, detached signatures and encrypted messages by their packets")
struct OpenPGPPacketSignatureTests {
    let sniffer = SignatureSniffer()
    let resolver = TypeResolver()

    static let keys = "org.freedesktop.mime.application.pgp-keys"
    static let signature = "org.freedesktop.mime.application.pgp-signature"
    static let encrypted = "org.freedesktop.mime.application.pgp-encrypted"

    /// An old-format packet: tag, then a one- or two-byte length.
    static func oldPacket(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
        body.count < 256 ? [0x80 | tag << 2, UInt8(body.count)] + body : [0x80 | tag << 2 | 1] + ByteFixtures.be16(body.count) + body
    }

    /// A new-format packet with a one-byte length.
    static func newPacket(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xC0 | tag, UInt8(body.count)] + body
    }

    /// A version 4 Ed25519 key body (EdDSA, algorithm 22: curve OID, then a 263-bit point).
    static let ed25519Key: [UInt8] = [4] + ByteFixtures.be32(0x6B0C_0D6D) + [22, 9, 0x2B, 0x06, 0x01, 0x04, 0x01, 0xDA, 0x47, 0x0F, 0x01]
        + ByteFixtures.be16(263) + [0x40] + ByteFixtures.pseudoRandom(count: 32, seed: 7)
    /// A version 4 RSA key body: algorithm 1, a 2048-bit modulus, exponent 65537.
    static let rsaKey: [UInt8] = [4] + ByteFixtures.be32(0x63CB_D015) + [1] + ByteFixtures.be16(2048)
        + ByteFixtures.pseudoRandom(count: 256, seed: 11) + ByteFixtures.be16(17) + [0x01, 0x00, 0x01]
    /// A version 4 positive certification (0x13), EdDSA over SHA-512, with no subpackets.
    static let certification: [UInt8] = [4, 0x13, 22, 10] + ByteFixtures.be16(0) + ByteFixtures.be16(0) + [0xAB, 0xCD]
        + ByteFixtures.be16(256) + ByteFixtures.pseudoRandom(count: 32, seed: 3) + ByteFixtures.be16(256)
        + ByteFixtures.pseudoRandom(count: 32, seed: 5)
    static let userID = oldPacket(13, Array("Ann Example <ann@example.org>".utf8))

    func identifier(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }.map { $0.identifier.rawValue }
    }

    func resolved(_ bytes: [UInt8], _ name: String? = nil) -> String {
        resolver.resolve(bytes: bytes, name: name).type.identifier.rawValue
    }

    @Test("keyrings and exported keys: public and secret key packets, old and new headers, versions 3 to 6")
    func keys() {
        let certificate = Self.oldPacket(6, Self.ed25519Key) + Self.userID + Self.oldPacket(2, Self.certification)
        #expect(identifier(certificate) == Self.keys)
        #expect(identifier(Self.oldPacket(6, Self.rsaKey) + Self.userID) == Self.keys)
        #expect(identifier(Self.oldPacket(5, Self.ed25519Key + [0, 0x12, 0x34]) + Self.userID) == Self.keys)
        #expect(identifier(Self.newPacket(6, Self.ed25519Key) + Self.newPacket(13, Array("ann".utf8))) == Self.keys)
        let version6: [UInt8] = [6] + ByteFixtures.be32(0x6B0C_0D6D) + [27] + ByteFixtures.be32(32) + ByteFixtures.pseudoRandom(count: 32, seed: 9)
        #expect(identifier(Self.newPacket(6, version6) + Self.newPacket(2, [6, 0x1F, 27, 10] + ByteFixtures.zeros(20))) == Self.keys)
        let version3: [UInt8] = [3] + ByteFixtures.be32(0x3000_0000) + ByteFixtures.be16(0) + [1] + ByteFixtures.be16(1024)
            + ByteFixtures.pseudoRandom(count: 128, seed: 2) + ByteFixtures.be16(17) + [0x01, 0x00, 0x01]
        #expect(identifier(Self.oldPacket(6, version3) + Self.userID) == Self.keys)
        // Under the ambiguous `.gpg` (keys, signatures or encrypted data), the packet decides,
        // and libmagic is not needed.
        let resolution = resolver.resolve(bytes: certificate, name: "archive-keyring.gpg")
        #expect(resolution.type.identifier.rawValue == Self.keys)
        #expect(!resolution.evidence.contains { $0.source == .libmagic })
    }

    @Test("a detached signature is signature packets to the end of the file, nothing else")
    func detachedSignatures() {
        let one = Self.oldPacket(2, Self.certification)
        #expect(resolved(one, "release.sig") == Self.signature)
        #expect(resolved(one + Self.newPacket(2, Self.certification)) == Self.signature)
        let version3: [UInt8] = [3, 5, 0x00] + ByteFixtures.be32(0x3000_0000) + [1, 2, 3, 4, 5, 6, 7, 8] + [1, 2, 0xAB, 0xCD]
            + ByteFixtures.be16(1024) + ByteFixtures.pseudoRandom(count: 128, seed: 4)
        #expect(resolved(Self.oldPacket(2, version3)) == Self.signature)
        // Followed by a literal data packet: a signed message, not a detached signature.
        #expect(resolved(one + Self.oldPacket(11, Array("b\0\0\0\0\0hello\n".utf8))) != Self.signature)
    }

    @Test("an encrypted message opens with a session key packet, and the encrypted data follows it")
    func encryptedMessages() {
        let symmetric = Self.oldPacket(3, [4, 9, 3, 2] + ByteFixtures.pseudoRandom(count: 8, seed: 1) + [0xFF])
        let data = Self.newPacket(18, [1] + ByteFixtures.pseudoRandom(count: 60, seed: 6))
        #expect(resolved(symmetric + data) == Self.encrypted)
        let publicKey = Self.oldPacket(1, [3, 1, 2, 3, 4, 5, 6, 7, 8, 1] + ByteFixtures.be16(2048) + ByteFixtures.pseudoRandom(count: 256, seed: 8))
        #expect(resolved(publicKey + data) == Self.encrypted)
        // A session key packet and nothing more is no message.
        #expect(resolved(symmetric) != Self.encrypted)
    }

    @Test("a key packet's tag byte alone, wrong fields or a broken next header are not OpenPGP", arguments: [
        [0x99, 0x01, 0x0D] + ByteFixtures.pseudoRandom(count: 600, seed: 21),
        oldPacket(6, [4] + ByteFixtures.be32(0x6B0C_0D6D) + [99] + ByteFixtures.zeros(40)) + userID,
        oldPacket(6, [7] + ByteFixtures.be32(0x6B0C_0D6D) + [1] + ByteFixtures.zeros(40)) + userID,
        oldPacket(6, ed25519Key) + [0x00, 0x11, 0x22, 0x33],
        Array(oldPacket(6, rsaKey).prefix(200)),
        [0xC6, 0xE0] + ByteFixtures.pseudoRandom(count: 300, seed: 4),
    ] as [[UInt8]])
    func notOpenPGP(bytes: [UInt8]) {
        // (libmagic, asked about bytes nothing else places, calls any file opening `99 01` a
        // public keyring: its own, looser rule.)
        let answer = identifier(bytes) ?? "nothing"
        #expect(![Self.keys, Self.signature, Self.encrypted].contains(answer), "\(answer)")
    }
}
