/// One value of a property list (XML or binary `Info.plist`, preferences, type declarations).
///
/// The cases mirror Core Foundation's property-list types. Binary-only object kinds are mapped the
/// way Core Foundation converts them to XML: a set becomes an ``array(_:)``, a keyed-archiver UID
/// becomes a dictionary `{"CF$UID": integer}`.
///
/// ```swift
/// let plist = try PropertyListParser.parse(bytes, source: path)
/// let identifier = plist["CFBundleIdentifier"]?.stringValue
/// ```
public indirect enum PropertyListValue: Sendable, Equatable {
    /// A `<string>` (binary: ASCII or UTF-16 string).
    case string(String)
    /// An `<integer>`; values outside `Int64` are refused by the parsers.
    case integer(Int64)
    /// A `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case bool(Bool)
    /// A `<date>`, as seconds since 2001-01-01T00:00:00Z (Core Foundation's reference date).
    case date(Double)
    /// A `<data>` blob (base64 in XML).
    case data([UInt8])
    /// An `<array>` (binary: also a set or an ordered set).
    case array([PropertyListValue])
    /// A `<dict>`: string keys in document order, with lookup by key.
    case dictionary(PropertyListDictionary)

    /// The string, if this is a ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is an ``integer(_:)``.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is a ``bool(_:)``.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an ``array(_:)``.
    public var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The dictionary, if this is a ``dictionary(_:)``.
    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The value for `key` if this is a dictionary that has it, else `nil`.
    public subscript(key: String) -> PropertyListValue? {
        dictionaryValue?[key]
    }

    /// The XML element name of this kind of value (`"string"`, `"dict"` …), for messages.
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dict"
        }
    }
}
