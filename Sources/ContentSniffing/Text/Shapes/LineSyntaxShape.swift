/// Formats told by what nearly all of their first lines look like (up to 64 lines; blank
/// lines and comments skipped):
/// - troff: the first line is a request or a comment (`.XX`, `'XX`, `.\"`), and at least a
///   quarter of the lines, and three or more, are requests; a manual page when `.TH` or mdoc's
///   `.Dd`/`.Dt` is among them (case folded: the oldest manual macros were lower case).
/// - TOML: a table header (`[name]` or `[[name]]`) and at least three `key = value` lines whose
///   values are TOML values (a quoted string, a number, a boolean, a date, an array or an
///   inline table); no `key = value` line with any other value, which is how INI files differ;
///   at most a fifth of the lines anything else (array items continued on their own lines and
///   closing brackets are part of their array).
/// - YAML: a `---` document start or a `%YAML` directive first, then at least three lines, and
///   at least four in five, that are mappings (`key:`), sequence items (`- `), indented
///   continuations or further document markers, so front matter over a Markdown body is not
///   taken for YAML.
enum LineSyntaxShape {
    /// troff, TOML or YAML.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        troff(t) ?? toml(t) ?? yaml(t)
    }

    /// The lines that carry something: not blank, with leading blanks left in.
    private static func contentLines(_ t: UnsafeRawBufferPointer, skippingHashComments: Bool) -> [UnsafeRawBufferPointer] {
        var kept: [UnsafeRawBufferPointer] = []
        var lines = TextLines(t)
        while let line = lines.next() {
            guard let first = line.byte(at: line.offset(pastBlanksFrom: 0)) else { continue }
            if skippingHashComments && first == UInt8(ascii: "#") { continue }
            kept.append(line)
        }
        return kept
    }

    // MARK: troff

    private static func troff(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        let lines = contentLines(t, skippingHashComments: false)
        guard let first = lines.first, isRequest(first) || first.has(".\\\"") || first.has("'\\\"") else { return nil }
        var requests = 0
        var manual = false
        for line in lines where isRequest(line) {
            requests += 1
            if line.has(caseInsensitive: ".th") || line.has(".Dd") || line.has(".Dt") { manual = true }
        }
        guard requests >= 3, requests * 4 >= lines.count else { return nil }
        return manual
            ? TextStructureMatch(mimeType: "application/x-troff-man", detail: "troff requests with a manual page header")
            : TextStructureMatch(mimeType: "text/troff", detail: "troff requests")
    }

    /// `.XX` or `'XX`: a control character, one or two letters, then a blank or the line's end.
    private static func isRequest(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let control = line.byte(at: 0), control == UInt8(ascii: ".") || control == UInt8(ascii: "'") else { return false }
        var end = 1
        while end < line.count, end <= 2, ASCII.isLetter(line[end]) { end += 1 }
        guard end > 1 else { return false }
        guard let next = line.byte(at: end) else { return true }
        return ASCII.isBlank(next)
    }

    // MARK: TOML

    private static func toml(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        let lines = contentLines(t, skippingHashComments: true)
        var headers = 0, values = 0, other = 0
        for line in lines {
            if isTableHeader(line) {
                headers += 1
            } else if let value = assignedValue(line) {
                guard isTOMLValue(value) else { return nil }
                values += 1
            } else if !isArrayContinuation(line) {
                other += 1
            }
        }
        guard headers >= 1, values >= 3, other * 5 <= lines.count else { return nil }
        return TextStructureMatch(mimeType: "application/toml", detail: "TOML tables and key = value lines")
    }

    /// `[name]` or `[[name]]`, dotted and quoted names allowed, nothing after but a comment.
    private static func isTableHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        guard line.byte(at: 0) == UInt8(ascii: "[") else { return false }
        let double = line.byte(at: 1) == UInt8(ascii: "[")
        var index = double ? 2 : 1
        let nameStart = index
        while index < line.count, isKeyByte(line[index]) || line[index] == UInt8(ascii: ".") || line[index] == 0x22 { index += 1 }
        guard index > nameStart, line.byte(at: index) == UInt8(ascii: "]") else { return false }
        index += 1
        if double {
            guard line.byte(at: index) == UInt8(ascii: "]") else { return false }
            index += 1
        }
        index = line.offset(pastBlanksFrom: index)
        return index == line.count || line[index] == UInt8(ascii: "#")
    }

    /// The value of a `key = value` line (bare, dotted or quoted keys), or `nil`.
    private static func assignedValue(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var index = 0
        while index < line.count, isKeyByte(line[index]) || line[index] == UInt8(ascii: ".") || line[index] == 0x22 { index += 1 }
        guard index > 0 else { return nil }
        index = line.offset(pastBlanksFrom: index)
        guard line.byte(at: index) == UInt8(ascii: "=") else { return nil }
        return line.slice(from: line.offset(pastBlanksFrom: index + 1))
    }

    /// A line inside an array written over several lines: an item (a string, a number, an
    /// inline table) or the closing bracket, leading blanks allowed.
    private static func isArrayContinuation(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.byte(at: line.offset(pastBlanksFrom: 0)) else { return false }
        return first == 0x22 || first == 0x27 || first == UInt8(ascii: "]") || first == UInt8(ascii: "{") || ASCII.isDigit(first)
    }

    /// A quoted string, a number or date, a boolean, an array or an inline table.
    private static func isTOMLValue(_ value: UnsafeRawBufferPointer) -> Bool {
        guard let first = value.byte(at: 0) else { return false }
        switch first {
        case 0x22, 0x27, UInt8(ascii: "["), UInt8(ascii: "{"): return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return value.byte(at: 1).map(ASCII.isDigit) ?? false
        default:
            if ASCII.isDigit(first) {
                // A number or a date: digits and the punctuation of numbers and times only.
                return !value.contains { !(ASCII.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "Z")
                    || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "x") || $0 == 0x20) }
            }
            return value.has("true") || value.has("false") || value.has("inf") || value.has("nan")
        }
    }

    // MARK: YAML

    private static func yaml(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        let lines = contentLines(t, skippingHashComments: true)
        guard let first = lines.first, YAMLShape.isDocumentMarker(first) || first.has("%YAML ") else { return nil }
        var yamlLines = 0, body = 0
        for line in lines.dropFirst() where !YAMLShape.isDocumentMarker(line) {
            body += 1
            if isMappingLine(line) || line.has("- ") || line.count == 1 && line[0] == UInt8(ascii: "-")
                || ASCII.isBlank(line[0]) {
                yamlLines += 1
            }
        }
        guard yamlLines >= 3, yamlLines * 5 >= body * 4 else { return nil }
        return TextStructureMatch(mimeType: "application/yaml", detail: "YAML document of mappings and sequences")
    }

    /// `key:` at the line's start, then a blank or the line's end.
    private static func isMappingLine(_ line: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < line.count, isKeyByte(line[index]) || line[index] == 0x22 || line[index] == 0x27 { index += 1 }
        guard index > 0, line.byte(at: index) == UInt8(ascii: ":") else { return false }
        guard let next = line.byte(at: index + 1) else { return true }
        return ASCII.isBlank(next)
    }

    private static func isKeyByte(_ b: UInt8) -> Bool {
        ASCII.isLetter(b) || ASCII.isDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }
}
