/// Binary OpenPGP data (RFC 4880, RFC 9580), by its first packet:
/// - a public- or secret-key packet opens a transferable key (a keyring such as Debian's
///   `/usr/share/keyrings/*.gpg`, an exported certificate): `application/pgp-keys`;
/// - a signature packet that is the whole file (or is followed only by more signature packets)
///   is a detached binary signature (`*.sig`): `application/pgp-signature`;
/// - a public-key or symmetric-key encrypted session key packet opens an encrypted message:
///   `application/pgp-encrypted`.
///
/// A packet header is one tag byte (the old format's tag and length type, or the new format's
/// tag) and a length; the checks read each packet's version and algorithm fields against the
/// values the specifications assign, and the header of the packet that follows a key packet,
/// so that a stray `99` or `C6` byte opening other binary data is not taken for a key.
enum OpenPGPPacketSignature {
    static func check(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let first = PacketHeader(b, at: 0) else { return nil }
        switch first.tag {
        case 5, 6:
            guard let version = keyVersion(b, body: first.bodyStart, length: first.length),
                follows(first, in: probe, allowed: [2, 7, 12, 13, 14, 17], mayEnd: true)
            else { return nil }
            let kind = first.tag == 6 ? "public" : "secret"
            return SignatureMatch(KnownType.pgpKeys, .strong, "OpenPGP \(kind) key packet, version \(version)")
        case 2:
            guard let version = signatureVersion(b, body: first.bodyStart), follows(first, in: probe, allowed: [2], mayEnd: true) else {
                return nil
            }
            return SignatureMatch(KnownType.pgpSignature, .strong, "OpenPGP signature packet, version \(version)")
        case 1, 3:
            guard sessionKeyPacketIsValid(b, tag: first.tag, body: first.bodyStart, length: first.length),
                follows(first, in: probe, allowed: [1, 3, 9, 18, 20], mayEnd: false)
            else { return nil }
            return SignatureMatch(KnownType.pgpEncrypted, .strong, "OpenPGP \(first.tag == 1 ? "public" : "symmetric")-key encrypted session key packet")
        default:
            return nil
        }
    }

    /// A packet's header: its tag, where its body starts and how long the body is.
    struct PacketHeader {
        var tag: Int
        var bodyStart: Int
        var length: Int

        /// The header at `offset`, when it is a well-formed header with a definite length
        /// (partial and indeterminate lengths, which only data packets use, are refused).
        init?(_ b: UnsafeRawBufferPointer, at offset: Int) {
            guard let byte = b.byte(at: offset), byte & 0x80 != 0 else { return nil }
            if byte & 0x40 != 0 {
                tag = Int(byte & 0x3F)
                guard let first = b.byte(at: offset + 1) else { return nil }
                switch first {
                case 0..<192:
                    (bodyStart, length) = (offset + 2, Int(first))
                case 192..<224:
                    guard let second = b.byte(at: offset + 2) else { return nil }
                    (bodyStart, length) = (offset + 3, (Int(first) - 192) << 8 + Int(second) + 192)
                case 255:
                    guard let long = b.u32be(at: offset + 2) else { return nil }
                    (bodyStart, length) = (offset + 6, Int(long))
                default:
                    return nil
                }
            } else {
                tag = Int(byte >> 2 & 0x0F)
                switch byte & 0x03 {
                case 0:
                    guard let short = b.byte(at: offset + 1) else { return nil }
                    (bodyStart, length) = (offset + 2, Int(short))
                case 1:
                    guard let medium = b.u16be(at: offset + 1) else { return nil }
                    (bodyStart, length) = (offset + 3, Int(medium))
                case 2:
                    guard let long = b.u32be(at: offset + 1) else { return nil }
                    (bodyStart, length) = (offset + 5, Int(long))
                default:
                    return nil
                }
            }
            guard tag != 0, length > 0 else { return nil }
        }

        /// The offset of the next packet.
        var end: Int { bodyStart + length }
    }

