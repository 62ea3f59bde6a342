public import DocumentCatalog

/// The outcome of routing a web URL as a universal link: the app that owns it, or the default
/// browser, and every step that led there (for `--explain`).
public struct UniversalLinkRouting: Sendable {
    /// How one app's claim on the URL's host fared.
    public struct Step: Sendable, Equatable, Codable {
        /// The app.
        public var appID: String
        /// The domain it declared (`example.com`, `*.example.com`).
        public var declaredDomain: String
        /// `matched`, `excluded`, `no-component-matched`, `not-listed` or `unconfirmed`.
        public var verdict: String
        /// The detail of the association file that names the app (0-based), if any.
        public var detail: Int?
        /// The component that matched or excluded the URL (0-based), if any.
        public var component: Int?
        /// That component's patterns, written out (`/: /items/* ?: id=*`).
        public var pattern: String?
    }

    /// What the catalog held about the host's association file when the URL was routed.
    public struct Association: Sendable, Equatable, Codable {
        /// `confirmed` (an accepted file), `refused`, `none` (never read), or `unreachable`.
        public var state: String
        /// The domain.
        public var domain: String
        /// The URL fetched or the local file, if any.
        public var source: String?
        /// When it was read (seconds since 1970), if it was.
        public var checkedAt: Double?
        /// Until when it holds, if it is bounded.
        public var validUntil: Double?
        /// Why it was refused or could not be read, if so.
        public var reason: String?
    }

    /// The URL as validated.
    public var url: ValidatedURL
    /// The app chosen by its association, or `nil` when the URL went to the browser.
    public var app: CatalogApp?
    /// The handler the URL was given to (the app, or the `https` scheme's handler).
    public var handler: CatalogApp
    /// Why, in one sentence.
    public var reason: String
    /// The host's association, when the URL is a candidate universal link.
    public var association: Association?
    /// Each claiming app's step, in the order they were tried.
    public var steps: [Step]
    /// How it was delivered.
    public var delivery: HandlerLauncher.Delivery

    /// Whether the URL went to the app that owns it rather than to the browser.
    public var isUniversalLink: Bool { app != nil }
}
