/// Reads an XML property list with ``XMLTokenizer``, iteratively (an explicit stack, no recursion), so
/// nesting is bounded by ``CatalogFormatLimits/maximumDepth`` and never by the thread's stack.
///
/// Rules: the root is `<plist>` holding one value, or a bare value element; `<dict>` alternates
/// `<key>` and value (a repeated key replaces the earlier value); text is allowed only inside
/// `<key>`, `<string>` and the scalar elements; unknown elements are errors.
enum PropertyListXMLReader {
    /// An open `<array>` or `<dict>`; mutated in place on the stack so appends never copy.
    private struct Container {
        var isDictionary: Bool
        var keys: [String] = []
        var values: [PropertyListValue] = []
        var pendingKey: String?

        init(isDictionary: Bool) { self.isDictionary = isDictionary }

        func makeValue() -> PropertyListValue {
            guard isDictionary else { return .array(values) }
            var dictionary = PropertyListDictionary()
            for (index, key) in keys.enumerated() { dictionary[key] = values[index] }
            return .dictionary(dictionary)
        }
    }

    static func read(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits
    ) throws(CatalogFormatError) -> PropertyListValue {
        // One extra level for the <plist> wrapper.
        var tokenLimits = limits
        tokenLimits.maximumDepth = limits.maximumDepth == Int.max ? Int.max : limits.maximumDepth + 1
        var tokenizer = try XMLTokenizer(bytes: bytes, source: source, limits: tokenLimits)
        var stack: [Container] = []
        var root: PropertyListValue?
        do throws(CatalogFormatError) {
            while true {
                switch try tokenizer.next() {
                case .startElement(let name):
                    if let value = try readElement(
                        name, tokenizer: &tokenizer, stack: &stack, root: root, limits: limits)
                    {
                        try deliver(value, to: &stack, root: &root, tokenizer: tokenizer)
                    }
                case .endElement(let name):
                    if tokenizer.matches(name, Names.dict) || tokenizer.matches(name, Names.array) {
                        guard let container = stack.popLast() else {
                            throw tokenizer.error("unbalanced </\(tokenizer.text(name))>", at: tokenizer.tokenStart)
                        }
                        if let pendingKey = container.pendingKey {
                            stack.append(container)
                            throw malformed("the key \"\(pendingKey)\" has no value", tokenizer: tokenizer)
                        }
                        try deliver(container.makeValue(), to: &stack, root: &root, tokenizer: tokenizer)
                    }
                case .text(_, _, let isWhitespace):
                    if !isWhitespace {
                        throw malformed("unexpected text outside a value element", tokenizer: tokenizer)
                    }
                case .cdata:
                    throw malformed("unexpected CDATA outside a value element", tokenizer: tokenizer)
                case .endOfDocument:
                    guard let root else {
                        throw CatalogFormatError(
                            code: .malformedPropertyList, source: source,
                            line: tokenizer.lineNumber(at: tokenizer.position),
                            reason: "the property list holds no value")
                    }
                    return root
                }
            }
        } catch {
            var located = error
            if located.key == nil || located.key?.hasPrefix("<") == true {
                let path = keyPath(stack)
                if !path.isEmpty { located.key = path }
            }
            throw located
        }
    }

