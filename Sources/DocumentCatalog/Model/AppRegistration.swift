public import DeclarationFormats
public import UniformTypes

/// Everything the catalog stores about one app: who it is, how to launch it, which documents
/// and URL schemes it handles, and the types it declares. Importers produce it from an
/// `Info.plist` or a desktop entry; ``DocumentCatalog/register(_:)`` stores it.
@dynamicMemberLookup
public struct AppRegistration: Sendable, Equatable {
    /// How an app is known and launched.
    public typealias Kind = AppRecord.Kind

    /// Who the app is and how it is launched; its fields read as the registration's own
    /// (`registration.name`).
    public var record: AppRecord

    /// The document types claimed, in declaration order.
    public var documentClaims: [DocumentClaim]
    /// The URL schemes handled.
    public var urlClaims: [URLSchemeClaim]
    /// The URL schemes the app asks `canOpenURL` about (`LSApplicationQueriesSchemes`).
    public var queriedSchemes: [String]
    /// Types the app declares (exported or imported).
    public var declaredTypes: [TypeDeclaration]
    /// The app groups the app declares it belongs to (see `AppGroupDeclarations`).
    public var appGroups: [String] = []
    /// The share and action extensions the app declares (see `ShareExtensionDeclaration`).
    public var shareExtensions: [ShareExtensionDeclaration] = []
    /// The domains the app claims for universal links (see `AssociatedDomain`).
    public var associatedDomains: [AssociatedDomain] = []

    /// Creates a registration.
    public init(
        id: String, kind: Kind, name: String, version: String? = nil, sourcePath: String, origin: String = "user",
        exec: String? = nil, tryExec: String? = nil, terminal: Bool = false, hidden: Bool = false, noDisplay: Bool = false,
        onlyShowIn: [String] = [], notShowIn: [String] = [], icon: String? = nil, documentClaims: [DocumentClaim] = [],
        urlClaims: [URLSchemeClaim] = [], queriedSchemes: [String] = [], declaredTypes: [TypeDeclaration] = []
    ) {
        self.init(
            record: AppRecord(
                id: id, kind: kind, name: name, version: version, sourcePath: sourcePath, origin: origin, exec: exec,
                tryExec: tryExec, terminal: terminal, hidden: hidden, noDisplay: noDisplay, onlyShowIn: onlyShowIn,
                notShowIn: notShowIn, icon: icon),
            documentClaims: documentClaims, urlClaims: urlClaims, queriedSchemes: queriedSchemes, declaredTypes: declaredTypes)
    }

    /// Creates a registration of an app record and its declarations.
    public init(
        record: AppRecord, documentClaims: [DocumentClaim] = [], urlClaims: [URLSchemeClaim] = [], queriedSchemes: [String] = [],
        declaredTypes: [TypeDeclaration] = []
    ) {
        self.record = record
        self.documentClaims = documentClaims
        self.urlClaims = urlClaims
        self.queriedSchemes = queriedSchemes
        self.declaredTypes = declaredTypes
    }

    /// A field of the app's ``record``.
    @inlinable
    public subscript<Value>(dynamicMember field: WritableKeyPath<AppRecord, Value>) -> Value {
        get { record[keyPath: field] }
        set { record[keyPath: field] = newValue }
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
