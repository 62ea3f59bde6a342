import GRDB

extension DocumentCatalog {
    /// Stores the user's default app for a type, a URL scheme or one file, for a role.
    ///
    /// Policy: the app must be registered, and — unless `force` — must claim the type (or one
    /// of its supertypes) or the scheme. A file default needs an absolute path.
    ///
    /// - Throws: ``CatalogError`` `.notFound` for an unknown app, `.invalidRequest` when it does
    ///   not claim what it is made default for.
    public func setDefault(scope: DefaultScope, key: String, role: RequestedRole = .any, appID: String, force: Bool = false) throws(CatalogError) {
        let snapshot = try snapshot()
        guard let app = snapshot.app(id: appID) else {
            throw CatalogError(.notFound, path: location.path, key: appID, reason: AppIDSuggestion.unknownAppReason(appID, among: snapshot.apps.map(\.id)))
        }
        var storedKey = key
        switch scope {
        case .type:
            guard let type = try? snapshot.graph.type(withIdentifier: key) else {
                throw CatalogError(.notFound, path: location.path, key: key, reason: "no such type")
            }
            storedKey = type.identifier.rawValue
            if !force && !snapshot.claimIndices(app: app.index).contains(where: { type.conforms(to: snapshot.claims[Int($0)].type) }) {
                throw CatalogError(.invalidRequest, path: location.path, key: appID, reason: "\(appID) does not claim \(type.identifier) or any of its supertypes (use --force to set it anyway)")
            }
        case .scheme:
            storedKey = key.lowercased()
            if !force && !snapshot.urlHandlers(scheme: storedKey).contains(where: { $0.app == app.index }) {
                throw CatalogError(.invalidRequest, path: location.path, key: appID, reason: "\(appID) does not handle \(storedKey): URLs (use --force to set it anyway)")
            }
        case .file:
            guard key.hasPrefix("/") else {
                throw CatalogError(.invalidRequest, path: location.path, key: key, reason: "a file default needs an absolute path")
            }
        }
        try write(action: "default", subject: "\(scope.rawValue):\(storedKey)", detail: "\(role.rawValue) -> \(app.id)") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO defaults(scope, key, role, app_id, set_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [scope.rawValue, storedKey, role.rawValue, app.id, WallClock.now()])
        }
    }

    /// Removes a user default. Returns whether one was removed.
    @discardableResult
    public func removeDefault(scope: DefaultScope, key: String, role: RequestedRole = .any) throws(CatalogError) -> Bool {
        try write(action: "default-remove", subject: "\(scope.rawValue):\(key)", detail: role.rawValue) { db in
            try db.execute(sql: "DELETE FROM defaults WHERE scope = ? AND key = ? AND role = ?", arguments: [scope.rawValue, key, role.rawValue])
            return db.changesCount > 0
        }
    }

    /// Records that an app opened a type now (the "last used" tie-breaker of handler ranking).
    public func recordUse(appID: String, typeIdentifier: String) throws(CatalogError) {
        try write(action: "used", subject: appID, detail: typeIdentifier) { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO last_used(app_id, type_identifier, used_at) VALUES (?, ?, ?)",
                arguments: [appID, typeIdentifier, WallClock.now()])
        }
    }
}
