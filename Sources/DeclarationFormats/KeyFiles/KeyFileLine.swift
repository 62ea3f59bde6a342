/// Splits a freedesktop "key file" (desktop entries, `mimeapps.list`; the format GLib calls
/// `GKeyFile`) into group headers and key-value lines, leaving policy to the caller.
///
/// Rules from the Desktop Entry Specification: lines end with LF (a trailing CR is dropped); blank
/// lines and lines starting with `#` (after leading blanks) are comments; `[Group Name]` starts a
/// group; `Key=Value` and `Key[locale]=Value` are entries, with blanks around `=` ignored and the value
/// kept raw (escapes are decoded by typed accessors). Lines that are not valid UTF-8, hold a NUL byte,
/// or fit none of these are reported as such, with their line number.
struct KeyFileLine: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case group(String)
        case entry(key: String, locale: String?, value: String)
        case invalidEncoding
        case malformed(String)
    }

    var kind: Kind
    var number: Int

    static func read(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits
    ) throws(CatalogFormatError) -> [KeyFileLine] {
        try limits.checkDocumentSize(bytes.count, source: source)
        var lines: [KeyFileLine] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            if start < end, bytes[start] != UInt8(ascii: "#") {
                lines.append(KeyFileLine(kind: classify(bytes[start..<end]), number: number))
            }
            start = next
        }
        return lines
    }

    static func classify(_ line: ArraySlice<UInt8>) -> Kind {
        if line.contains(0) { return .malformed("the line holds a NUL byte") }
        guard let text = String(validating: line, as: UTF8.self) else { return .invalidEncoding }
        if line.first == UInt8(ascii: "[") {
            var trimmed = Substring(text)
            while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
            guard trimmed.count >= 2, trimmed.last == "]" else {
                return .malformed("a group header without a closing ]")
            }
            let name = trimmed.dropFirst().dropLast()
            guard !name.isEmpty, !name.contains(where: { $0 == "[" || $0 == "]" || ($0.asciiValue ?? 0x20) < 0x20 })
            else { return .malformed("invalid group name \"\(name)\"") }
            return .group(String(name))
        }
        guard let equals = text.firstIndex(of: "=") else {
            return .malformed("the line is not a group header, a key=value pair or a comment")
        }
        var key = text[..<equals]
        while let last = key.last, last == " " || last == "\t" { key.removeLast() }
        var value = text[text.index(after: equals)...]
        while let first = value.first, first == " " || first == "\t" { value.removeFirst() }
        var locale: String?
        if key.last == "]", let open = key.firstIndex(of: "[") {
            let inner = key[key.index(after: open)..<key.index(before: key.endIndex)]
            guard !inner.isEmpty, !inner.contains("[") else { return .malformed("invalid locale in key \"\(key)\"") }
            locale = String(inner)
            key = key[..<open]
        }
        guard !key.isEmpty, !key.contains(where: { $0 == "[" || $0 == "]" || $0 == " " || $0 == "\t" }) else {
            return .malformed("invalid key name \"\(key)\"")
        }
        return .entry(key: String(key), locale: locale, value: String(value))
    }
}
