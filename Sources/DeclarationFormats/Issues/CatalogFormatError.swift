/// A file in one of the formats the catalog imports (property list, `Info.plist`, desktop entry,
/// `mimeapps.list`, shared-mime-info XML) could not be read.
///
/// The error names the file (`source`), where known the line and the key or element path, and a
/// human-readable reason. Parsers throw it as a typed error and never crash on hostile input.
///
/// ```swift
/// do { _ = try PropertyListParser.parse(bytes, source: "/apps/Foo.app/Contents/Info.plist") }
/// catch { print(error) } // "/apps/Foo.app/Contents/Info.plist:12: CFBundleDocumentTypes[0]: <string> is not closed"
/// ```
///
/// `description` is meant for people and its exact wording may change; match on `code`.
public struct CatalogFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: an extensible set of named constants.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, such as `"malformedXML"`.
        public var rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The code's name.
        public var description: String { rawValue }

        /// A property list is not well-formed (bad structure, bad value text, truncated binary data).
        public static let malformedPropertyList = Code(rawValue: "malformedPropertyList")
        /// A property list uses a feature this reader refuses (another binary version, null objects,
        /// a text encoding other than UTF-8).
        public static let unsupportedPropertyList = Code(rawValue: "unsupportedPropertyList")
        /// A property list is well-formed but is not a usable `Info.plist` (its root is not a dictionary,
        /// or the app has no identity when one is required).
        public static let malformedInfoPlist = Code(rawValue: "malformedInfoPlist")
        /// A desktop entry breaks the Desktop Entry Specification in a way that cannot be skipped.
        public static let malformedDesktopEntry = Code(rawValue: "malformedDesktopEntry")
        /// A `mimeapps.list` file cannot be read at all.
        public static let malformedMimeAppsList = Code(rawValue: "malformedMimeAppsList")
        /// An XML document is not well-formed (unclosed or mismatched elements, bad attributes, bad
        /// character references, text outside the root element).
        public static let malformedXML = Code(rawValue: "malformedXML")
        /// An XML document uses a construct that is refused on purpose: entity declarations, parameter
        /// entities, entity references other than the five predefined ones, encodings other than UTF-8.
        public static let unsupportedXML = Code(rawValue: "unsupportedXML")
        /// A shared-mime-info package is well-formed XML but its root is not `<mime-info>`.
        public static let malformedSharedMimeInfo = Code(rawValue: "malformedSharedMimeInfo")
        /// Text that must be UTF-8 is not.
        public static let invalidEncoding = Code(rawValue: "invalidEncoding")
        /// A key that the format requires is missing.
        public static let missingRequiredKey = Code(rawValue: "missingRequiredKey")
        /// A bound from ``CatalogFormatLimits`` was exceeded (document size, nesting depth, attribute
        /// count, object count, decoded size).
        public static let limitExceeded = Code(rawValue: "limitExceeded")
    }

    /// What kind of failure this is.
    public var code: Code
    /// The file that failed, as the caller named it (usually its path).
    public var source: String
    /// The key, key path (`CFBundleDocumentTypes[2].LSItemContentTypes`) or element that failed, if known.
    public var key: String?
    /// The 1-based line of the failure, if the format has lines and it is known.
    public var line: Int?
    /// Why it failed, for people.
    public var reason: String

    /// Creates an error.
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
