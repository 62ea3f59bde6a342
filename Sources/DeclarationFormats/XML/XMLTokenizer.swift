/// A small, bounded, entity-safe XML pull tokenizer over UTF-8 bytes, shared by the XML property-list
/// reader and the shared-mime-info reader.
///
/// Policy (why it exists instead of a general XML parser):
/// - byte-level scanning; names, text and attribute values are byte ranges into the document and are
///   decoded into `String` only when a consumer asks, so skipped content costs almost nothing;
/// - no DTD processing: a `<!DOCTYPE>` is skipped, its internal subset is scanned only to find its end,
///   and any `<!ENTITY` declaration or parameter-entity reference is refused
///   (``CatalogFormatError/Code/unsupportedXML``), so entity-expansion attacks ("billion laughs") and
///   external entities cannot happen;
/// - only the five predefined entities (`&lt; &gt; &amp; &apos; &quot;`) and numeric character
///   references (`&#65; &#x41;`) are decoded; any other reference is refused;
/// - well-formedness is checked where it matters: one root element, matching end tags, quoted and
///   unique attributes, nothing but comments, processing instructions and white space outside the root;
/// - nesting depth and attributes per element are bounded by ``CatalogFormatLimits``;
/// - UTF-8 only (a UTF-8 byte-order mark is skipped; other declared encodings are refused).
///
/// Namespaces are not interpreted: names are compared as written (`xml:lang`).
struct XMLTokenizer {
    /// One piece of the document.
    enum Token: Equatable {
        /// A start tag; its attributes are in ``XMLTokenizer/attributes`` until the next call.
        /// A self-closing tag (`<a/>`) is reported as a start followed by an end.
        case startElement(name: Range<Int>)
        /// An end tag (or the end of a self-closing tag).
        case endElement(name: Range<Int>)
        /// Character data inside the root element. `needsDecoding` is set when it holds `&` or CR.
        case text(Range<Int>, needsDecoding: Bool, isWhitespace: Bool)
        /// A CDATA section's content, taken literally.
        case cdata(Range<Int>)
        /// The end of a well-formed document.
        case endOfDocument
    }

