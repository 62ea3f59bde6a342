/// The root element of an XML document, read from a bounded prefix: its local name and
/// namespace, which shared-mime-info's root-XML rules map to a type (`interface` → GtkBuilder,
/// `svg` in the SVG namespace → SVG …).
struct XMLRootElement: Equatable {
    var namespace: String
    var localName: String

    /// Reads the root element from the start of a document: skips a byte-order mark, the XML
    /// declaration, processing instructions, comments and a document type declaration. `nil`
    /// when the prefix ends first or is not XML.
    static func read(_ bytes: UnsafeRawBufferPointer) -> XMLRootElement? {
        var index = 0
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        func skipSpace() { while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        func starts(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            guard index + utf8.count <= count else { return false }
            for (offset, byte) in utf8.enumerated() where bytes[index + offset] != byte { return false }
            return true
        }
        func skip(past terminator: String) -> Bool {
            let utf8 = Array(terminator.utf8)
            while index + utf8.count <= count {
                if starts(terminator) {
                    index += utf8.count
                    return true
                }
                index += 1
            }
            return false
        }
        while true {
            skipSpace()
            guard index < count, bytes[index] == UInt8(ascii: "<") else { return nil }
            if starts("<?") {
                guard skip(past: "?>") else { return nil }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return nil }
            } else if starts("<!DOCTYPE") || starts("<!doctype") {
                var depth = 0
                while index < count {
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") { depth -= 1 }
                    if byte == UInt8(ascii: ">") && depth <= 0 { break }
                }
            } else {
                break
            }
        }
        index += 1
        func name() -> String? {
            let start = index
            while index < count, !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "=")].contains(bytes[index])) { index += 1 }
            guard index > start, index < count else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        guard let qualified = name() else { return nil }
        let prefix = qualified.contains(":") ? String(qualified.prefix { $0 != ":" }) : ""
        let local = qualified.contains(":") ? String(qualified.drop { $0 != ":" }.dropFirst()) : qualified
        var namespace = ""
        // Attributes, looking for the namespace of the element's prefix.
        while index < count {
            skipSpace()
            guard index < count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { break }
            guard let attribute = name() else { return nil }
            skipSpace()
            guard index < count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            skipSpace()
            guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < count, bytes[index] != quote { index += 1 }
            guard index < count else { return nil }
            let value = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            if (prefix.isEmpty && attribute == "xmlns") || (!prefix.isEmpty && attribute == "xmlns:" + prefix) { namespace = value }
        }
        return XMLRootElement(namespace: namespace, localName: local)
    }
}

/// shared-mime-info's root-XML rules: which type an XML document with a given root element is.
enum XMLRootElementTable {
    /// namespace + "\u{1}" + local name → identifier.
    static let rules: [String: String] = {
        var rules: [String: String] = [:]
        let text = table.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            rules[fields[0] + "\u{1}" + fields[1]] = String(fields[2])
        }
        return rules
    }()

    /// The type identifier for a root element, matching the namespace exactly, or a rule with an
    /// empty namespace by local name alone.
    static func identifier(for root: XMLRootElement) -> String? {
        rules[root.namespace + "\u{1}" + root.localName] ?? rules["\u{1}" + root.localName]
    }
}
