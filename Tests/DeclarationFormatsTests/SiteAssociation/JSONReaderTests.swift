import DeclarationFormats
import Testing

@Suite("The bounded JSON reader")
struct JSONReaderTests {
    @Test("Values, escapes and surrogate pairs are read; members keep their order and the first of a duplicate")
    func values() throws {
        let text = #"{"b": [true, false, null, -1.5e3, 0], "a": "tab\tquote\" snow\u2603 clef\ud834\udd1e", "b": 1}"#
        let value = try JSONReader.parse(Array(text.utf8), source: "t.json")
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(value["b"] == .array([.bool(true), .bool(false), .null, .number("-1.5e3"), .number("0")]))
        #expect(value["a"]?.stringValue == "tab\tquote\" snow\u{2603} clef\u{1D11E}")
    }

    @Test(
        "Malformed documents are refused with the byte offset",
        arguments: [
            (#"{"a": }"#, "byte 6"), (#"{"a": 1,}"#, "byte 8"), (#"[1 2]"#, "byte 3"), ("\"a\nb\"", "byte 2"),
            (#""\ud834""#, "byte 7"), (#"01"#, "byte 2"), (#"{} x"#, "byte 3"), (#"tru"#, "byte 0"), ("", "byte 0"),
        ])
    func malformed(text: String, key: String) {
        do {
            _ = try JSONReader.parse(Array(text.utf8), source: "t.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .malformedJSON)
            #expect(error.key == key, "\(error)")
        }
    }

    @Test("Nesting deeper than the limit is refused, not recursed into")
    func depth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        do {
            _ = try JSONReader.parse(Array(deep.utf8), source: "deep.json")
            Issue.record("accepted")
        } catch {
            #expect(error.code == .limitExceeded)
        }
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try JSONReader.parse(Array(fine.utf8), source: "fine.json") }
    }

    @Test("Invalid UTF-8 inside a string is refused")
    func invalidUTF8() {
        #expect(throws: CatalogFormatError.self) { try JSONReader.parse([0x22, 0xC3, 0x28, 0x22], source: "t.json") }
    }
}