    /// One attribute of the current start tag.
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        var needsDecoding: Bool
    }

    let bytes: [UInt8]
    let source: String
    let limits: CatalogFormatLimits
    /// The byte offset of the next unread byte.
    private(set) var position: Int = 0
    /// The attributes of the most recent start tag.
    private(set) var attributes: [Attribute] = []
    /// The byte offset of the most recent token's first byte.
    private(set) var tokenStart: Int = 0
    private var openElements: [Range<Int>] = []
    private var pendingSelfClose: Range<Int>?
    private var sawRoot = false
    private var finishedRoot = false
    private var sawDoctype = false
    private var lineCacheOffset = 0
    private var lineCacheLine = 1

    /// Creates a tokenizer; refuses documents over the size limit and UTF-16 documents.
    init(bytes: [UInt8], source: String, limits: CatalogFormatLimits) throws(CatalogFormatError) {
        self.bytes = bytes
        self.source = source
        self.limits = limits
        try limits.checkDocumentSize(bytes.count, source: source)
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw CatalogFormatError(
                code: .unsupportedXML, source: source, line: 1,
                reason: "UTF-16 documents are not supported (UTF-8 only)")
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
    }

    /// The number of elements currently open (the depth of the last start tag).
    var depth: Int { openElements.count }

    // MARK: - Tokens

    /// Reads the next token.
    mutating func next() throws(CatalogFormatError) -> Token {
        if let pending = pendingSelfClose {
            pendingSelfClose = nil
            closeElement()
            return .endElement(name: pending)
        }
        while true {
            tokenStart = position
            guard position < bytes.count else {
                if let open = openElements.last {
                    throw error("the document ends before <\(text(open))> is closed", at: position)
                }
                if !sawRoot { throw error("the document has no root element", at: position) }
                return .endOfDocument
            }
            if bytes[position] != UInt8(ascii: "<") {
                if let token = try scanText() { return token }
                continue
            }
            let next = peek(1)
            if next == UInt8(ascii: "?") {
                try skipProcessingInstruction()
            } else if next == UInt8(ascii: "!") {
                if let token = try scanMarkupDeclaration() { return token }
            } else if next == UInt8(ascii: "/") {
                return try scanEndTag()
            } else {
                return try scanStartTag()
            }
        }
    }

    private mutating func closeElement() {
        openElements.removeLast()
        if openElements.isEmpty { finishedRoot = true }
    }

    private func peek(_ distance: Int) -> UInt8? {
        let index = position + distance
        return index < bytes.count ? bytes[index] : nil
    }

    private func hasPrefix(_ literal: [UInt8], at offset: Int) -> Bool {
        guard offset + literal.count <= bytes.count else { return false }
        for (index, byte) in literal.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// The offset of `literal` at or after `offset`, or `nil`.
    private func find(_ literal: [UInt8], from offset: Int) -> Int? {
        guard let first = literal.first, literal.count <= bytes.count else { return nil }
        var index = offset
        let last = bytes.count - literal.count
        while index <= last {
            if bytes[index] == first, hasPrefix(literal, at: index) { return index }
            index += 1
        }
        return nil
    }

    private mutating func scanText() throws(CatalogFormatError) -> Token? {
        let start = position
        var needsDecoding = false
        var firstText: Int?
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") || byte == 0x0D { needsDecoding = true }
            if firstText == nil, !Self.isSpace(byte) { firstText = position }
            position += 1
        }
        let isWhitespace = firstText == nil
        if openElements.isEmpty {
            if let firstText {
                throw error(sawRoot ? "text after the root element" : "text before the root element", at: firstText)
            }
            return nil
        }
        return .text(start..<position, needsDecoding: needsDecoding, isWhitespace: isWhitespace)
    }

    private mutating func skipProcessingInstruction() throws(CatalogFormatError) {
        let start = position
        guard let end = find(Self.piEnd, from: position + 2) else {
            throw error("a processing instruction is not closed with ?>", at: start)
        }
        let target = position + 2
        var targetEnd = target
        while targetEnd < end, !Self.isSpace(bytes[targetEnd]) { targetEnd += 1 }
        if targetEnd - target == 3, Self.asciiLowercased(bytes[target..<targetEnd]) == Array("xml".utf8) {
            let atStart = start == 0 || (start == 3 && bytes[0] == 0xEF)
            guard atStart else { throw error("the XML declaration is not at the start of the document", at: start) }
            try checkDeclaredEncoding(targetEnd..<end)
        }
        position = end + 2
    }

    private func checkDeclaredEncoding(_ range: Range<Int>) throws(CatalogFormatError) {
        guard let keyword = find(Array("encoding".utf8), from: range.lowerBound), keyword < range.upperBound else {
            return
        }
        var index = keyword + 8
        while index < range.upperBound, bytes[index] == UInt8(ascii: "=") || Self.isSpace(bytes[index]) { index += 1 }
        guard index < range.upperBound else { return }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return }
        var end = index + 1
        while end < range.upperBound, bytes[end] != quote { end += 1 }
        let name = String(decoding: Self.asciiLowercased(bytes[(index + 1)..<end]), as: UTF8.self)
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name) else {
            throw CatalogFormatError(
                code: .unsupportedXML, source: source, line: lineNumber(at: index),
                reason: "encoding \"\(name)\" is not supported (UTF-8 only)")
        }
    }

    /// `<!--`, `<![CDATA[`, `<!DOCTYPE`; anything else starting with `<!` is refused.
    private mutating func scanMarkupDeclaration() throws(CatalogFormatError) -> Token? {
        let start = position
        if hasPrefix(Self.commentStart, at: position) {
            guard let end = find(Self.commentEnd, from: position + 4) else {
                throw error("a comment is not closed with -->", at: start)
            }
            position = end + 3
            return nil
        }
        if hasPrefix(Self.cdataStart, at: position) {
            guard !openElements.isEmpty else { throw error("a CDATA section outside the root element", at: start) }
            guard let end = find(Self.cdataEnd, from: position + 9) else {
                throw error("a CDATA section is not closed with ]]>", at: start)
            }
            position = end + 3
            return .cdata((start + 9)..<end)
        }
        if hasPrefix(Self.entityStart, at: position) {
            throw entityDeclarationError(at: start)
        }
        if hasPrefix(Self.doctypeStart, at: position) {
            guard !sawRoot, !sawDoctype else {
                throw error("a <!DOCTYPE> after the root element or a second one", at: start)
            }
            sawDoctype = true
            try skipDoctype()
            return nil
        }
        throw error("unexpected markup \"<!\"", at: start)
    }

    private func entityDeclarationError(at offset: Int) -> CatalogFormatError {
        CatalogFormatError(
            code: .unsupportedXML, source: source, key: "<!ENTITY>", line: lineNumber(at: offset),
            reason: "entity declarations are not supported")
    }

    /// Skips `<!DOCTYPE name ids [subset]>`. The internal subset may hold element, attribute-list and
    /// notation declarations, comments and processing instructions; entity declarations and
    /// parameter-entity references are refused.
    private mutating func skipDoctype() throws(CatalogFormatError) {
        let start = position
        position += Self.doctypeStart.count
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: ">"):
                position += 1
                return
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try skipQuoted()
            case UInt8(ascii: "["):
                position += 1
                try skipInternalSubset()
            default:
                position += 1
            }
        }
        throw error("a <!DOCTYPE> is not closed with >", at: start)
    }

    private mutating func skipQuoted() throws(CatalogFormatError) {
        let start = position
        let quote = bytes[position]
        position += 1
        while position < bytes.count, bytes[position] != quote { position += 1 }
        guard position < bytes.count else { throw error("a quoted literal is not closed", at: start) }
        position += 1
    }

    private mutating func skipInternalSubset() throws(CatalogFormatError) {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "]") {
                position += 1
                return
            } else if byte == UInt8(ascii: "%") {
                throw CatalogFormatError(
                    code: .unsupportedXML, source: source, key: "<!DOCTYPE>", line: lineNumber(at: position),
                    reason: "parameter entity references are not supported")
            } else if hasPrefix(Self.commentStart, at: position) {
                guard let end = find(Self.commentEnd, from: position + 4) else {
                    throw error("a comment is not closed with -->", at: position)
                }
                position = end + 3
            } else if hasPrefix(Self.piStart, at: position) {
                guard let end = find(Self.piEnd, from: position + 2) else {
                    throw error("a processing instruction is not closed with ?>", at: position)
                }
                position = end + 2
            } else if hasPrefix(Self.entityStart, at: position) {
                throw entityDeclarationError(at: position)
            } else if hasPrefix(Self.declarationStart, at: position) {
                let declaration = position
                position += 2
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
                    let inner = bytes[position]
                    if inner == UInt8(ascii: "\"") || inner == UInt8(ascii: "'") {
                        try skipQuoted()
                    } else if inner == UInt8(ascii: "%") {
                        throw CatalogFormatError(
                            code: .unsupportedXML, source: source, key: "<!DOCTYPE>", line: lineNumber(at: position),
                            reason: "parameter entity references are not supported")
                    } else {
                        position += 1
                    }
                }
                guard position < bytes.count else {
                    throw error("a markup declaration is not closed with >", at: declaration)
                }
                position += 1
            } else {
                throw error("unexpected character in the DTD internal subset", at: position)
            }
        }
        throw error("the DTD internal subset is not closed with ]", at: start)
    }

    private mutating func scanName() throws(CatalogFormatError) -> Range<Int> {
        let start = position
        while position < bytes.count, !Self.isNameTerminator(bytes[position]) { position += 1 }
        guard position > start else {
            throw error("expected a name", at: start)
        }
        let first = bytes[start]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39) {
            throw error("\"\(text(start..<position))\" is not a valid name", at: start)
        }
        return start..<position
    }

    private mutating func skipSpaces() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    private mutating func scanEndTag() throws(CatalogFormatError) -> Token {
        let start = position
        position += 2
        let name = try scanName()
        _ = skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw error("the end tag </\(text(name))> is not closed with >", at: start)
        }
        position += 1
        guard let open = openElements.last else {
            throw error("the end tag </\(text(name))> has no start tag", at: start)
        }
        guard equal(open, name) else {
            throw error("the end tag </\(text(name))> does not match <\(text(open))>", at: start)
        }
        closeElement()
        return .endElement(name: name)
    }

    private mutating func scanStartTag() throws(CatalogFormatError) -> Token {
        let start = position
        guard !finishedRoot else { throw error("a second root element", at: start) }
        position += 1
        let name = try scanName()
        attributes.removeAll(keepingCapacity: true)
        while true {
            let spaced = skipSpaces()
            guard position < bytes.count else {
                throw error("the start tag <\(text(name))> is not closed", at: start)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard peek(1) == UInt8(ascii: ">") else { throw error("expected /> in <\(text(name))>", at: position) }
                position += 2
                pendingSelfClose = name
                break
            }
            guard spaced else {
                throw error("expected white space before an attribute in <\(text(name))>", at: position)
            }
            try scanAttribute(in: name)
        }
        guard openElements.count < limits.maximumDepth else {
            throw CatalogFormatError(
                code: .limitExceeded, source: source, key: "<\(text(name))>", line: lineNumber(at: start),
                reason: "elements are nested deeper than the limit of \(limits.maximumDepth)")
        }
        openElements.append(name)
        sawRoot = true
        return .startElement(name: name)
    }

    private mutating func scanAttribute(in element: Range<Int>) throws(CatalogFormatError) {
        let attributeStart = position
        let name = try scanName()
        _ = skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw error("the attribute \(text(name)) in <\(text(element))> has no value", at: attributeStart)
        }
        position += 1
        _ = skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            throw error("the value of attribute \(text(name)) in <\(text(element))> is not quoted", at: attributeStart)
        }
        let quote = bytes[position]
        position += 1
        let valueStart = position
        var needsDecoding = false
        while position < bytes.count, bytes[position] != quote {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                throw error("\"<\" in the value of attribute \(text(name)) in <\(text(element))>", at: position)
            }
            if byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D { needsDecoding = true }
            position += 1
        }
        guard position < bytes.count else {
            throw error("the value of attribute \(text(name)) in <\(text(element))> is not closed", at: attributeStart)
        }
        let value = valueStart..<position
        position += 1
        for existing in attributes where equal(existing.name, name) {
            throw error("the attribute \(text(name)) appears twice in <\(text(element))>", at: attributeStart)
        }
        guard attributes.count < limits.maximumAttributesPerElement else {
            throw CatalogFormatError(
                code: .limitExceeded, source: source, key: "<\(text(element))>", line: lineNumber(at: attributeStart),
                reason: "more than \(limits.maximumAttributesPerElement) attributes on one element")
        }
        attributes.append(Attribute(name: name, value: value, needsDecoding: needsDecoding))
    }

    // MARK: - Consumer helpers

    /// Whether the bytes in `range` spell `literal`.
    func matches(_ range: Range<Int>, _ literal: [UInt8]) -> Bool {
        guard range.count == literal.count else { return false }
        var index = range.lowerBound
        for byte in literal {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    private func equal(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var left = lhs.lowerBound
        var right = rhs.lowerBound
        while left < lhs.upperBound {
            if bytes[left] != bytes[right] { return false }
            left += 1
            right += 1
        }
        return true
    }

    /// The bytes of `range` as text for messages (invalid UTF-8 repaired).
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The current start tag's attribute named `name`, if present.
    func attribute(_ name: [UInt8]) -> Attribute? {
        for attribute in attributes where matches(attribute.name, name) { return attribute }
        return nil
    }

    /// The decoded value of the current start tag's attribute named `name`, if present.
    func attributeValue(_ name: [UInt8]) throws(CatalogFormatError) -> String? {
        guard let attribute = attribute(name) else { return nil }
        return try decode(attribute.value, needsDecoding: attribute.needsDecoding, isAttribute: true)
    }

    /// Reads the content of the element whose start tag was just returned, up to and including its end
    /// tag, as decoded text. A child element is an error.
    mutating func readTextContent(of element: Range<Int>) throws(CatalogFormatError) -> String {
        // Appending in place keeps text split by many comments or CDATA sections linear.
        var result = ""
        while true {
            switch try next() {
            case .text(let range, let needsDecoding, _):
                result += try decode(range, needsDecoding: needsDecoding, isAttribute: false)
            case .cdata(let range):
                result += try decode(range, needsDecoding: false, isAttribute: false)
            case .endElement:
                return result
            case .startElement(let child):
                throw error("unexpected element <\(text(child))> inside <\(text(element))>", at: tokenStart)
            case .endOfDocument:
                throw error("the document ends inside <\(text(element))>", at: position)
            }
        }
    }

    /// Skips the content of the element whose start tag was just returned, up to and including its end tag.
    mutating func skipElement() throws(CatalogFormatError) {
        let target = depth - 1
        while true {
            switch try next() {
            case .endElement where depth == target:
                return
            case .endOfDocument:
                throw error("the document ends inside an element", at: position)
            default:
                continue
            }
        }
    }

    /// Decodes character data or an attribute value: entity and character references, line ends, and
    /// (for attributes) white-space normalisation; then validates UTF-8.
    func decode(_ range: Range<Int>, needsDecoding: Bool, isAttribute: Bool) throws(CatalogFormatError) -> String {
        if !needsDecoding {
            guard let string = Self.string(validating: bytes[range]) else {
                throw encodingError(at: range.lowerBound)
            }
            return string
        }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"):
                index = try decodeReference(at: index, limit: range.upperBound, into: &output)
                continue
            case 0x0D:
                output.append(isAttribute ? 0x20 : 0x0A)
                if index + 1 < range.upperBound, bytes[index + 1] == 0x0A { index += 1 }
            case 0x09, 0x0A:
                output.append(isAttribute ? 0x20 : byte)
            default:
                output.append(byte)
            }
            index += 1
        }
        guard let string = Self.string(validating: output[...]) else {
            throw encodingError(at: range.lowerBound)
        }
        return string
    }

    /// A `String` from UTF-8 bytes, or `nil` if they are not valid UTF-8; ASCII takes a fast path.
    static func string(validating bytes: ArraySlice<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    private func encodingError(at offset: Int) -> CatalogFormatError {
        CatalogFormatError(
            code: .invalidEncoding, source: source, line: lineNumber(at: offset), reason: "text is not valid UTF-8")
    }

    /// Decodes the reference starting at `start` (`&`) and returns the offset after its `;`.
    private func decodeReference(
        at start: Int, limit: Int, into output: inout [UInt8]
    ) throws(CatalogFormatError) -> Int {
        var end = start + 1
        while end < limit, end - start <= 32, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < limit, bytes[end] == UInt8(ascii: ";") else {
            throw error("\"&\" does not start a complete entity or character reference", at: start)
        }
        let name = (start + 1)..<end
        if name.count > 1, bytes[name.lowerBound] == UInt8(ascii: "#") {
            var scalarValue: UInt32 = 0
            var digits = (name.lowerBound + 1)..<name.upperBound
            var radix: UInt32 = 10
            if bytes[digits.lowerBound] == UInt8(ascii: "x") {
                radix = 16
                digits = (digits.lowerBound + 1)..<digits.upperBound
            }
            guard !digits.isEmpty, digits.count <= 8 else {
                throw error("the character reference &\(text(name)); is malformed", at: start)
            }
            for index in digits {
                guard let digit = Self.digitValue(bytes[index], radix: radix) else {
                    throw error("the character reference &\(text(name)); is malformed", at: start)
                }
                scalarValue = scalarValue * radix + digit
            }
            guard Self.isXMLChar(scalarValue), let scalar = Unicode.Scalar(scalarValue) else {
                throw error("the character reference &\(text(name)); is not an allowed XML character", at: start)
            }
            UTF8.encode(scalar) { output.append($0) }
            return end + 1
        }
        switch String(decoding: bytes[name], as: UTF8.self) {
        case "lt": output.append(UInt8(ascii: "<"))
        case "gt": output.append(UInt8(ascii: ">"))
        case "amp": output.append(UInt8(ascii: "&"))
        case "apos": output.append(UInt8(ascii: "'"))
        case "quot": output.append(UInt8(ascii: "\""))
        default:
            throw CatalogFormatError(
                code: .unsupportedXML, source: source, key: "&\(text(name));", line: lineNumber(at: start),
                reason: "entity references other than the five predefined ones are not supported")
        }
        return end + 1
    }

    // MARK: - Lines and errors

    /// The 1-based line of `offset`, counted from the start of the document.
    func lineNumber(at offset: Int) -> Int {
        var line = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        return line
    }

    /// The 1-based line of `offset`; cheap when offsets only grow, as they do while reading.
    mutating func line(at offset: Int) -> Int {
        if offset < lineCacheOffset {
            lineCacheOffset = 0
            lineCacheLine = 1
        }
        let end = min(offset, bytes.count)
        var index = lineCacheOffset
        var line = lineCacheLine
        while index < end {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        lineCacheOffset = end
        lineCacheLine = line
        return line
    }

    /// A ``CatalogFormatError/Code/malformedXML`` error at `offset`, naming the innermost open element.
    func error(_ reason: String, at offset: Int) -> CatalogFormatError {
        CatalogFormatError(
            code: .malformedXML, source: source, key: openElements.last.map { "<\(text($0))>" },
            line: lineNumber(at: offset), reason: reason)
    }

    // MARK: - Byte classes

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func isNameTerminator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x09, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isXMLChar(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func asciiLowercased(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        slice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)
    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)
    private static let doctypeStart = Array("<!DOCTYPE".utf8)
    private static let entityStart = Array("<!ENTITY".utf8)
    private static let declarationStart = Array("<!".utf8)
    private static let piStart = Array("<?".utf8)
    private static let piEnd = Array("?>".utf8)
}
