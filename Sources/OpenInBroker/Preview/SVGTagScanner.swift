/// A bounded walk over the tags of an XML document held in memory, enough for an SVG preview:
/// the root element's name and attributes, then the text of one of its children.
///
/// Bounds: the bytes given (a file's head), one step per markup construct out of `steps`, at
/// most 256 attributes and 4 KiB of text kept. Malformed markup ends the walk with `nil`.
struct SVGTagScanner {
    /// A start tag.
    struct Element {
        var name: String
        var attributes: [String: String]
        var selfClosing: Bool
    }

    private let bytes: [UInt8]
    private var index = 0
    private var steps: Int

    init(_ bytes: [UInt8], steps: Int) {
        self.bytes = bytes
        self.steps = steps
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The name after a prefix (`svg:title` → `title`).
    static func localName(_ name: String) -> String {
        name.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init) ?? name
    }

    /// The first element, skipping the prolog (declaration, comments, instructions, DOCTYPE).
    mutating func rootElement() -> Element? {
        while steps > 0 {
            steps -= 1
            guard let open = nextMarkup() else { return nil }
            if startsWith("<?", at: open) || startsWith("<!", at: open) {
                guard skipSpecial(at: open) else { return nil }
                continue
            }
            return startTag(at: open)
        }
        return nil
    }

    /// The text of the first child of the current element named `name` (any prefix).
    mutating func childText(named name: String) -> String? {
        var depth = 0
        while steps > 0 {
            steps -= 1
            guard let open = nextMarkup() else { return nil }
            if startsWith("<?", at: open) || startsWith("<!", at: open) {
                guard skipSpecial(at: open) else { return nil }
                continue
            }
            if startsWith("</", at: open) {
                guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                index = close + 1
                depth -= 1
                if depth < 0 { return nil }
                continue
            }
            guard let element = startTag(at: open) else { return nil }
            if depth == 0 && SVGTagScanner.localName(element.name) == name {
                return element.selfClosing ? "" : text(until: element.name)
            }
            if !element.selfClosing { depth += 1 }
        }
        return nil
    }

    private func startsWith(_ text: String, at offset: Int) -> Bool {
        let pattern = Array(text.utf8)
        return offset + pattern.count <= bytes.count && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    /// Moves to the next `<` and returns its position.
    private mutating func nextMarkup() -> Int? {
        guard index < bytes.count, let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
        index = open
        return open
    }

    /// Skips a comment, CDATA section, DOCTYPE (with an internal subset) or processing instruction.
    private mutating func skipSpecial(at open: Int) -> Bool {
        let terminator: String
        if startsWith("<!--", at: open) {
            terminator = "-->"
        } else if startsWith("<![CDATA[", at: open) {
            terminator = "]]>"
        } else if startsWith("<?", at: open) {
            terminator = "?>"
        } else {
            var bracket = 0
            var cursor = open + 2
            while cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: "["): bracket += 1
                case UInt8(ascii: "]"): bracket -= 1
                case UInt8(ascii: ">") where bracket <= 0:
                    index = cursor + 1
                    return true
                default: break
                }
                cursor += 1
            }
            return false
        }
        let pattern = Array(terminator.utf8)
        var cursor = open + 2
        while cursor + pattern.count <= bytes.count {
            if bytes[cursor] == pattern[0] && bytes[cursor..<cursor + pattern.count].elementsEqual(pattern) {
                index = cursor + pattern.count
                return true
            }
            cursor += 1
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func name(from start: Int) -> (String, Int) {
        var cursor = start
        while cursor < bytes.count, SVGTagScanner.isNameByte(bytes[cursor]), cursor - start < 256 { cursor += 1 }
        return (String(decoding: bytes[start..<cursor], as: UTF8.self), cursor)
    }

    private mutating func startTag(at open: Int) -> Element? {
        let (elementName, afterName) = name(from: open + 1)
        guard !elementName.isEmpty else { return nil }
        var attributes: [String: String] = [:]
        var cursor = afterName
        while cursor < bytes.count {
            while cursor < bytes.count, SVGTagScanner.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else { return nil }
            if bytes[cursor] == UInt8(ascii: ">") {
                index = cursor + 1
                return Element(name: elementName, attributes: attributes, selfClosing: false)
            }
            if bytes[cursor] == UInt8(ascii: "/") {
                guard cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: ">") else { return nil }
                index = cursor + 2
                return Element(name: elementName, attributes: attributes, selfClosing: true)
            }
            let (attribute, afterAttribute) = name(from: cursor)
            guard !attribute.isEmpty else { return nil }
            cursor = afterAttribute
            while cursor < bytes.count, SVGTagScanner.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { return nil }
            cursor += 1
            while cursor < bytes.count, SVGTagScanner.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'"),
                let close = bytes[(cursor + 1)...].firstIndex(of: bytes[cursor])
            else { return nil }
            if attributes.count < 256 { attributes[attribute] = SVGTagScanner.decodeEntities(bytes[(cursor + 1)..<close]) }
            cursor = close + 1
        }
        return nil
    }

    /// The character data up to `</name>`, entities decoded and white space collapsed.
    private mutating func text(until name: String) -> String? {
        var raw: [UInt8] = []
        while index < bytes.count {
            if startsWith("<![CDATA[", at: index) {
                let start = index + 9
                guard skipSpecial(at: index) else { return nil }
                raw.append(contentsOf: bytes[start..<max(start, index - 3)])
                continue
            }
            if bytes[index] == UInt8(ascii: "<") {
                guard startsWith("</", at: index) else { return nil }
                break
            }
            raw.append(bytes[index])
            index += 1
            if raw.count > 4096 { break }
        }
        let decoded = SVGTagScanner.decodeEntities(raw[...])
        let collapsed = decoded.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        return String(PreviewText.sanitized(collapsed).prefix(1000))
    }

    /// Decodes the five predefined entities and character references; others stay as written.
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            var replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                }
            }
            if let replacement {
                out += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        return out + rest
    }
}
