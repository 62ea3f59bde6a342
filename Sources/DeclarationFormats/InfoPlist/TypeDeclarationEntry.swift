/// One entry of `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations`: a uniform type
/// identifier that an app defines (exported) or relies on (imported).
///
/// `UTTypeConformsTo` and each tag of `UTTypeTagSpecification` may be a string or an array of strings
/// (both occur in real files); both are read as lists. Tag classes other than filename extension and
/// MIME type (`com.apple.ostype`, `com.apple.nspboard-type` …) are kept in ``tags``. Empty strings are
/// skipped with a warning.
///
/// ```swift
/// for type in document.exportedTypes {
///     print(type.identifier, type.conformsTo, type.filenameExtensions)
/// }
/// ```
public struct TypeDeclarationEntry: Sendable, Equatable {
    /// The tag class of filename extensions.
    public static let filenameExtensionTagClass = "public.filename-extension"
    /// The tag class of MIME types.
    public static let mimeTypeTagClass = "public.mime-type"

    /// The entry's position in its declaration array (0-based), for messages.
    public var index: Int
    /// `UTTypeIdentifier`, as written.
    public var identifier: String
    /// `UTTypeConformsTo`: the parent identifiers, in order.
    public var conformsTo: [String]
    /// `UTTypeTagSpecification`: tags by tag class, each list in order.
    public var tags: [String: [String]]
    /// `UTTypeDescription`.
    public var typeDescription: String?
    /// `UTTypeIconFile` followed by `UTTypeIconFiles`.
    public var iconFiles: [String]
    /// `UTTypeIcons.UTTypeIconName`, a named icon.
    public var iconName: String?
    /// `UTTypeIcons.UTTypeIconBadgeName`, the badge drawn on a generated icon.
    public var iconBadgeName: String?
    /// `UTTypeIcons.UTTypeIconBackgroundName`, the background of a generated icon.
    public var iconBackgroundName: String?
    /// `UTTypeIcons.UTTypeIconText`, the text drawn on a generated icon.
    public var iconText: String?
    /// `UTTypeReferenceURL`, a page describing the format.
    public var referenceURL: String?

    /// Creates an entry.
    public init(
        index: Int, identifier: String, conformsTo: [String] = [], tags: [String: [String]] = [:],
        typeDescription: String? = nil, iconFiles: [String] = [], iconName: String? = nil,
        iconBadgeName: String? = nil, iconBackgroundName: String? = nil, iconText: String? = nil,
        referenceURL: String? = nil
    ) {
        self.index = index
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.tags = tags
        self.typeDescription = typeDescription
        self.iconFiles = iconFiles
        self.iconName = iconName
        self.iconBadgeName = iconBadgeName
        self.iconBackgroundName = iconBackgroundName
        self.iconText = iconText
        self.referenceURL = referenceURL
    }

    /// The `public.filename-extension` tags.
    public var filenameExtensions: [String] { tags[Self.filenameExtensionTagClass] ?? [] }

    /// The `public.mime-type` tags.
    public var mimeTypes: [String] { tags[Self.mimeTypeTagClass] ?? [] }

    /// Whether any string of the entry holds an unresolved build variable such as `$(PRODUCT_BUNDLE_IDENTIFIER)`.
    public var hasUnresolvedBuildVariable: Bool {
        ([identifier, typeDescription, referenceURL].compactMap { $0 } + conformsTo + tags.values.flatMap { $0 })
            .contains(where: BuildVariables.containsUnresolved)
    }
}
