import Crypto
import Testing

@testable import OpenInBroker

private typealias V = DigestTestVectors

@Suite("HMACSHA256")
struct HMACSHA256Tests {
    /// RFC 4231 test cases 1 to 7 (HMAC-SHA-256): key, data, code, all hexadecimal. Case 5's
    /// code is truncated to 128 bits, as published.
    static let rfc4231: [(key: String, data: String, code: String)] = [
        (String(repeating: "0b", count: 20), "4869205468657265",
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        ("4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (String(repeating: "aa", count: 20), String(repeating: "dd", count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        ("0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        (String(repeating: "0c", count: 20), "546573742057697468205472756e636174696f6e",
         "a3b6167473100ee06e0c796c2955552b"),
        (String(repeating: "aa", count: 131),
         "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        (String(repeating: "aa", count: 131),
         "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e",
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("RFC 4231 test cases 1 to 7", arguments: 0..<7)
    func rfc4231Case(index: Int) {
        let vector = Self.rfc4231[index]
        let code = HMACSHA256.authenticationCode(for: V.bytes(vector.data), key: V.bytes(vector.key))
        let expected = V.bytes(vector.code)
        #expect(V.hex(Array(code.prefix(expected.count))) == vector.code)
        if expected.count == 32 {
            #expect(HMACSHA256.isValid(expected, for: V.bytes(vector.data), key: V.bytes(vector.key)))
        }
    }

    @Test("agrees with swift-crypto for keys and messages of many lengths")
    func agreesWithSwiftCrypto() {
        for keyLength in [1, 16, 31, 32, 63, 64, 65, 100, 200] {
            for messageLength in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 500] {
                let key = V.pseudoRandomBytes(count: keyLength, seed: UInt64(keyLength))
                let message = V.pseudoRandomBytes(count: messageLength, seed: UInt64(messageLength) &+ 1_000)
                let expected = Array(HMAC<Crypto.SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
                #expect(HMACSHA256.authenticationCode(for: message, key: key) == expected, "key \(keyLength), message \(messageLength)")
            }
        }
    }

    @Test("a code that differs in any byte, or in length, is refused")
    func refusesAlteredCodes() {
        let key = V.pseudoRandomBytes(count: 32, seed: 5)
        let message = Array("OPENWITH-HMAC-SHA256-V1\nviewer.desktop\nnotes://open".utf8)
        let code = HMACSHA256.authenticationCode(for: message, key: key)
        #expect(HMACSHA256.isValid(code, for: message, key: key))
        for index in code.indices {
            var altered = code
            altered[index] ^= 0x01
            #expect(!HMACSHA256.isValid(altered, for: message, key: key))
        }
        #expect(!HMACSHA256.isValid(Array(code.dropLast()), for: message, key: key))
        #expect(!HMACSHA256.constantTimeEqual([], [0]))
        #expect(HMACSHA256.constantTimeEqual([], []))
    }
}
