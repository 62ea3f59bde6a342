/// One entry of `CFBundleURLTypes`: URL schemes an app handles.
///
/// Real files put `CFBundleTypeRole` (and sometimes `LSHandlerRank`) inside URL types; both are read.
///
/// ```swift
/// let schemes = document.urlTypes.flatMap(\.schemes) // ["magnet"]
/// ```
public struct URLTypeDeclaration: Sendable, Equatable {
    /// The entry's position in `CFBundleURLTypes` (0-based), for messages.
    public var index: Int
    /// `CFBundleURLName`: an abstract name, usually reverse-DNS.
    public var name: String?
    /// `CFBundleURLSchemes`, without empty strings.
    public var schemes: [String]
    /// `CFBundleTypeRole` as written inside the URL type, if any.
    public var declaredRole: DocumentRole?
    /// `LSHandlerRank` inside the URL type, if any.
    public var handlerRank: HandlerRank?
    /// `CFBundleURLIconFile`.
    public var iconFile: String?

    /// Creates an entry.
    public init(
        index: Int, name: String? = nil, schemes: [String] = [], declaredRole: DocumentRole? = nil,
        handlerRank: HandlerRank? = nil, iconFile: String? = nil
    ) {
        self.index = index
        self.name = name
        self.schemes = schemes
        self.declaredRole = declaredRole
        self.handlerRank = handlerRank
        self.iconFile = iconFile
    }

    /// The effective role: ``declaredRole``, or ``DocumentRole/missingKeyDefault`` when missing.
    public var role: DocumentRole { declaredRole ?? .missingKeyDefault }

    /// Whether any string of the entry holds an unresolved build variable.
    public var hasUnresolvedBuildVariable: Bool {
        ([name, iconFile].compactMap { $0 } + schemes).contains(where: BuildVariables.containsUnresolved)
    }
}
