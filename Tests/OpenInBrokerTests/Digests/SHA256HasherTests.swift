import Crypto
import Testing

@testable import OpenInBroker

private typealias V = DigestTestVectors

@Suite("SHA256Hasher")
struct SHA256HasherTests {
    /// The examples of FIPS 180-2 appendix B (SHA-256) and the empty message.
    @Test("FIPS 180 examples", arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func fipsExamples(message: String, digest: String) {
        #expect(V.hex(SHA256Hasher.hash(Array(message.utf8))) == digest)
    }

    @Test("one million a, fed in uneven pieces")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var hasher = SHA256Hasher()
        var offset = 0
        var piece = 1
        while offset < message.count {
            let end = min(message.count, offset + piece)
            message[offset..<end].withUnsafeBytes { hasher.update($0) }
            offset = end
            piece = piece * 3 % 1_000 + 1
        }
        #expect(V.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("agrees with swift-crypto at every length around the block and padding boundaries")
    func agreesWithSwiftCrypto() {
        for length in 0...300 {
            let message = V.pseudoRandomBytes(count: length, seed: UInt64(length))
            let expected = Array(Crypto.SHA256.hash(data: message))
            #expect(SHA256Hasher.hash(message) == expected, "length \(length)")
            var hasher = SHA256Hasher()
            let split = length / 3
            hasher.update(Array(message[..<split]))
            hasher.update(Array(message[split...]))
            #expect(hasher.finalize() == expected, "length \(length), split at \(split)")
        }
    }

    @Test("the portable code agrees with swift-crypto too, and with the hardware path where there is one")
    func portablePathAgrees() {
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1_000, 4_096, 65_537] {
            let message = V.pseudoRandomBytes(count: length, seed: UInt64(length) &+ 7)
            let expected = Array(Crypto.SHA256.hash(data: message))
            var portable = SHA256Hasher(softwareOnly: true)
            portable.update(message)
            #expect(portable.finalize() == expected, "length \(length)")
            var fastest = SHA256Hasher()
            fastest.update(message)
            #expect(fastest.finalize() == expected, "length \(length)")
        }
    }
}
