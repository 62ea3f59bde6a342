/// Reads shared-mime-info package files (`/usr/share/mime/packages/freedesktop.org.xml` and the small
/// files apps install next to it) into ``MimeTypeDefinition`` values.
///
/// The XML is read with the bounded, entity-safe ``XMLTokenizer`` (byte-level, no DTD processing,
/// `<!ENTITY` refused, depth and attribute-count limits); malformed XML is an error naming the file,
/// the line and the reason. The root must be `<mime-info>`.
///
/// Inside it, tolerant rules (warnings, never errors): a `<mime-type>` without a `type="x/y"` is
/// skipped; a `<glob>` without `pattern`, an `<alias>`/`<sub-class-of>` without `type` are skipped;
/// a bad `weight` takes the default 50. Unknown elements are skipped silently (packages may carry
/// extensions), and so are `<magic>`, `<treemagic>` and `<magic-deleteall/>`: content sniffing
/// compiles its own magic rules. Localized `<comment xml:lang=…>` are skipped.
///
/// ```swift
/// let package = try SharedMimeInfoParser.parse(bytes, source: "/usr/share/mime/packages/freedesktop.org.xml")
/// package.types.count // 851
/// ```
public enum SharedMimeInfoParser {
    /// The namespace of `<mime-info>`.
    public static let namespace = "http://www.freedesktop.org/standards/shared-mime-info"

