/// What the catalog holds about one domain's `apple-app-site-association` file: where it was
/// read from, when, until when it holds, and either the file (accepted) or why it was refused.
///
/// Policy: a refusal replaces an earlier accepted file, so a domain whose file turns malformed,
/// oversized, mistyped or redirected keeps no association, and says why.
public struct SiteAssociationRecord: Sendable, Equatable {
    /// Where the file came from.
    public enum Origin: String, Sendable, Equatable, Codable {
        /// Fetched over HTTPS from the domain.
        case https
        /// Given as a local file (`openwith url associate DOMAIN --file aasa.json`).
        case file
    }

    /// The domain, lower case.
    public var domain: String
    /// Where the file came from.
    public var origin: Origin
    /// The URL fetched or the file's path.
    public var source: String
    /// When it was read (seconds since 1970).
    public var checkedAt: Double
    /// Until when it holds (seconds since 1970); `nil`: until it is replaced (a local file).
    public var validUntil: Double?
    /// The file's bytes, when it was accepted.
    public var content: [UInt8]?
    /// Why it was refused, when it was.
    public var refusal: String?

    /// Creates a record.
    public init(domain: String, origin: Origin, source: String, checkedAt: Double, validUntil: Double?, content: [UInt8]?, refusal: String?) {
        self.domain = domain.lowercased()
        self.origin = origin
        self.source = source
        self.checkedAt = checkedAt
        self.validUntil = validUntil
        self.content = content
        self.refusal = refusal
    }

    /// Whether it still holds at `time`.
    public func isValid(at time: Double) -> Bool { validUntil.map { time < $0 } ?? true }
}
