/// Drawings and models written as text: ASCII STL (`solid` then `facet normal` within the
/// window) and DXF (group code `0`, `SECTION`, group code `2`, then a section name).
enum DrawingTextShape {
    /// An ASCII STL model or a DXF drawing.
    static func recognize(_ t: UnsafeRawBufferPointer, from start: Int) -> TextStructureMatch? {
        if t.has("solid", at: start), t.byte(at: start + 5).map(ASCII.isWhitespace) ?? false {
            var lines = TextLines(t, from: start, limit: 4)
            _ = lines.next()
            while let line = lines.next() {
                let trimmed = line.slice(from: line.offset(pastBlanksFrom: 0))
                if trimmed.has("facet normal") {
                    return TextStructureMatch(mimeType: "model/stl", detail: "ASCII STL solid with facets")
                }
            }
            return nil
        }
        var lines = TextLines(t, from: start, limit: 4)
        guard let code = lines.next(), trimmedEquals(code, "0"),
              let section = lines.next(), trimmedEquals(section, "SECTION"),
              let nameCode = lines.next(), trimmedEquals(nameCode, "2"),
              let name = lines.next(),
              trimmedEquals(name, "HEADER") || trimmedEquals(name, "CLASSES") || trimmedEquals(name, "TABLES")
                || trimmedEquals(name, "BLOCKS") || trimmedEquals(name, "ENTITIES") || trimmedEquals(name, "OBJECTS")
        else { return nil }
        return TextStructureMatch(mimeType: "image/vnd.dxf", detail: "DXF section")
    }

    /// Whether `line`, spaces around it removed, is `text`.
    private static func trimmedEquals(_ line: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        var end = line.count
        while end > 0, ASCII.isBlank(line[end - 1]) { end -= 1 }
        let body = line.slice(from: line.offset(pastBlanksFrom: 0), to: end)
        return body.count == text.utf8CodeUnitCount && body.has(text)
    }
}
