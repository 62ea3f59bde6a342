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
/// It is a ``FormatIssue`` of kind ``FormatRefusal``: the shape it shares with
/// ``CatalogFormatWarning``, and the codes below. `description` is meant for people and its exact
/// wording may change; match on `code`.
public typealias CatalogFormatError = FormatIssue<FormatRefusal>

/// A refusal is thrown, as a typed error.
extension FormatIssue: Error where Kind == FormatRefusal {}

/// The kinds of refusal.
extension CatalogFormatError.Code {
    /// A property list is not well-formed (bad structure, bad value text, truncated binary data).
    public static let malformedPropertyList = Self(rawValue: "malformedPropertyList")
    /// A property list uses a feature this reader refuses (another binary version, null objects,
    /// a text encoding other than UTF-8).
    public static let unsupportedPropertyList = Self(rawValue: "unsupportedPropertyList")
    /// A property list is well-formed but is not a usable `Info.plist` (its root is not a dictionary,
    /// or the app has no identity when one is required).
    public static let malformedInfoPlist = Self(rawValue: "malformedInfoPlist")
    /// A desktop entry breaks the Desktop Entry Specification in a way that cannot be skipped.
    public static let malformedDesktopEntry = Self(rawValue: "malformedDesktopEntry")
    /// A `mimeapps.list` file cannot be read at all.
    public static let malformedMimeAppsList = Self(rawValue: "malformedMimeAppsList")
    /// An XML document is not well-formed (unclosed or mismatched elements, bad attributes, bad
    /// character references, text outside the root element).
    public static let malformedXML = Self(rawValue: "malformedXML")
    /// An XML document uses a construct that is refused on purpose: entity declarations, parameter
    /// entities, entity references other than the five predefined ones, encodings other than UTF-8.
    public static let unsupportedXML = Self(rawValue: "unsupportedXML")
    /// A shared-mime-info package is well-formed XML but its root is not `<mime-info>`.
    public static let malformedSharedMimeInfo = Self(rawValue: "malformedSharedMimeInfo")
    /// Text that must be UTF-8 is not.
    public static let invalidEncoding = Self(rawValue: "invalidEncoding")
    /// A key that the format requires is missing.
    public static let missingRequiredKey = Self(rawValue: "missingRequiredKey")
    /// A bound from ``CatalogFormatLimits`` was exceeded (document size, nesting depth, attribute
    /// count, object count, decoded size).
    public static let limitExceeded = Self(rawValue: "limitExceeded")
}
