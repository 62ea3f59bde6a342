/// Everything a declaration says about one type: its identifier, what it conforms to, the tags
/// that map outside names onto it, and how to present it.
///
/// Declarations come from the system catalog (Apple's system types merged with
/// shared-mime-info), from apps' `UTExportedTypeDeclarations` / `UTImportedTypeDeclarations`,
/// and from shared-mime-info packages that apps install. ``TypeGraph`` compiles them.
///
/// ```swift
/// let declaration = TypeDeclaration(
///     identifier: "com.example.sketch",
///     conformsTo: ["public.data", "public.image"],
///     tags: [.filenameExtension: ["sketch"], .mimeType: ["application/x-sketch"]],
///     tier: .exported)
/// ```
public struct TypeDeclaration: Hashable, Sendable, Codable {
    /// The declared identifier.
    public var identifier: TypeIdentifier
    /// The direct parents, in declaration order (multiple inheritance).
    public var conformsTo: [TypeIdentifier]
    /// Tags by class; within a class the first tag is the preferred one.
    public var tags: [TagClass: [String]]
    /// shared-mime-info globs that name files of this type, beyond the extension tags.
    public var filenamePatterns: [FilenamePattern]
    /// A human description such as `PNG image`.
    public var description: String
    /// An icon name (freedesktop icon naming) or icon file, if any.
    public var iconName: String?
    /// A URL with the format's reference documentation, if any.
    public var referenceURL: String?
    /// Where the declaration comes from.
    public var tier: DeclarationTier
    /// Which source declared it (`apple`, `freedesktop`, `openwith`, or an app's identifier).
    public var origin: String
    /// How well the declaration's facts were checked: `primary` (checked against Apple's own
    /// sources), `conflict`, `secondary`, `freedesktop`, `openwith`, or empty for apps.
    public var verification: String

    /// Creates a declaration.
    public init(
        identifier: TypeIdentifier,
        conformsTo: [TypeIdentifier] = [],
        tags: [TagClass: [String]] = [:],
        filenamePatterns: [FilenamePattern] = [],
        description: String = "",
        iconName: String? = nil,
        referenceURL: String? = nil,
        tier: DeclarationTier = .system,
        origin: String = "",
        verification: String = ""
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.tags = tags
        self.filenamePatterns = filenamePatterns
        self.description = description
        self.iconName = iconName
        self.referenceURL = referenceURL
        self.tier = tier
        self.origin = origin
        self.verification = verification
    }

    /// The filename extensions, preferred first.
    public var filenameExtensions: [String] { tags[.filenameExtension] ?? [] }
    /// The MIME types, preferred first.
    public var mimeTypes: [String] { tags[.mimeType] ?? [] }
}
