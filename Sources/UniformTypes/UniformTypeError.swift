/// An error of the type system: a malformed identifier or tag, an unknown type, or bad
/// declaration data.
///
/// Every error names what it is about — the offending value, and for declaration data the
/// file (or source name), the entry and the key — and says why. ``description`` is for
/// people and may change between versions; match on ``code``.
public struct UniformTypeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// An identifier that breaks the identifier syntax.
        public static let malformedIdentifier = Code("malformed identifier")
        /// A tag (extension, MIME type, filename) that cannot be used, e.g. an empty extension.
        public static let malformedTag = Code("malformed tag")
        /// An identifier that no declaration in the graph names.
        public static let unknownIdentifier = Code("unknown identifier")
        /// Declaration data that cannot be read or is inconsistent (a cycle, a bad field).
        public static let malformedDeclaration = Code("malformed declaration")
        /// A compiled graph image that cannot be used: unreadable, truncated, inconsistent, of
        /// another format version, or compiled from other declarations.
        public static let malformedImage = Code("malformed graph image")

        public var description: String { name }
    }

    /// The kind of failure.
    public var code: Code
    /// The value at fault: an identifier, a tag, a pattern.
    public var value: String
    /// Where the value came from, when it came from data: a file path or source name.
    public var source: String?
    /// The entry and key inside the source, e.g. `line 12, key conforms_to`.
    public var location: String?
    /// Why it failed, in words.
    public var reason: String

    /// Creates an error.
    public init(_ code: Code, value: String, source: String? = nil, location: String? = nil, reason: String) {
        self.code = code
        self.value = value
        self.source = source
        self.location = location
        self.reason = reason
    }

    public var description: String {
        var text = ""
        if let source { text += "\(source): " }
        if let location { text += "\(location): " }
        text += "\(code) '\(value)': \(reason)"
        return text
    }
}
