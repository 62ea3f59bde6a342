/// Something a format parser found in a file: where (the file, the line, the key or element
/// path), what kind (a code) and why (a reason for people).
///
/// The same shape serves both outcomes, told apart by `Kind`: a file that cannot be read at all
/// (``CatalogFormatError``, thrown) and a part of a usable file that was skipped or repaired
/// (``CatalogFormatWarning``, collected). Each kind has its own set of codes.
///
/// ```swift
/// let warning = CatalogFormatWarning(code: .emptyString, source: "iina.plist", key: "CFBundleTypeName", reason: "empty string skipped")
/// print(warning) // "iina.plist: CFBundleTypeName: empty string skipped"
/// ```
///
/// `description` is meant for people and its exact wording may change; match on `code`.
public struct FormatIssue<Kind: FormatIssueKind>: Sendable, Equatable, CustomStringConvertible {
    /// What kind of issue this is: an extensible set of named constants, one set per `Kind`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, such as `"malformedXML"` or `"emptyString"`.
        public var rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of issue this is.
    public var code: Code
    /// The file concerned, as the caller named it (usually its path).
    public var source: String
    /// The key, key path (`CFBundleDocumentTypes[2].LSItemContentTypes`) or element concerned, if known.
    public var key: String?
    /// The 1-based line, if the format has lines and it is known.
    public var line: Int?
    /// What went wrong, or what was skipped and why, for people.
    public var reason: String

    /// Creates an issue.
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
