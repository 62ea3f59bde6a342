import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// The binary-versus-text rule and the text formats at their edges.
@Suite("Text: encodings, binary versus text, formats")
struct TextClassificationTests {
    let sniffer = SignatureSniffer()

    func sniff(_ bytes: [UInt8]) -> SignatureMatch? { bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) } }
    func sniff(_ text: String) -> SignatureMatch? { sniff(Array(text.utf8)) }

    @Test("a NUL byte makes binary (unless the bytes are UTF-16)")
    func nul() {
        #expect(sniff(Array("hello\u{0}world, this is not text".utf8)) == nil)
    }

    @Test("control characters above 1/64 of the bytes make binary; \\t \\n \\r \\f \\e do not count")
    func controls() {
        let base = String(repeating: "abcdefgh", count: 16)  // 128 bytes
        #expect(sniff(base + "\u{1}\u{2}") != nil, "2 in 130 is within 1/64")
        #expect(sniff(base + "\u{1}\u{2}\u{3}\u{4}") == nil, "4 in 132 is not")
        #expect(sniff(base + "\t\n\r\u{C}\u{1B}\t\n\r\u{C}\u{1B}")?.identifier == "public.plain-text")
    }

    /// Korean in ISO-2022-KR (RFC 1557): the designation `ESC $ ) C` once, then each run of
    /// Hangul between shift out and shift in, in 7-bit bytes.
    @Test("ISO-2022-KR text, shifted in and out on every word, is text")
    func iso2022KR() {
        var bytes: [UInt8] = [0x1B, 0x24, 0x29, 0x43]
        for _ in 0..<40 {
            bytes += [0x0E, 0x3F, 0x2A, 0x3B, 0x67, 0x40, 0x7B, 0x0F, 0x20]
        }
        bytes += Array("\n".utf8)
        #expect(sniff(bytes)?.identifier == "public.plain-text")
        #expect(sniff(Array(bytes.dropFirst(4))) == nil, "shifts without an escape's designation are controls")
    }

    @Test("a UTF-8 sequence cut by the end of the window is UTF-8 when the file goes on, 8-bit text when it ends there")
    func truncatedUTF8() throws {
        var bytes = Array(String(repeating: "é", count: 2047).utf8) + [UInt8(ascii: "a")]
        #expect(bytes.count == 4095)
        bytes += [0xC3, 0xA9]  // byte 4095 starts "é"; byte 4096 lies past the prefix
        let longer = bytes + Array(" and more".utf8)
        #expect(try sniffer.sniff(MemoryByteSource(longer))?.identifier == "public.utf8-plain-text")
        let whole = Array(bytes[..<4096])  // a file that really ends in the middle of "é"
        #expect(try sniffer.sniff(MemoryByteSource(whole))?.identifier == "public.plain-text")
    }

    @Test("overlong and surrogate UTF-8 forms are not UTF-8")
    func invalidUTF8() {
        #expect(sniff([0x61, 0xC0, 0xAF, 0x62, 0x0A])?.identifier == "public.plain-text")
        #expect(sniff([0x61, 0xED, 0xA0, 0x80, 0x0A])?.identifier == "public.plain-text")
        #expect(sniff([0x61, 0xE2, 0x9C, 0x93, 0x0A])?.identifier == "public.utf8-plain-text")
    }

    @Test("binary data with a few zero bytes in UTF-16 positions is not UTF-16")
    func notUTF16() {
        let shorts = (0..<64).flatMap { ByteFixtures.le16($0 * 3) }
        #expect(sniff(shorts) == nil)
    }

    @Test("JSON cut by the end of the window of a longer file is JSON")
    func jsonTruncatedByWindow() throws {
        let items = (0..<500).map { "{\"id\": \($0), \"name\": \"item \($0)\"}" }.joined(separator: ", ")
        let bytes = Array("[\(items)]".utf8)
        #expect(bytes.count > 4096)
        #expect(try sniffer.sniff(MemoryByteSource(bytes))?.identifier == "public.json")
        #expect(sniff(Array(bytes[..<4096]))?.identifier == "public.json")
        #expect(sniff(Array(bytes[..<100]))?.identifier != "public.json", "a short prefix is taken as the whole file")
    }

    @Test("JSON nested deeper than 128 levels is not taken for JSON, and costs nothing")
    func deepJSON() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(sniff(deep)?.identifier != "public.json")
        #expect(sniff(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))?.identifier == "public.json")
    }

    @Test("JSON grammar", arguments: [
        ("{\"a\": 1}", true), ("[1, 2.5, -3e10, 0, -0.0]", true), ("{\"a\": [true, false, null]}", true), ("[]", true),
        ("{}", true), ("[01]", false), ("[1,]", false), ("{\"a\" 1}", false), ("{a: 1}", false), ("[\"\\x\"]", false),
        ("[\"a\"] trailing", false), ("[tru]", false), ("{\"a\": 1}}", false), ("[1 2]", false),
    ])
    func grammar(_ text: String, _ isJSON: Bool) {
        #expect((sniff(text)?.identifier == "public.json") == isJSON, "\(text)")
    }

    @Test("NDJSON needs objects on separate lines")
    func ndjson() {
        #expect(sniff("{\"a\": 1}\n{\"a\": 2}\n")?.identifier == "public.ndjson")
        #expect(sniff("{\"a\": 1} {\"a\": 2}\n")?.identifier != "public.ndjson")
        #expect(sniff("{\"a\": 1}\n[1]\n")?.identifier != "public.ndjson")
    }

    @Test("CSV needs two records with the same delimiter count")
    func csvShape() {
        #expect(sniff("a,b,c\n")?.identifier == "public.plain-text", "one record")
        #expect(sniff("a,b,c\n1,2\n")?.identifier == "public.plain-text", "different counts")
        #expect(sniff("a,b\n\n1,2\n")?.identifier == "public.plain-text", "a blank line inside")
        #expect(sniff("a,b\n1,2\n\n\n")?.identifier == "public.comma-separated-values-text", "trailing blank lines")
        #expect(sniff("a;b\n1;2\n")?.identifier == "public.plain-text", "semicolons are not commas")
        #expect(sniff("\"a,1\",b\n\"c\"\"d\",e\n")?.identifier == "public.comma-separated-values-text")
    }

    @Test("a markup start that is not markup is plain text")
    func notMarkup() {
        #expect(sniff("<3 you\n")?.identifier == "public.plain-text")
        #expect(sniff("<unknown-element>text</unknown-element>\n")?.identifier == "public.plain-text")
        #expect(sniff("<stdio.h> and then <stdlib.h>\n")?.identifier == "public.plain-text")
        #expect(sniff("<self-closing/>\n<another/>\n")?.identifier == "public.plain-text")
        #expect(sniff("<?xml version=\"1.0\"?>")?.identifier == "public.xml")
    }
}
