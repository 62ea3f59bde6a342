public import DocumentCatalog

/// One app that handles a URL scheme, with its place and why.
public struct URLSchemeHandler: Sendable {
    /// The app.
    public var app: CatalogApp
    /// The claim.
    public var claim: ResolvedURLClaim
    /// Whether it is the user's default for the scheme.
    public var isUserDefault: Bool
    /// Why it is here.
    public var reason: String
}

/// Ranks the handlers of a URL scheme.
///
/// Policy: the user's default for the scheme first; then mimeapps.list defaults for
/// `x-scheme-handler/<scheme>`; then every app claiming the scheme (`CFBundleURLTypes`,
/// `x-scheme-handler/*`), ordered by rank (Owner > Default > Alternate), then name and id.
/// Rank None claims, hidden apps and apps whose `TryExec` is missing are left out.
public struct URLSchemeRanking: Sendable {
    /// The snapshot ranked against.
    public let snapshot: CatalogSnapshot

    /// Creates a ranking.
    public init(snapshot: CatalogSnapshot) { self.snapshot = snapshot }

    /// The handlers of `scheme`, best first.
    public func handlers(scheme: String) -> [URLSchemeHandler] {
        let scheme = scheme.lowercased()
        let claims = snapshot.urlHandlers(scheme: scheme).filter { $0.rank != .none && snapshot.isAvailable($0.app) }
        var result: [URLSchemeHandler] = []
        var placed = Set<Int32>()
        func place(_ app: Int32, isDefault: Bool, reason: String) {
            guard placed.insert(app).inserted, snapshot.isAvailable(app) else { return }
            let claim = claims.first { $0.app == app }
                ?? ResolvedURLClaim(app: app, scheme: scheme, role: .viewer, rank: .default, name: nil, requiresSignature: false, allowedSources: [])
            result.append(URLSchemeHandler(app: snapshot.apps[Int(app)], claim: claim, isUserDefault: isDefault, reason: reason))
        }
        if let app = snapshot.userDefault(scope: .scheme, key: scheme, role: .any) {
            place(app, isDefault: true, reason: "your default for \(scheme): URLs")
        }
        for id in snapshot.mimeAppsDefaults(mimeType: "x-scheme-handler/" + scheme) {
            if let app = snapshot.app(id: id) { place(app.index, isDefault: false, reason: "mimeapps.list default for x-scheme-handler/\(scheme)") }
        }
        let ordered = claims.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            return snapshot.nameRank(a.app) < snapshot.nameRank(b.app)
        }
        for claim in ordered { place(claim.app, isDefault: false, reason: "claims \(scheme): (rank \(claim.rank.rawValue))") }
        return result
    }
}
