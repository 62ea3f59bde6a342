/// Formats told by the line that opens their content, comments and blank lines before it
/// skipped (`#` and `;` comments for desktop entries, `%` comments for TeX and BibTeX):
/// a desktop entry's `[Desktop Entry]` group; a BibTeX entry, `@TYPE{` or `@TYPE(` with a
/// known entry type; a LaTeX document's `\documentclass` (or LaTeX 2.09's `\documentstyle`).
enum DocumentOpeningShape {
    /// A desktop entry, a BibTeX database or a LaTeX document.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        var lines = TextLines(t)
        while let line = lines.next() {
            let start = line.offset(pastBlanksFrom: 0)
            guard let first = line.byte(at: start) else { continue }
            if first == UInt8(ascii: "#") || first == UInt8(ascii: ";") || first == UInt8(ascii: "%") { continue }
            let body = line.slice(from: start)
            if body.has("[Desktop Entry]") {
                return TextStructureMatch(mimeType: "application/x-desktop", detail: "[Desktop Entry] group")
            }
            if body.has("\\documentclass") || body.has("\\documentstyle") {
                return TextStructureMatch(mimeType: "text/x-tex", detail: "LaTeX \\documentclass")
            }
            if first == UInt8(ascii: "@"), isBibTeXEntry(body) {
                return TextStructureMatch(mimeType: "text/x-bibtex", detail: "BibTeX entry")
            }
            return nil
        }
        return nil
    }

    /// `@type{` or `@type(` with a BibTeX entry type.
    private static func isBibTeXEntry(_ line: UnsafeRawBufferPointer) -> Bool {
        var end = 1
        while end < line.count, ASCII.isLetter(line[end]) { end += 1 }
        var brace = end
        while brace < line.count, line[brace] == 0x20 { brace += 1 }
        guard let open = line.byte(at: brace), open == UInt8(ascii: "{") || open == UInt8(ascii: "(") else { return false }
        let name = line.slice(from: 1, to: end)
        return entryTypes.contains { name.count == $0.utf8CodeUnitCount && name.has(caseInsensitive: $0) }
    }

    /// BibTeX and BibLaTeX entry types, lower case.
    private static let entryTypes: [StaticString] = [
        "article", "book", "booklet", "inbook", "incollection", "inproceedings", "conference", "manual",
        "mastersthesis", "misc", "phdthesis", "proceedings", "techreport", "unpublished", "online",
        "string", "preamble", "comment", "thesis", "report",
    ]
}
