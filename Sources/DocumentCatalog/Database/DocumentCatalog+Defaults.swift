
extension DocumentCatalog {
    /// Makes an app the user's default for a type, a URL scheme or one file, for a role, and
    /// says where the default now lives.
    ///
    /// Policy: the app must be registered, and — unless `force` — must claim the type (or one
    /// of its supertypes) or the scheme. A file default needs an absolute path. With an
    /// `environment`, a default `mimeapps.list` can express (see ``DefaultLocation``) is written
    /// to the user's `mimeapps.list` (every MIME type of the type, or `x-scheme-handler/SCHEME`;
    /// see `UserMimeAppsList` for the file and the write) and the catalog's own default for it
    /// is removed, so that `xdg-open`, GIO and the catalog agree; the catalog then reads the
    /// files again. Without an environment, or for anything else, the default lives in the catalog.
    ///
    /// - Throws: ``CatalogError`` `.notFound` for an unknown app, `.invalidRequest` when it does
    ///   not claim what it is made default for, `.mimeAppsListRefused` when a `mimeapps.list`
    ///   cannot be read, parsed or written (the files and the catalog are then left as they were).
    @discardableResult
    public func setDefault(
        scope: DefaultScope, key: String, role: RequestedRole = .any, appID: String, force: Bool = false,
        environment: [String: String]? = nil
    ) throws(CatalogError) -> DefaultLocation {
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
        let mimeTypes = app.kind == .desktop && role == .any ? Self.mimeTypes(scope: scope, key: storedKey, snapshot: snapshot) : []
        if let environment, !mimeTypes.isEmpty {
            if isReadOnly { throw CatalogError(.cannotOpen, path: location.path, reason: "the catalog is read-only") }
            guard let files = UserMimeAppsList(environment: environment) else {
                throw CatalogError(.mimeAppsListRefused, key: "XDG_CONFIG_HOME", reason: "neither XDG_CONFIG_HOME nor HOME names a folder for mimeapps.list")
            }
            try files.change { editor, isPrimary in
                for mime in mimeTypes where isPrimary || !editor.defaultApplications(for: mime).isEmpty {
                    editor.setDefault(app.id, for: mime)
                }
                return true
            }
            try write(action: "default", subject: "\(scope.rawValue):\(storedKey)", detail: "\(role.rawValue) -> \(app.id) in \(files.primary)") { db in
                try db.execute(sql: "DELETE FROM defaults WHERE scope = ? AND key = ? AND role = ?", arguments: [scope.rawValue, storedKey, role.rawValue])
            }
            try followMachine(environment: environment)
            return .mimeAppsList(path: files.primary, mimeTypes: mimeTypes)
        }
        try write(action: "default", subject: "\(scope.rawValue):\(storedKey)", detail: "\(role.rawValue) -> \(app.id)") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO defaults(scope, key, role, app_id, set_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [scope.rawValue, storedKey, role.rawValue, app.id, WallClock.now()])
        }
        return .catalog
    }

    /// Removes a user default: the catalog's, and with an `environment`, for any role, the
    /// entries of the user's `mimeapps.list` files for the type's MIME types or the scheme (see
    /// `UserMimeAppsList`). Returns whether one was removed.
    ///
    /// - Throws: ``CatalogError`` `.mimeAppsListRefused` when a `mimeapps.list` cannot be read,
    ///   parsed or written (nothing is removed then).
    @discardableResult
    public func removeDefault(scope: DefaultScope, key: String, role: RequestedRole = .any, environment: [String: String]? = nil) throws(CatalogError) -> Bool {
        var removedFromFiles = false
        if let environment, role == .any, let files = UserMimeAppsList(environment: environment) {
            let mimeTypes = Self.mimeTypes(scope: scope, key: key, snapshot: try snapshot())
            if !mimeTypes.isEmpty {
                removedFromFiles = !(try files.change { editor, _ in
                    var changed = false
                    for mime in mimeTypes where editor.removeDefault(for: mime) { changed = true }
                    return changed
                }).isEmpty
            }
        }
        let removed = try write(action: "default-remove", subject: "\(scope.rawValue):\(key)", detail: role.rawValue) { db in
            try db.execute(sql: "DELETE FROM defaults WHERE scope = ? AND key = ? AND role = ?", arguments: [scope.rawValue, key, role.rawValue])
            return db.changesCount > 0
        }
        if removedFromFiles, let environment { try followMachine(environment: environment) }
        return removed || removedFromFiles
    }

    /// The MIME types a default for a scope and key is written under in `mimeapps.list`: every
    /// MIME type of the type (its preferred one first, then its aliases), or
    /// `x-scheme-handler/SCHEME`; none for a file or a type without a MIME type.
    static func mimeTypes(scope: DefaultScope, key: String, snapshot: CatalogSnapshot) -> [String] {
        switch scope {
        case .type: (try? snapshot.graph.type(withIdentifier: key))?.tags[.mimeType] ?? []
        case .scheme: ["x-scheme-handler/" + key.lowercased()]
        case .file: []
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
