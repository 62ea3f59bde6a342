import ContentSniffing
import Testing
import UniformTypes

/// The small value types of the public API.
@Suite("Public API values")
struct PublicAPITests {
    @Test("strength orders weak before strong")
    func strengthOrder() {
        #expect(SignatureStrength.weak < .strong)
        #expect(SignatureStrength.strong.description == "strong")
    }

    @Test("limits clamp out-of-range values")
    func limitsClamp() {
        var limits = SniffingLimits(prefixLength: 10, maxExtraBytes: -5, maxZipEntries: -1)
        #expect(limits.prefixLength == SniffingLimits.minimumPrefixLength)
        #expect(limits.maxExtraBytes == 0)
        #expect(limits.maxZipEntries == 0)
        limits.prefixLength = 0
        #expect(limits.prefixLength == SniffingLimits.minimumPrefixLength)
        limits.maxOLEDirectoryEntries = -3
        #expect(limits.maxOLEDirectoryEntries == 0)
        #expect(SniffingLimits.default.prefixLength == 4096)
    }

    @Test("errors describe path, code, reason and errno")
    func errorDescription() {
        let error = SniffingError(.readFailed, path: "/tmp/x", reason: "Input/output error", errno: 5)
        #expect(error.description == "/tmp/x: read failed: Input/output error (errno 5)")
        #expect(SniffingError(.invalidArgument, reason: "bad").description == "invalid argument: bad")
    }

    @Test("a match describes itself")
    func matchDescription() {
        let match = SignatureMatch(identifier: "public.png", strength: .strong, detail: "PNG signature at offset 0")
        #expect(match.description == "public.png (strong): PNG signature at offset 0")
    }

    @Test("a zero budget turns source sniffing into prefix sniffing")
    func zeroBudget() throws {
        let sniffer = SignatureSniffer(limits: SniffingLimits(maxExtraBytes: 0))
        let source = CountingByteSource(SignatureCases.iso9660)
        #expect(try sniffer.sniff(source) == nil)
        #expect(source.bytesRead == 4096)
    }
}
