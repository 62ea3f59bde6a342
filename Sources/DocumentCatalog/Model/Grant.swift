
/// A record that an app may use a file, and how: the hand-over's unit of permission.
///
/// Grant rules:
/// - an **inbox** grant (open-in) gives the receiver `read` and `delete` on a read-only copy in
///   its `Documents/Inbox`; it never gives `write` — to change the document the receiver moves
///   it out of the inbox, which turns the grant into an owned one;
/// - an **import** grant (picker import) covers a copy the app owns: `read`, `write`, `delete`;
/// - a **security-scoped** grant (picker open) covers the original file, with no copy; access
///   is bracketed by balanced start/stop calls and ends when revoked;
/// - a **provider** grant records that a document provider granted a file inside its storage
///   root to a requesting app.
public struct Grant: Sendable, Equatable {
    /// The kind of grant.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case inbox
        case `import`
        case securityScoped = "security-scoped"
        case provider
    }

    /// A right on the file.
    public enum Right: String, Sendable, Codable, CaseIterable, Comparable {
        case read
        case write
        case delete

        public static func < (lhs: Right, rhs: Right) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The grant's id (0 until stored).
    public var id: Int64
    /// The app that may use the file.
    public var appID: String
    /// The file.
    public var path: String
    /// The kind.
    public var kind: Kind
    /// The rights.
    public var rights: Set<Right>
    /// The app that handed the file over, if any.
    public var sourceApp: String?
    /// Where the file came from.
    public var originalPath: String?
    /// Its size in bytes at hand-over.
    public var size: Int64
    /// Its SHA-256 at hand-over (hex), when copied.
    public var sha256: String?
    /// The sender's annotation, as a property list (bytes), if any.
    public var annotation: [UInt8]?
    /// When, in seconds since 1970.
    public var createdAt: Double
    /// When it was revoked, if it was.
    public var revokedAt: Double?
    /// Open start-access calls not yet balanced by a stop (security-scoped grants).
    public var accessCount: Int
    /// The device of the file granted, when the grant was given for a copy it delivered: with
    /// ``inode``, ``size`` and ``sha256``, what a later access checks it is still that file.
    public var device: UInt64?
    /// The inode of the file granted (see ``device``).
    public var inode: UInt64?

    /// Creates a grant (not yet stored).
    public init(
        appID: String, path: String, kind: Kind, rights: Set<Right>, sourceApp: String? = nil, originalPath: String? = nil,
        size: Int64 = 0, sha256: String? = nil, annotation: [UInt8]? = nil, createdAt: Double, device: UInt64? = nil,
        inode: UInt64? = nil
    ) {
        self.id = 0
        self.appID = appID
        self.path = path
        self.kind = kind
        self.rights = rights
        self.sourceApp = sourceApp
        self.originalPath = originalPath
        self.size = size
        self.sha256 = sha256
        self.annotation = annotation
        self.createdAt = createdAt
        self.revokedAt = nil
        self.accessCount = 0
        self.device = device
        self.inode = inode
    }

    init(row: SQLiteRow) {
        id = row["id"]
        appID = row["app_id"]
        path = row["path"]
        kind = Kind(rawValue: row["kind"]) ?? .inbox
        rights = Set((row["rights"] as String).split(separator: ",").compactMap { Right(rawValue: String($0)) })
        sourceApp = row["source_app"]
        originalPath = row["original_path"]
        size = row["size"]
        sha256 = row["sha256"]
        annotation = row["annotation"] as [UInt8]?
        createdAt = row["created_at"]
        revokedAt = row["revoked_at"]
        accessCount = row["access_count"]
        device = (row["device"] as Int64?).map { UInt64(bitPattern: $0) }
        inode = (row["inode"] as Int64?).map { UInt64(bitPattern: $0) }
    }

    /// Whether the grant is live and includes `right`.
    public func allows(_ right: Right) -> Bool { revokedAt == nil && rights.contains(right) }
}

/// A request for an app known from an `Info.plist` to open a URL, queued until the app drains
/// it (as `application(_:open:options:)` would receive it).
public struct OpenRequest: Sendable, Equatable {
    /// The request's id (0 until stored).
    public var id: Int64
    /// The app that is to open the URL.
    public var appID: String
    /// The URL (a `file://` URL for documents).
    public var url: String
    /// The app that sent it.
    public var sourceApp: String?
    /// The sender's annotation, as property-list bytes.
    public var annotation: [UInt8]?
    /// Options, e.g. `open-in-place`.
    public var options: [String]
    /// The grant that goes with a document, if any.
    public var grantID: Int64?
    /// The uniform type identifier of the document, when the request carries one.
    public var typeIdentifier: String?
    /// When it was queued.
    public var createdAt: Double

    /// Creates a request (not yet stored).
    public init(
        appID: String, url: String, sourceApp: String? = nil, annotation: [UInt8]? = nil, options: [String] = [], grantID: Int64? = nil,
        typeIdentifier: String? = nil, createdAt: Double
    ) {
        self.id = 0
        self.appID = appID
        self.url = url
        self.sourceApp = sourceApp
        self.annotation = annotation
        self.options = options
        self.grantID = grantID
        self.typeIdentifier = typeIdentifier
        self.createdAt = createdAt
    }
}
