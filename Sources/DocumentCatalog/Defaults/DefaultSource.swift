/// One place where a default is recorded: the catalog's own default, or an entry of
/// `[Default Applications]` in a `mimeapps.list`.
public struct DefaultSource: Sendable, Equatable {
    /// The app the place names (a desktop-file id for `mimeapps.list`).
    public var appID: String
    /// Where it is recorded: ``DefaultLocation/catalog``, or the `mimeapps.list` file with the
    /// one MIME type of the entry.
    public var location: DefaultLocation
    /// The role of a catalog default (`mimeapps.list` entries are for any role).
    public var role: RequestedRole

    /// Creates a source.
    public init(appID: String, location: DefaultLocation, role: RequestedRole = .any) {
        self.appID = appID
        self.location = location
        self.role = role
    }
}

extension CatalogSnapshot {
    /// Every place a default for a scope and key is recorded, in the order handler ranking
    /// consults them: the catalog's default for the role, then for any role, then the
    /// `mimeapps.list` entries for each MIME type of the type (or `x-scheme-handler/SCHEME`), by
    /// the specification's file precedence. An entry naming an app that is not registered is
    /// listed too (ranking passes over it).
    public func defaultSources(scope: DefaultScope, key: String, role: RequestedRole = .any) -> [DefaultSource] {
        var sources: [DefaultSource] = []
        for asked in role == .any ? [RequestedRole.any] : [role, .any] {
            if let app = userDefault(scope: scope, key: key, role: asked) {
                sources.append(DefaultSource(appID: apps[Int(app)].id, location: .catalog, role: asked))
            }
        }
        for mime in DocumentCatalog.mimeTypes(scope: scope, key: key, snapshot: self) {
            for (appID, file) in mimeAppsDefaultSources(mimeType: mime) {
                sources.append(DefaultSource(appID: appID, location: .mimeAppsList(path: file, mimeTypes: [mime])))
            }
        }
        return sources
    }
}
