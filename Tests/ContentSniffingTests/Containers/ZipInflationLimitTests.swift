import ContentSniffing
import OpenWithTestSupport
import Testing

/// Deflated parts of a ZIP are read within ``SniffingLimits/maxInflatedLength``; past it, the
/// entry names decide as before, and lying sizes or broken data cost nothing.
@Suite("ZIP inspection: deflated parts within limits")
struct ZipInflationLimitTests {
    static let template = SignatureCases.officeDeflated(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml", part: "word/document.xml")

    @Test("a deflated [Content_Types].xml is read by default, and not when the limit is below its size")
    func limit() throws {
        #expect(try SignatureSniffer().sniff(MemoryByteSource(Self.template))?.identifier == "org.openxmlformats.wordprocessingml.template")
        let tight = SignatureSniffer(limits: SniffingLimits(maxInflatedLength: 16))
        #expect(try tight.sniff(MemoryByteSource(Self.template))?.identifier == "org.openxmlformats.wordprocessingml.document")
        #expect(Self.template.withUnsafeBytes { tight.sniff(prefix: $0) }?.identifier == "org.openxmlformats.wordprocessingml.document")
    }

    @Test("a deflated [Content_Types].xml that is not DEFLATE falls back to the entry names")
    func garbage() throws {
        var zip = ZipFixture()
        zip.entries.append(ZipFixture.Entry(name: "[Content_Types].xml", bytes: [0x07] + ByteFixtures.pseudoRandom(count: 300, seed: 3), method: 8))
        zip.deflated("word/document.xml")
        #expect(try SignatureSniffer().sniff(MemoryByteSource(zip.build()))?.identifier == "org.openxmlformats.wordprocessingml.document")
    }

    @Test("gzip: a stream whose inflation breaks, or is cut short, stays gzip")
    func brokenGzip() throws {
        let broken = SignatureCases.gzip([0x07] + ByteFixtures.pseudoRandom(count: 600, seed: 5))
        #expect(try SignatureSniffer().sniff(MemoryByteSource(broken))?.identifier == "org.gnu.gnu-zip-archive")
        let short = SignatureCases.gzip(Array(DeflateFixture.fixed(SignatureCases.ustarArchive).prefix(40)))
        #expect(try SignatureSniffer().sniff(MemoryByteSource(short))?.identifier == "org.gnu.gnu-zip-archive")
        let noInflation = SignatureSniffer(limits: SniffingLimits(maxInflatedLength: 0))
        let tarGzip = SignatureCases.gzip(DeflateFixture.fixed(SignatureCases.ustarArchive))
        #expect(try noInflation.sniff(MemoryByteSource(tarGzip))?.identifier == "org.gnu.gnu-zip-archive")
    }
}
