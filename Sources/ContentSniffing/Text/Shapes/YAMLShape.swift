/// What the top level of a YAML file must look like: a mapping's keys or a sequence's items.
///
/// Every line that starts in the first column (blank lines, comments and indented lines
/// aside) is a key (`name:`, then a blank or the line's end, possibly quoted), a sequence item
/// (`- `), a document marker (`---`, `...`), a directive (`%YAML`), a complex key and its value
/// (`? `, `: `), a flow collection (`[`, `{`), or a node property (`&anchor`, `*alias`, `!tag`);
/// and at least one of them is a key, an item or a collection. Anything else at the top level — `prefix=/usr` in a pkg-config
/// file, `sudo:x:27:ann` in `/etc/group` — would be a plain scalar after a mapping, which YAML
/// does not allow, so the text is no YAML however alike it reads. (A document that is one
/// multi-line scalar is valid YAML, and is not what anyone calls a YAML file.)
enum YAMLShape {
    /// Whether the top level of `t` (the first 4 KiB of a text) is that of a YAML file; a last
    /// line the window cuts off is not judged.
    static func hasTopLevelStructure(_ t: UnsafeRawBufferPointer) -> Bool {
        var lines = TextLines(t, limit: .max)
        var structured = false
        while let line = lines.next() {
            guard let first = line.byte(at: 0), !ASCII.isBlank(first), first != UInt8(ascii: "#"), first != 0x0D else { continue }
            switch first {
            case UInt8(ascii: "-"):
                if isDocumentMarker(line) { continue }
                if line.count == 1 || ASCII.isBlank(line[1]) { structured = true; continue }
            case UInt8(ascii: "."):
                if isDocumentMarker(line) { continue }
            case UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                structured = true
                continue
            case UInt8(ascii: "?"), UInt8(ascii: ":"):
                // A complex key, and its value.
                if line.count == 1 || ASCII.isBlank(line[1]) { structured = true; continue }
            default:
                break
            }
            if isKey(line) {
                structured = true
                continue
            }
            if !lines.lastLineWasEnded { break }
            return false
        }
        return structured
    }

    /// `---` or `...`, alone on the line or followed by a blank (a comment may follow `---`).
    static func isDocumentMarker(_ line: UnsafeRawBufferPointer) -> Bool {
        (line.has("---") || line.has("...")) && (line.count == 3 || ASCII.isBlank(line[3]))
    }

    /// A mapping key: a `:` followed by a blank or the line's end, before any comment, after a
    /// key that is not empty (quoted keys may hold a `:` of their own).
    private static func isKey(_ line: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        if let quote = line.byte(at: 0), quote == 0x22 || quote == 0x27 {
            guard let close = line.firstOffset(of: quote, from: 1) else { return false }
            index = close + 1
            while index < line.count, ASCII.isBlank(line[index]) { index += 1 }
            return line.byte(at: index) == UInt8(ascii: ":") && (index + 1 == line.count || ASCII.isBlank(line[index + 1]))
        }
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: "#"), index > 0, ASCII.isBlank(line[index - 1]) { return false }
            if byte == UInt8(ascii: ":"), index > 0, index + 1 == line.count || ASCII.isBlank(line[index + 1]) { return true }
            index += 1
        }
        return false
    }
}
