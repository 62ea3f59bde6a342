/// A bounded JSON reader (RFC 8259) for the small JSON files apps and sites publish.
///
/// Policy: the whole text must be one value with only white space around it; strings must be
/// UTF-8 with valid escapes (a lone surrogate escape is refused); nesting is limited to
/// ``maximumDepth`` and the input to the size the caller gives, so hostile input
/// costs bounded time and memory. Errors name the source and the byte offset.
///
/// ```swift
/// let value = try JSONReader.parse(Array(#"{"applinks": {"details": []}}"#.utf8), source: "aasa.json")
/// value["applinks"]?["details"]?.arrayValue?.count // 0
/// ```
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private let source: String
    private var offset = 0

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    /// Parses one JSON document.
    ///
    /// - Throws: ``CatalogFormatError`` `.malformedJSON` naming the source, the byte offset and
    ///   what was expected; `.limitExceeded` for too large or too deep a document.
    public static func parse(_ bytes: [UInt8], source: String, maximumSize: Int = 1 << 20) throws(CatalogFormatError) -> JSONValue {
        guard bytes.count <= maximumSize else {
            throw CatalogFormatError(code: .limitExceeded, source: source, reason: "\(bytes.count) bytes is over the limit of \(maximumSize)")
        }
        var reader = JSONReader(bytes: bytes, source: source)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.offset == bytes.count else { throw reader.failure("text after the end of the document") }
        return value
    }

    private func failure(_ reason: String) -> CatalogFormatError {
        CatalogFormatError(code: .malformedJSON, source: source, key: "byte \(offset)", reason: reason)
    }

    private mutating func skipSpace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 { offset += 1 }
    }

    private mutating func value(depth: Int) throws(CatalogFormatError) -> JSONValue {
        guard offset < bytes.count else { throw failure("the document ends where a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("a value was expected")
        }
    }

    private mutating func literal(_ word: StaticString) throws(CatalogFormatError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw failure("the document ends inside \(word)") }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { throw failure("\(word) was expected") }
        offset += count
    }

    private mutating func object(depth: Int) throws(CatalogFormatError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw CatalogFormatError(code: .limitExceeded, source: source, key: "byte \(offset)", reason: "nested deeper than \(Self.maximumDepth)")
        }
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("a member name in quotes was expected") }
            let key = try string()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("':' was expected after a member name") }
            offset += 1
            skipSpace()
            let item = try value(depth: depth)
            if seen.insert(key).inserted { members.append((key, item)) }
            skipSpace()
            guard offset < bytes.count else { throw failure("the document ends inside an object") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "}") else { throw failure("',' or '}' was expected") }
            offset += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(CatalogFormatError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw CatalogFormatError(code: .limitExceeded, source: source, key: "byte \(offset)", reason: "nested deeper than \(Self.maximumDepth)")
        }
        offset += 1
        var items: [JSONValue] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            guard offset < bytes.count else { throw failure("the document ends inside an array") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "]") else { throw failure("',' or ']' was expected") }
            offset += 1
            return .array(items)
        }
    }

    private mutating func number() throws(CatalogFormatError) -> String {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard digits() > 0 else { throw failure("a digit was expected") }
        if bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0"), offset - start > (bytes[start] == UInt8(ascii: "-") ? 2 : 1) {
            throw failure("a number may not begin with 0")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw failure("a digit was expected after '.'") }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw failure("a digit was expected in the exponent") }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func digits() -> Int {
        let start = offset
        while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 { offset += 1 }
        return offset - start
    }

    private mutating func string() throws(CatalogFormatError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        while true {
            guard offset < bytes.count else { throw failure("the document ends inside a string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                try appendRun(bytes[runStart..<offset], to: &scalars)
                offset += 1
                if byte == UInt8(ascii: "\"") { return String(scalars) }
                scalars.append(try escape())
                runStart = offset
                continue
            }
            guard byte >= 0x20 else { throw failure("a control character inside a string must be escaped") }
            offset += 1
        }
    }

    private func appendRun(_ run: ArraySlice<UInt8>, to scalars: inout String.UnicodeScalarView) throws(CatalogFormatError) {
        guard !run.isEmpty else { return }
        var decoder = UTF8()
        var iterator = run.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return
            case .error: throw failure("a string is not valid UTF-8")
            }
        }
    }

    private mutating func escape() throws(CatalogFormatError) -> Unicode.Scalar {
        guard offset < bytes.count else { throw failure("the document ends inside an escape") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            if first >= 0xD800 && first < 0xDC00 {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw failure("a high surrogate escape is not followed by a low one")
                }
                offset += 2
                let second = try hexQuad()
                guard second >= 0xDC00 && second < 0xE000 else { throw failure("a high surrogate escape is not followed by a low one") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure("a lone low surrogate escape") }
            return scalar
        default: throw failure("'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape")
        }
    }

    private mutating func hexQuad() throws(CatalogFormatError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("the document ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("\\u needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}

extension CatalogFormatError.Code {
    /// A JSON document is not well-formed.
    public static let malformedJSON = Self(rawValue: "malformedJSON")
    /// A JSON document is well-formed but is not a usable `apple-app-site-association` file.
    public static let malformedSiteAssociation = Self(rawValue: "malformedSiteAssociation")
}
