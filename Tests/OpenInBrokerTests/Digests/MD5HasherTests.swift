import Crypto
import Testing

@testable import OpenInBroker

private typealias V = DigestTestVectors

@Suite("MD5Hasher")
struct MD5HasherTests {
    /// The test suite of RFC 1321, appendix A.5.
    @Test("RFC 1321 test suite", arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfcSuite(message: String, digest: String) {
        #expect(V.hex(MD5Hasher.hash(Array(message.utf8))) == digest)
    }

    @Test("agrees with swift-crypto at every length around the block and padding boundaries")
    func agreesWithSwiftCrypto() {
        for length in 0...200 {
            let message = V.pseudoRandomBytes(count: length, seed: UInt64(length) &+ 77)
            #expect(MD5Hasher.hash(message) == Array(Insecure.MD5.hash(data: message)), "length \(length)")
        }
    }
}