    /// Handles a start tag: pushes containers (returning `nil`) or reads a scalar (returning it).
    private static func readElement(
        _ name: Range<Int>, tokenizer: inout XMLTokenizer, stack: inout [Container],
        root: PropertyListValue?, limits: CatalogFormatLimits
    ) throws(CatalogFormatError) -> PropertyListValue? {
        if tokenizer.matches(name, Names.plist) {
            guard stack.isEmpty, root == nil, tokenizer.depth == 1 else {
                throw malformed("<plist> is allowed only as the root element", tokenizer: tokenizer)
            }
            return nil
        }
        if tokenizer.matches(name, Names.dict) || tokenizer.matches(name, Names.array) {
            try checkKeyed(stack, tokenizer: tokenizer)
            guard stack.count < limits.maximumDepth else {
                throw CatalogFormatError(
                    code: .limitExceeded, source: tokenizer.source,
                    line: tokenizer.lineNumber(at: tokenizer.tokenStart),
                    reason: "containers are nested deeper than the limit of \(limits.maximumDepth)")
            }
            stack.append(Container(isDictionary: tokenizer.matches(name, Names.dict)))
            return nil
        }
        if tokenizer.matches(name, Names.key) {
            guard let top = stack.indices.last, stack[top].isDictionary else {
                throw malformed("<key> outside a <dict>", tokenizer: tokenizer)
            }
            if let pendingKey = stack[top].pendingKey {
                throw malformed("the key \"\(pendingKey)\" has no value", tokenizer: tokenizer)
            }
            stack[top].pendingKey = try tokenizer.readTextContent(of: name)
            return nil
        }
        try checkKeyed(stack, tokenizer: tokenizer)
        let elementStart = tokenizer.tokenStart
        if tokenizer.matches(name, Names.string) {
            return .string(try tokenizer.readTextContent(of: name))
        }
        if tokenizer.matches(name, Names.true) || tokenizer.matches(name, Names.false) {
            let content = try tokenizer.readTextContent(of: name)
            guard content.utf8.allSatisfy(XMLTokenizer.isSpace) else {
                throw malformed("<\(tokenizer.text(name))> must be empty", tokenizer: tokenizer, at: elementStart)
            }
            return .bool(tokenizer.matches(name, Names.true))
        }
        let kind = tokenizer.text(name)
        let content = try tokenizer.readTextContent(of: name)
        let parsed: PropertyListValue?
        switch kind {
        case "integer": parsed = parseInteger(content).map(PropertyListValue.integer)
        case "real": parsed = parseReal(content).map(PropertyListValue.real)
        case "date": parsed = parseDate(content).map(PropertyListValue.date)
        case "data": parsed = decodeBase64(content).map(PropertyListValue.data)
        default:
            throw malformed("unknown element <\(kind)>", tokenizer: tokenizer, at: elementStart)
        }
        guard let parsed else {
            let shown = content.count > 40 ? String(content.prefix(40)) + "…" : content
            throw malformed("invalid <\(kind)> value \"\(shown)\"", tokenizer: tokenizer, at: elementStart)
        }
        return parsed
    }

    /// Inside a dictionary, a value needs a key first.
    private static func checkKeyed(_ stack: [Container], tokenizer: XMLTokenizer) throws(CatalogFormatError) {
        if let top = stack.last, top.isDictionary, top.pendingKey == nil {
            throw malformed("a value in a <dict> without a <key> before it", tokenizer: tokenizer)
        }
    }

    private static func deliver(
        _ value: PropertyListValue, to stack: inout [Container], root: inout PropertyListValue?,
        tokenizer: XMLTokenizer
    ) throws(CatalogFormatError) {
        guard let top = stack.indices.last else {
            guard root == nil else { throw malformed("more than one top-level value", tokenizer: tokenizer) }
            root = value
            return
        }
        if stack[top].isDictionary {
            guard let pendingKey = stack[top].pendingKey else {
                throw malformed("a value in a <dict> without a <key> before it", tokenizer: tokenizer)
            }
            stack[top].keys.append(pendingKey)
            stack[top].pendingKey = nil
        }
        stack[top].values.append(value)
    }

    private static func keyPath(_ stack: [Container]) -> String {
        var path = ""
        for container in stack {
            if !container.isDictionary {
                path += "[\(container.values.count)]"
            } else if let pendingKey = container.pendingKey {
                path += path.isEmpty ? pendingKey : "." + pendingKey
            }
        }
        return path
    }

    private static func malformed(
        _ reason: String, tokenizer: XMLTokenizer, at offset: Int? = nil
    ) -> CatalogFormatError {
        CatalogFormatError(
            code: .malformedPropertyList, source: tokenizer.source,
            line: tokenizer.lineNumber(at: offset ?? tokenizer.tokenStart), reason: reason)
    }

    private enum Names {
        static let plist = Array("plist".utf8)
        static let dict = Array("dict".utf8)
        static let array = Array("array".utf8)
        static let key = Array("key".utf8)
        static let string = Array("string".utf8)
        static let `true` = Array("true".utf8)
        static let `false` = Array("false".utf8)
    }
}
