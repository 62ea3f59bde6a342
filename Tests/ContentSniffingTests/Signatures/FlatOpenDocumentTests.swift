import ContentSniffing
import OpenWithTestSupport
import Testing

/// Flat OpenDocument is recognised only by its root element's attribute.
@Suite("Flat OpenDocument: office:document root with office:mimetype")
struct FlatOpenDocumentTests {
    let sniffer = SignatureSniffer()

    func identifier(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { sniffer.sniff(prefix: $0) }.map { $0.identifier.rawValue }
    }

    @Test("office:document that is not the root, or names a kind without a flat type, is not flat ODF")
    func notFlat() {
        let nested = """
            <?xml version="1.0"?><wrapper><office:document office:mimetype="application/vnd.oasis.opendocument.text"/></wrapper>
            """
        #expect(identifier(nested)?.contains("flat-xml") == false)
        let chart = """
            <?xml version="1.0"?><office:document office:mimetype="application/vnd.oasis.opendocument.chart"></office:document>
            """
        #expect(identifier(chart)?.contains("flat-xml") == false)
        let unterminated = "<?xml version=\"1.0\"" + String(repeating: " ", count: 3000)
        #expect(identifier(unterminated)?.contains("flat-xml") != true)
    }

    @Test("a byte-order mark before the declaration is skipped")
    func byteOrderMark() {
        let text = "\u{FEFF}<office:document office:mimetype=\"application/vnd.oasis.opendocument.text\"></office:document>"
        #expect(identifier(text) == "org.freedesktop.mime.application.vnd.oasis.opendocument.text-flat-xml")
    }
}