    /// Public-key algorithm identifiers: RSA (1–3), Elgamal (16, 20), DSA (17), ECDH (18),
    /// ECDSA (19), EdDSA (22), X25519, X448, Ed25519, Ed448 (25–28).
    static let publicKeyAlgorithms: Set<UInt8> = [1, 2, 3, 16, 17, 18, 19, 20, 22, 25, 26, 27, 28]
    /// Hash algorithm identifiers: MD5, SHA-1, RIPEMD-160, SHA-2 (8–11), SHA3-256, SHA3-512.
    static let hashAlgorithms: Set<UInt8> = [1, 2, 3, 8, 9, 10, 11, 12, 14]
    /// Signature types: binary and text documents, standalone, certifications, bindings,
    /// direct key, revocations, timestamp, third-party confirmation.
    static let signatureTypes: Set<UInt8> = [0x00, 0x01, 0x02, 0x10, 0x11, 0x12, 0x13, 0x18, 0x19, 0x1F, 0x20, 0x28, 0x30, 0x40, 0x50]

    /// The version of a key packet's body when its fields are valid: version 2 or 3 (a
    /// validity period, then an RSA algorithm), 4 (the algorithm after the creation time), 5 or 6
    /// (the algorithm, then the length of the key material, which fills the rest of the body).
    private static func keyVersion(_ b: UnsafeRawBufferPointer, body: Int, length: Int) -> UInt8? {
        guard let version = b.byte(at: body) else { return nil }
        switch version {
        case 2, 3:
            guard length >= 12, let algorithm = b.byte(at: body + 7), (1...3).contains(algorithm) else { return nil }
        case 4:
            guard length >= 10, let algorithm = b.byte(at: body + 5), publicKeyAlgorithms.contains(algorithm) else { return nil }
        case 5, 6:
            guard let algorithm = b.byte(at: body + 5), publicKeyAlgorithms.contains(algorithm), let material = b.u32be(at: body + 6),
                Int(material) + 10 <= length
            else { return nil }
        default:
            return nil
        }
        return version
    }

    /// The version of a signature packet's body when its fields are valid: version 3 (a hashed
    /// part of 5 bytes, then the type, time, key ID, algorithms) or 4 to 6 (type and algorithms).
    private static func signatureVersion(_ b: UnsafeRawBufferPointer, body: Int) -> UInt8? {
        guard let version = b.byte(at: body) else { return nil }
        let fields: (type: Int, publicKey: Int, hash: Int)
        switch version {
        case 3:
            guard b.byte(at: body + 1) == 5 else { return nil }
            fields = (body + 2, body + 15, body + 16)
        case 4, 5, 6:
            fields = (body + 1, body + 2, body + 3)
        default:
            return nil
        }
        guard let type = b.byte(at: fields.type), signatureTypes.contains(type), let publicKey = b.byte(at: fields.publicKey),
            publicKeyAlgorithms.contains(publicKey), let hash = b.byte(at: fields.hash), hashAlgorithms.contains(hash)
        else { return nil }
        return version
    }

    /// Whether an encrypted session key packet's fields are valid: a public-key one (tag 1) is
    /// version 3 with a public-key algorithm after its 8-byte key ID (or version 6 with its key's
    /// version); a symmetric-key one (tag 3) is version 4 to 6 with a symmetric algorithm (1–13)
    /// and, in version 4, a string-to-key specifier (0, 1, 3 or 4).
    private static func sessionKeyPacketIsValid(_ b: UnsafeRawBufferPointer, tag: Int, body: Int, length: Int) -> Bool {
        guard let version = b.byte(at: body) else { return false }
        if tag == 1 {
            guard version == 3, length >= 12, let algorithm = b.byte(at: body + 9) else { return false }
            return publicKeyAlgorithms.contains(algorithm)
        }
        switch version {
        case 4:
            guard length >= 4, let cipher = b.byte(at: body + 1), (1...13).contains(cipher), let specifier = b.byte(at: body + 2) else { return false }
            return [0, 1, 3, 4].contains(specifier)
        case 5, 6:
            guard length >= 6, let cipher = b.byte(at: body + (version == 6 ? 2 : 1)) else { return false }
            return (1...13).contains(cipher)
        default:
            return false
        }
    }

    /// Whether what follows `packet` fits: the file ends where the packet does (when it `mayEnd`
    /// there), the packet's body reaches past the bytes at hand in a file at least that long, or
    /// the next packet's header is well formed with one of the `allowed` tags. A packet longer
    /// than the file is refused.
    private static func follows(_ packet: PacketHeader, in probe: Probe, allowed: Set<Int>, mayEnd: Bool) -> Bool {
        let end = packet.end
        if let size = probe.knownSize {
            if Int64(end) > size { return false }
            if Int64(end) == size { return mayEnd }
        }
        guard end < probe.bytes.count else { return true }
        guard let next = PacketHeader(probe.bytes, at: end) else { return false }
        return allowed.contains(next.tag)
    }
}
