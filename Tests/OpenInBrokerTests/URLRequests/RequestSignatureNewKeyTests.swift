import OpenInBroker
import Testing

@Suite("New HMAC keys")
struct RequestSignatureNewKeyTests {
    @Test("A new key has 256 bits, differs from the last one, and signs and verifies a URL")
    func newKey() throws {
        let first = RequestSignature.newKey()
        let second = RequestSignature.newKey()
        #expect(first.count == 32)
        #expect(second.count == 32)
        #expect(first != second)
        #expect(Set(first).count > 8, "a key of few distinct bytes is no random key: \(first)")
        let signer = try RequestSignature(keyBytes: first)
        let signed = try signer.sign("notes://open?id=7", sourceApp: "org.example.mail")
        #expect(try signer.verify(signed, sourceApp: "org.example.mail").scheme == "notes")
        let other = try RequestSignature(keyBytes: second)
        #expect(throws: HandOverError.self) { try other.verify(signed, sourceApp: "org.example.mail") }
    }
}