    /// Parses a package file.
    public static func parse(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> SharedMimeInfoPackage {
        var reader = try Reader(tokenizer: XMLTokenizer(bytes: bytes, source: source, limits: limits))
        return try reader.read()
    }

    /// Parses a package file held in raw memory (copied once).
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> SharedMimeInfoPackage {
        try limits.checkDocumentSize(buffer.count, source: source)
        return try parse(Array(buffer), source: source, limits: limits)
    }

    private enum Names {
        static let mimeInfo = Array("mime-info".utf8)
        static let mimeType = Array("mime-type".utf8)
        static let comment = Array("comment".utf8)
        static let acronym = Array("acronym".utf8)
        static let expandedAcronym = Array("expanded-acronym".utf8)
        static let glob = Array("glob".utf8)
        static let globDeleteAll = Array("glob-deleteall".utf8)
        static let rootXML = Array("root-XML".utf8)
        static let alias = Array("alias".utf8)
        static let subClassOf = Array("sub-class-of".utf8)
        static let icon = Array("icon".utf8)
        static let genericIcon = Array("generic-icon".utf8)
        // Attributes.
        static let type = Array("type".utf8)
        static let xmlLang = Array("xml:lang".utf8)
        static let xmlns = Array("xmlns".utf8)
        static let pattern = Array("pattern".utf8)
        static let weight = Array("weight".utf8)
        static let caseSensitive = Array("case-sensitive".utf8)
        static let namespaceURI = Array("namespaceURI".utf8)
        static let localName = Array("localName".utf8)
        static let name = Array("name".utf8)
    }

    private struct Reader {
        var tokenizer: XMLTokenizer
        var warnings: [CatalogFormatWarning] = []

        init(tokenizer: XMLTokenizer) {
            self.tokenizer = tokenizer
        }

        var source: String { tokenizer.source }

        mutating func read() throws(CatalogFormatError) -> SharedMimeInfoPackage {
            var types: [MimeTypeDefinition] = []
            var sawRoot = false
            while true {
                switch try tokenizer.next() {
                case .startElement(let name):
                    if !sawRoot {
                        sawRoot = true
                        guard tokenizer.matches(name, Names.mimeInfo) else {
                            throw CatalogFormatError(
                                code: .malformedSharedMimeInfo, source: source, key: "<\(tokenizer.text(name))>",
                                line: tokenizer.lineNumber(at: tokenizer.tokenStart),
                                reason: "the root element is not <mime-info>")
                        }
                        if let xmlns = try tokenizer.attributeValue(Names.xmlns),
                            xmlns != SharedMimeInfoParser.namespace
                        {
                            warn(.invalidValue, "<mime-info>", "unexpected namespace \"\(xmlns)\"")
                        }
                    } else if tokenizer.matches(name, Names.mimeType) {
                        if let definition = try readMimeType() { types.append(definition) }
                    } else {
                        try tokenizer.skipElement()
                    }
                case .endElement, .text, .cdata:
                    continue
                case .endOfDocument:
                    return SharedMimeInfoPackage(source: source, types: types, warnings: CatalogFormatWarning.summarised(warnings))
                }
            }
        }

        private mutating func readMimeType() throws(CatalogFormatError) -> MimeTypeDefinition? {
            let line = tokenizer.line(at: tokenizer.tokenStart)
            guard let type = try tokenizer.attributeValue(Names.type), MimeAppsListParser.isMimeType(type) else {
                warn(
                    .missingRequiredKey, "<mime-type>", "a <mime-type> without a valid type=\"x/y\" skipped", line: line
                )
                try tokenizer.skipElement()
                return nil
            }
            var definition = MimeTypeDefinition(type: type, line: line)
            while true {
                switch try tokenizer.next() {
                case .endElement:
                    return definition
                case .text, .cdata:
                    continue
                case .endOfDocument:
                    throw tokenizer.error("the document ends inside <mime-type>", at: tokenizer.position)
                case .startElement(let name):
                    try readChild(name, into: &definition)
                }
            }
        }

        private mutating func readChild(
            _ name: Range<Int>, into definition: inout MimeTypeDefinition
        ) throws(CatalogFormatError) {
            if tokenizer.matches(name, Names.comment) || tokenizer.matches(name, Names.acronym)
                || tokenizer.matches(name, Names.expandedAcronym)
            {
                guard tokenizer.attribute(Names.xmlLang) == nil else {
                    try tokenizer.skipElement()
                    return
                }
                let text = try tokenizer.readTextContent(of: name)
                if tokenizer.matches(name, Names.comment) {
                    definition.comment = text
                } else if tokenizer.matches(name, Names.acronym) {
                    definition.acronym = text
                } else {
                    definition.expandedAcronym = text
                }
                return
            }
            if tokenizer.matches(name, Names.glob) {
                if let pattern = try required(Names.pattern, in: "glob") {
                    let weight = try number(Names.weight, in: "glob", default: MimeGlob.defaultWeight)
                    let caseSensitive = try flag(Names.caseSensitive, in: "glob")
                    definition.globs.append(MimeGlob(pattern: pattern, weight: weight, caseSensitive: caseSensitive))
                }
            } else if tokenizer.matches(name, Names.alias) {
                if let type = try required(Names.type, in: "alias") { definition.aliases.append(type) }
            } else if tokenizer.matches(name, Names.subClassOf) {
                if let type = try required(Names.type, in: "sub-class-of") { definition.parents.append(type) }
            } else if tokenizer.matches(name, Names.genericIcon) {
                definition.genericIcon = try required(Names.name, in: "generic-icon")
            } else if tokenizer.matches(name, Names.icon) {
                definition.icon = try required(Names.name, in: "icon")
            } else if tokenizer.matches(name, Names.rootXML) {
                let namespaceURI = try tokenizer.attributeValue(Names.namespaceURI) ?? ""
                if let localName = try required(Names.localName, in: "root-XML") {
                    definition.rootXML.append(MimeRootXML(namespaceURI: namespaceURI, localName: localName))
                }
            } else if tokenizer.matches(name, Names.globDeleteAll) {
                definition.deletesAllGlobs = true
            }
            try tokenizer.skipElement()
        }

        // MARK: - Attributes

        private mutating func required(_ attribute: [UInt8], in element: String) throws(CatalogFormatError) -> String? {
            if let value = try tokenizer.attributeValue(attribute), !value.isEmpty { return value }
            warn(
                .missingRequiredKey, "<\(element)>",
                "no \(String(decoding: attribute, as: UTF8.self)) attribute; the element is skipped")
            return nil
        }

        private mutating func number(
            _ attribute: [UInt8], in element: String, default fallback: Int
        ) throws(CatalogFormatError) -> Int {
            guard let text = try tokenizer.attributeValue(attribute) else { return fallback }
            guard let value = Int(text), (0...100).contains(value) else {
                warn(
                    .invalidValue, "<\(element)>",
                    "\(String(decoding: attribute, as: UTF8.self))=\"\(text)\" is not 0...100; \(fallback) is used")
                return fallback
            }
            return value
        }

        private mutating func flag(_ attribute: [UInt8], in element: String) throws(CatalogFormatError) -> Bool {
            guard let text = try tokenizer.attributeValue(attribute) else { return false }
            switch text {
            case "true", "1", "yes": return true
            case "false", "0", "no": return false
            default:
                warn(
                    .invalidValue, "<\(element)>",
                    "\(String(decoding: attribute, as: UTF8.self))=\"\(text)\" is not true or false; false is used")
                return false
            }
        }

        private mutating func warn(
            _ code: CatalogFormatWarning.Code, _ key: String, _ reason: String, line: Int? = nil
        ) {
            let line = line ?? tokenizer.line(at: tokenizer.tokenStart)
            warnings.append(CatalogFormatWarning(code: code, source: source, key: key, line: line, reason: reason))
        }
    }
}
