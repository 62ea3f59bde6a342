/// Something a tolerant parser skipped or repaired while reading a messy but usable file.
///
/// Real files are messy (empty strings in lists, a wrong value type for one key, duplicate keys):
/// parsers import what is sound and report the rest as warnings, so the importer can show them.
///
/// ```swift
/// let document = try InfoPlistDocument.parse(bytes, source: path)
/// for warning in document.warnings { print(warning) } // "iina.plist: CFBundleDocumentTypes[3].LSItemContentTypes[0]: empty string skipped"
/// ```
public struct CatalogFormatWarning: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem was skipped: an extensible set of named constants.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, such as `"emptyString"`.
        public var rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The code's name.
        public var description: String { rawValue }

        /// An empty string in a list or as a value; it was skipped.
        public static let emptyString = Code(rawValue: "emptyString")
        /// A value had the wrong type for its key (an array where a string belongs); it was skipped.
        public static let wrongValueType = Code(rawValue: "wrongValueType")
        /// A value had the right type but an unusable content (an unknown role, a bad boolean); it was
        /// skipped or replaced by the format's default.
        public static let invalidValue = Code(rawValue: "invalidValue")
        /// A key that the format does not define; it was kept but is not interpreted.
        public static let unknownKey = Code(rawValue: "unknownKey")
        /// A group that the format does not define; it was ignored.
        public static let unknownGroup = Code(rawValue: "unknownGroup")
        /// A key, group or list item appeared twice; the documented winner was kept.
        public static let duplicateKey = Code(rawValue: "duplicateKey")
        /// Text that is not valid UTF-8; the line or value was skipped.
        public static let invalidEncoding = Code(rawValue: "invalidEncoding")
        /// A line that is neither a group, a key-value pair nor a comment; it was skipped.
        public static let malformedLine = Code(rawValue: "malformedLine")
        /// Two statements in the same file disagree (an association both added and removed); the
        /// documented winner was kept.
        public static let conflictingAssociation = Code(rawValue: "conflictingAssociation")
        /// The file gives no way to identify the app (no bundle identifier and no name).
        public static let missingIdentity = Code(rawValue: "missingIdentity")
        /// An entry lacks a key it needs to be usable (a type declaration without an identifier, a
        /// desktop action without a group); the entry was skipped.
        public static let missingRequiredKey = Code(rawValue: "missingRequiredKey")
    }

    /// What kind of problem was skipped.
    public var code: Code
    /// The file, as the caller named it.
    public var source: String
    /// The key or key path concerned, if any.
    public var key: String?
    /// The 1-based line, if the format has lines.
    public var line: Int?
    /// What was skipped and why, for people.
    public var reason: String

    /// Creates a warning.
    public init(code: Code, source: String, key: String? = nil, line: Int? = nil, reason: String) {
        self.code = code
        self.source = source
        self.key = key
        self.line = line
        self.reason = reason
    }

    /// `<source>:<line>: <key>: <reason>`, leaving out the parts that are unknown.
    public var description: String {
        var text = source
        if let line { text += ":\(line)" }
        if let key { text += ": \(key)" }
        return text + ": " + reason
    }
}
