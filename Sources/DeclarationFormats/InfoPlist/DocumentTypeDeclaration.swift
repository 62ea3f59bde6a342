/// One entry of `CFBundleDocumentTypes`: a kind of document an app says it can open.
///
/// Claims are by content type (`LSItemContentTypes`) or, in older files, by filename extension,
/// MIME type and OSType. Launch Services' rule: when `LSItemContentTypes` is present the legacy keys
/// are ignored; they are kept here and ``legacyKeysIgnored`` says so. Empty strings in lists are
/// skipped with a warning; the wildcard extension `*` and the wildcard OSType `****` are removed from
/// the lists and reported as ``matchesAllExtensions`` and ``matchesAllOSTypes``.
///
/// ```swift
/// for type in document.documentTypes where !type.legacyKeysIgnored {
///     print(type.name ?? "?", type.role, type.extensions)
/// }
/// ```
public struct DocumentTypeDeclaration: Sendable, Equatable {
    /// The entry's position in `CFBundleDocumentTypes` (0-based), for messages.
    public var index: Int
    /// `CFBundleTypeName`: the abstract name of the document type.
    public var name: String?
    /// `CFBundleTypeRole` as written, or `nil` when missing or not a known role.
    public var declaredRole: DocumentRole?
    /// `LSHandlerRank`, or `nil` when missing (Launch Services then assumes ``HandlerRank/default``).
    public var handlerRank: HandlerRank?
    /// Whether the entry has an `LSItemContentTypes` key at all (even if every item was skipped).
    public var declaresContentTypes: Bool
    /// `LSItemContentTypes`: the type identifiers claimed, in order, without empty strings.
    public var contentTypes: [String]
    /// `CFBundleTypeExtensions` without `*` and without empty strings (legacy).
    public var extensions: [String]
    /// Whether `CFBundleTypeExtensions` holds the wildcard `*` (any extension).
    public var matchesAllExtensions: Bool
    /// `CFBundleTypeMIMETypes` without empty strings (legacy).
    public var mimeTypes: [String]
    /// `CFBundleTypeOSTypes` without `****` and without empty strings (legacy).
    public var osTypes: [String]
    /// Whether `CFBundleTypeOSTypes` holds the wildcard `****` (any file type).
    public var matchesAllOSTypes: Bool
    /// `LSTypeIsPackage`: whether documents of this type are folders shown as files.
    public var isPackage: Bool?
    /// `CFBundleTypeIconFile`, else the first of `CFBundleTypeIconFiles`.
    public var iconFile: String?

    /// Creates a declaration.
    public init(
        index: Int, name: String? = nil, declaredRole: DocumentRole? = nil, handlerRank: HandlerRank? = nil,
        declaresContentTypes: Bool = false, contentTypes: [String] = [], extensions: [String] = [],
        matchesAllExtensions: Bool = false,
        mimeTypes: [String] = [], osTypes: [String] = [], matchesAllOSTypes: Bool = false,
        isPackage: Bool? = nil, iconFile: String? = nil
    ) {
        self.index = index
        self.name = name
        self.declaredRole = declaredRole
        self.handlerRank = handlerRank
        self.declaresContentTypes = declaresContentTypes || !contentTypes.isEmpty
        self.contentTypes = contentTypes
        self.extensions = extensions
        self.matchesAllExtensions = matchesAllExtensions
        self.mimeTypes = mimeTypes
        self.osTypes = osTypes
        self.matchesAllOSTypes = matchesAllOSTypes
        self.isPackage = isPackage
        self.iconFile = iconFile
    }

    /// The effective role: ``declaredRole``, or ``DocumentRole/missingKeyDefault`` (viewer) when missing.
    public var role: DocumentRole { declaredRole ?? .missingKeyDefault }

    /// The effective rank: ``handlerRank``, or ``HandlerRank/missingKeyDefault`` (default) when missing.
    public var effectiveHandlerRank: HandlerRank { handlerRank ?? .missingKeyDefault }

    /// Whether any legacy claim (extension, MIME type, OSType, or a wildcard) is present.
    public var hasLegacyClaims: Bool {
        !extensions.isEmpty || !mimeTypes.isEmpty || !osTypes.isEmpty || matchesAllExtensions || matchesAllOSTypes
    }

    /// True when usable `LSItemContentTypes` and legacy keys are both present: by Launch Services' rule
    /// the legacy keys are then ignored, and the importer should use ``contentTypes`` only.
    ///
    /// When `LSItemContentTypes` is present but every item was skipped (`[""]`, seen in real files),
    /// this is false: the legacy keys are the entry's only usable claims and the importer keeps them
    /// (``declaresContentTypes`` still tells that the key was there).
    public var legacyKeysIgnored: Bool { !contentTypes.isEmpty && hasLegacyClaims }

    /// Whether any string of the declaration holds an unresolved build variable such as `$(PRODUCT_NAME)`.
    public var hasUnresolvedBuildVariable: Bool {
        ([name, iconFile].compactMap { $0 } + contentTypes + extensions + mimeTypes + osTypes)
            .contains(where: BuildVariables.containsUnresolved)
    }
}
