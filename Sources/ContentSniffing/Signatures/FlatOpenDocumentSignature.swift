import UniformTypes

/// Flat (single-file XML) OpenDocument: a root element `office:document` whose
/// `office:mimetype` attribute names the document kind.
///
/// The root element is found by skipping a UTF-8 byte-order mark, whitespace, the XML
/// declaration, processing instructions and comments within the text window; the attribute
/// must sit in the root's start tag. Only the four kinds that have flat types are answered
/// (text, spreadsheet, presentation, graphics); any other root is left to text classification
/// and its table of XML root elements.
enum FlatOpenDocumentSignature {
    /// The longest run of prolog (declaration, comments) looked through before the root.
    static let maxPrologLength = 2048

    static func check(_ probe: Probe) -> SignatureMatch? {
        let t = probe.textWindow
        guard let root = rootElementStart(t), t.has("<office:document", at: root),
            let next = t.byte(at: root + 16), ASCII.isWhitespace(next),
            let tagEnd = t.firstOffset(of: UInt8(ascii: ">"), from: root)
        else { return nil }
        let tag = t.slice(from: root, to: tagEnd)
        guard let attribute = tag.firstOffset(of: "office:mimetype=") else { return nil }
        let valueStart = attribute + 17
        guard let quote = tag.byte(at: valueStart - 1), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
            let valueEnd = tag.firstOffset(of: quote, from: valueStart)
        else { return nil }
        let value = tag.slice(from: valueStart, to: valueEnd)
        for (name, type) in kinds where value.count == name.utf8CodeUnitCount && value.has(name) {
            return SignatureMatch(type, .strong, "XML root office:document with office:mimetype \(name) (flat OpenDocument)")
        }
        return nil
    }

    /// The `office:mimetype` values that have flat types, and those types.
    static let kinds: [(StaticString, TypeIdentifier)] = [
        ("application/vnd.oasis.opendocument.text", KnownType.flatText),
        ("application/vnd.oasis.opendocument.spreadsheet", KnownType.flatSpreadsheet),
        ("application/vnd.oasis.opendocument.presentation", KnownType.flatPresentation),
        ("application/vnd.oasis.opendocument.graphics", KnownType.flatGraphics),
    ]

    /// The offset of the root element's `<`, past the prolog; `nil` when there is none in reach.
    private static func rootElementStart(_ t: UnsafeRawBufferPointer) -> Int? {
        var offset = t.has("\u{FEFF}") ? 3 : 0
        let limit = Swift.min(t.count, maxPrologLength)
        while offset < limit {
            guard let byte = t.byte(at: offset) else { return nil }
            if ASCII.isWhitespace(byte) {
                offset += 1
            } else if t.has("<?", at: offset) {
                guard let end = t.firstOffset(of: "?>", from: offset + 2, to: limit) else { return nil }
                offset = end + 2
            } else if t.has("<!--", at: offset) {
                guard let end = t.firstOffset(of: "-->", from: offset + 4, to: limit) else { return nil }
                offset = end + 3
            } else {
                return byte == UInt8(ascii: "<") ? offset : nil
            }
        }
        return nil
    }
}
