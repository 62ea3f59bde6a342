public import DeclarationFormats
public import UniformTypes

/// Everything the catalog stores about one app: who it is, how to launch it, which documents
/// and URL schemes it handles, and the types it declares. Importers produce it from an
/// `Info.plist` or a desktop entry; ``DocumentCatalog/register(_:)`` stores it.
public struct AppRegistration: Sendable, Equatable {
    /// How an app is known and launched.
    public enum Kind: String, Sendable, Codable {
        /// A freedesktop desktop entry, launched through its `Exec` line.
        case desktop
        /// An app declared by an `Info.plist`; it receives pending open requests.
        case bundle
    }

    /// The app's identifier: a desktop-file id (`org.gnome.eog.desktop`) or a bundle identifier.
    public var id: String
    /// How it is known and launched.
    public var kind: Kind
    /// Its display name.
    public var name: String
    /// Its version, if declared.
    public var version: String?
    /// The file it was registered from.
    public var sourcePath: String
    /// `user` for apps registered by hand, `system` for those `import-system` found.
    public var origin: String
    /// The desktop entry's `Exec` line.
    public var exec: String?
    /// The desktop entry's `TryExec`: the app is unavailable when this program is missing.
    public var tryExec: String?
    /// Whether it runs in a terminal.
    public var terminal: Bool
    /// `Hidden=true`: the entry is deleted; it handles nothing.
    public var hidden: Bool
    /// `NoDisplay=true`: not shown in menus, but still a handler.
    public var noDisplay: Bool
    /// Desktops the entry is shown in only (empty: all).
    public var onlyShowIn: [String]
    /// Desktops the entry is not shown in.
    public var notShowIn: [String]
    /// The icon name or file.
    public var icon: String?
    /// The document types claimed, in declaration order.
    public var documentClaims: [DocumentClaim]
    /// The URL schemes handled.
    public var urlClaims: [URLSchemeClaim]
    /// The URL schemes the app asks `canOpenURL` about (`LSApplicationQueriesSchemes`).
    public var queriedSchemes: [String]
    /// Types the app declares (exported or imported).
    public var declaredTypes: [TypeDeclaration]

    /// Creates a registration.
    public init(
        id: String, kind: Kind, name: String, version: String? = nil, sourcePath: String, origin: String = "user",
        exec: String? = nil, tryExec: String? = nil, terminal: Bool = false, hidden: Bool = false, noDisplay: Bool = false,
        onlyShowIn: [String] = [], notShowIn: [String] = [], icon: String? = nil, documentClaims: [DocumentClaim] = [],
        urlClaims: [URLSchemeClaim] = [], queriedSchemes: [String] = [], declaredTypes: [TypeDeclaration] = []
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.version = version
        self.sourcePath = sourcePath
        self.origin = origin
        self.exec = exec
        self.tryExec = tryExec
        self.terminal = terminal
        self.hidden = hidden
        self.noDisplay = noDisplay
        self.onlyShowIn = onlyShowIn
        self.notShowIn = notShowIn
        self.icon = icon
        self.documentClaims = documentClaims
        self.urlClaims = urlClaims
        self.queriedSchemes = queriedSchemes
        self.declaredTypes = declaredTypes
    }
}

/// One document type an app claims.
public struct DocumentClaim: Sendable, Equatable {
    /// How the claim names the type.
    public enum Kind: String, Sendable, Codable {
        /// A type identifier (`LSItemContentTypes`).
        case contentType = "content-type"
        /// A MIME type (`MimeType=` of a desktop entry, legacy `CFBundleTypeMIMETypes`).
        case mime
        /// A filename extension (legacy `CFBundleTypeExtensions`).
        case `extension`
        /// `*`: every file.
        case wildcard
    }

    /// How the claim names the type.
    public var kind: Kind
    /// The identifier, MIME type or extension as written.
    public var value: String
    /// The role the app takes for it.
    public var role: DocumentRole
    /// How strongly it claims it.
    public var rank: HandlerRank
    /// The document type's name (`CFBundleTypeName`), if any.
    public var typeName: String?

    /// Creates a claim.
    public init(kind: Kind, value: String, role: DocumentRole, rank: HandlerRank, typeName: String? = nil) {
        self.kind = kind
        self.value = value
        self.role = role
        self.rank = rank
        self.typeName = typeName
    }
}

/// One URL scheme an app handles.
public struct URLSchemeClaim: Sendable, Equatable {
    /// The scheme, lower case, without `:`.
    public var scheme: String
    /// The role (`CFBundleTypeRole` inside `CFBundleURLTypes`), Viewer when absent.
    public var role: DocumentRole
    /// The rank (`LSHandlerRank`), Default when absent.
    public var rank: HandlerRank
    /// The URL type's name, if any.
    public var name: String?
    /// Whether the handler accepts only HMAC-signed requests.
    public var requiresSignature: Bool
    /// The apps allowed to send it URLs (empty: any).
    public var allowedSources: [String]

    /// Creates a claim.
    public init(scheme: String, role: DocumentRole = .viewer, rank: HandlerRank = .default, name: String? = nil, requiresSignature: Bool = false, allowedSources: [String] = []) {
        self.scheme = scheme
        self.role = role
        self.rank = rank
        self.name = name
        self.requiresSignature = requiresSignature
        self.allowedSources = allowedSources
    }
}
