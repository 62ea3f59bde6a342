/// Something a tolerant parser skipped or repaired while reading a messy but usable file.
///
/// Real files are messy (empty strings in lists, a wrong value type for one key, duplicate keys):
/// parsers import what is sound and report the rest as warnings, so the importer can show them.
///
/// ```swift
/// let document = try InfoPlistDocument.parse(bytes, source: path)
/// for warning in document.warnings { print(warning) } // "iina.plist: CFBundleDocumentTypes[3].LSItemContentTypes[0]: empty string skipped"
/// ```
///
/// It is a ``FormatIssue`` of kind ``FormatRepair``: the shape it shares with ``CatalogFormatError``,
/// and the codes below.
public typealias CatalogFormatWarning = FormatIssue<FormatRepair>

/// The kinds of repair.
extension CatalogFormatWarning.Code {
    /// An empty string in a list or as a value; it was skipped.
    public static let emptyString = Self(rawValue: "emptyString")
    /// A value had the wrong type for its key (an array where a string belongs); it was skipped.
    public static let wrongValueType = Self(rawValue: "wrongValueType")
    /// A value had the right type but an unusable content (an unknown role, a bad boolean); it was
    /// skipped or replaced by the format's default.
    public static let invalidValue = Self(rawValue: "invalidValue")
    /// A key that the format does not define; it was kept but is not interpreted.
    public static let unknownKey = Self(rawValue: "unknownKey")
    /// A group that the format does not define; it was ignored.
    public static let unknownGroup = Self(rawValue: "unknownGroup")
    /// A key, group or list item appeared twice; the documented winner was kept.
    public static let duplicateKey = Self(rawValue: "duplicateKey")
    /// Text that is not valid UTF-8; the line or value was skipped.
    public static let invalidEncoding = Self(rawValue: "invalidEncoding")
    /// A line that is neither a group, a key-value pair nor a comment; it was skipped.
    public static let malformedLine = Self(rawValue: "malformedLine")
    /// Two statements in the same file disagree (an association both added and removed); the
    /// documented winner was kept.
    public static let conflictingAssociation = Self(rawValue: "conflictingAssociation")
    /// The file gives no way to identify the app (no bundle identifier and no name).
    public static let missingIdentity = Self(rawValue: "missingIdentity")
    /// An entry lacks a key it needs to be usable (a type declaration without an identifier, a
    /// desktop action without a group); the entry was skipped.
    public static let missingRequiredKey = Self(rawValue: "missingRequiredKey")
}
