import DeclarationFormats
import UniformTypes

extension DocumentCatalog {
    /// Registers apps, replacing earlier registrations with the same ids, in one transaction.
    /// A replaced app keeps the user's state (see `insert(_:into:)`).
    ///
    /// The types the apps declare are checked first: compiled together with the system types
    /// and every other app's, they must form a graph without cycles. On any error nothing is
    /// stored.
    ///
    /// - Throws: ``CatalogError`` — `.importRefused` naming the source file and the type for
    ///   a cycle or a malformed declaration; database errors.
    public func register(_ apps: [AppRegistration], action: String = "register") throws(CatalogError) {
        guard !apps.isEmpty else { return }
        for app in apps {
            if let problem = AppIdentifierRules.problem(in: app.id) {
                throw CatalogError(.importRefused, path: app.sourcePath, key: "id", reason: "'\(VisibleText.escaping(app.id))': \(problem)")
            }
        }
        try validateDeclaredTypes(adding: apps)
        let subject = apps.count == 1 ? apps[0].id : "\(apps.count) apps"
        try write(action: action, subject: subject, detail: apps.map(\.sourcePath).prefix(3).joined(separator: ", ")) { db in
            for app in apps { try DocumentCatalog.insert(app, into: db) }
        }
    }

    /// Removes an app and everything that hangs on it (claims, declared types, defaults, URL
    /// settings, last-used times): the user's explicit request, unlike any import.
    ///
    /// - Throws: ``CatalogError`` `.notFound` when no app has this id.
    public func unregister(appID: String) throws(CatalogError) {
        try write(action: "unregister", subject: appID) { db in
            try db.execute(sql: "DELETE FROM apps WHERE id = ?", arguments: [appID])
            if db.changesCount == 0 {
                throw CatalogError(.notFound, path: location.path, key: appID, reason: "no app with this id is registered")
            }
        }
    }

    /// Every registered app's id, name, kind and source, sorted by id.
    public func appSummaries() throws(CatalogError) -> [AppSummary] {
        try read { db in
            try SQLiteRow.fetchAll(db, sql: """
                SELECT a.id, a.name, a.kind, a.source_path, a.origin, a.version,
                       (SELECT COUNT(*) FROM document_claims c WHERE c.app_id = a.id) AS claims,
                       (SELECT COUNT(*) FROM url_claims u WHERE u.app_id = a.id) AS schemes
                FROM apps a WHERE a.absent_since IS NULL ORDER BY a.id
                """).map {
                AppSummary(
                    id: $0["id"], name: $0["name"], kind: AppRegistration.Kind(rawValue: $0["kind"]) ?? .desktop,
                    sourcePath: $0["source_path"], origin: $0["origin"], version: $0["version"],
                    claimCount: $0["claims"], schemeCount: $0["schemes"])
            }
        }
    }

    /// The full registration of one app, as stored.
    ///
    /// - Throws: ``CatalogError`` `.notFound`.
    public func registration(appID: String) throws(CatalogError) -> AppRegistration {
        let found = try read { db in try DocumentCatalog.loadRegistrations(db, where: "AND id = ?", arguments: [appID]).first }
        guard let found else { throw CatalogError(.notFound, path: location.path, key: appID, reason: unknownAppReason(appID)) }
        return found
    }

    // MARK: - Storage

    /// Stores an app's registration: the app row is updated in place (never deleted, so the
    /// user's defaults, URL settings, last-used times, provider registration and signing keys
    /// that hang on it stay), and what the app *declares* — document claims, queried schemes,
    /// declared types, URL schemes — is replaced. A URL scheme the app still declares keeps the
    /// signature requirement and source allow-list the user configured for it.
    ///
    /// - Throws: ``CatalogError/Code/importRefused`` when another app, from another file, has an
    ///   id that differs only in case (ids name container folders and are compared ignoring case).
    static func insert(_ app: AppRegistration, into db: SQLiteConnection) throws {
        if let existing = try SQLiteRow.fetchOne(db, sql: "SELECT id, source_path FROM apps WHERE id = ?", arguments: [app.id]) {
            let existingID: String = existing["id"]
            let existingSource: String = existing["source_path"]
            if existingID != app.id && existingSource != app.sourcePath {
                throw CatalogError(
                    .importRefused, path: app.sourcePath, key: app.id,
                    reason: "the app \(existingID) from \(existingSource) has the same id but for case; ids that differ only in case are one app")
            }
        }
        try db.execute(
            sql: """
                INSERT INTO apps(\(AppRecord.columns), registered_at, absent_since)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
                ON CONFLICT(id) DO UPDATE SET
                    kind = excluded.kind, name = excluded.name, version = excluded.version, source_path = excluded.source_path,
                    origin = excluded.origin, exec = excluded.exec, try_exec = excluded.try_exec, terminal = excluded.terminal,
                    hidden = excluded.hidden, no_display = excluded.no_display, only_show_in = excluded.only_show_in,
                    not_show_in = excluded.not_show_in, icon = excluded.icon, registered_at = excluded.registered_at,
                    absent_since = NULL
                """,
            arguments: SQLiteArguments(app.record.databaseArguments + [WallClock.now()]))
        // The user's settings of URL schemes, kept across the replacement of the declared ones.
        var configured: [String: (requiresSignature: Bool, allowedSources: String)] = [:]
        for row in try SQLiteRow.fetchAll(db, sql: "SELECT scheme, requires_signature, allowed_sources FROM url_claims WHERE app_id = ?", arguments: [app.id]) {
            configured[row["scheme"]] = (row["requires_signature"], row["allowed_sources"])
        }
        try removeDeclarations(ofApp: app.id, from: db)
        let claim = try db.makeStatement(sql: """
            INSERT INTO document_claims(app_id, claim_kind, value, role, rank, type_name, position) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, item) in app.documentClaims.enumerated() {
            try claim.execute(arguments: [app.id, item.kind.rawValue, item.value, item.role.rawValue, item.rank.rawValue, item.typeName, position])
        }
        for item in app.urlClaims {
            let scheme = item.scheme.lowercased()
            let kept = configured[scheme]
            let declaredSources = item.allowedSources.joined(separator: ";")
            try db.execute(
                sql: """
                    INSERT INTO url_claims(app_id, scheme, role, rank, name, requires_signature, allowed_sources)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    app.id, scheme, item.role.rawValue, item.rank.rawValue, item.name, item.requiresSignature || (kept?.requiresSignature ?? false),
                    kept.map { $0.allowedSources.isEmpty ? declaredSources : $0.allowedSources } ?? declaredSources,
                ])
        }
        for scheme in Set(app.queriedSchemes.map { $0.lowercased() }).sorted() {
            try db.execute(sql: "INSERT OR IGNORE INTO queried_schemes(app_id, scheme) VALUES (?, ?)", arguments: [app.id, scheme])
        }
        for declaration in app.declaredTypes {
            try insert(declaration, appID: app.id, sourcePath: app.sourcePath, into: db)
        }
        try storeAppGroups(of: app, into: db)
        try insertShareExtensions(of: app, into: db)
        try storeAssociatedDomains(of: app, into: db)
    }

    /// Deletes what an app declares (claims, URL schemes, queried schemes, declared types),
    /// leaving the app row and the user's state.
    static func removeDeclarations(ofApp appID: String, from db: SQLiteConnection) throws {
        for table in ["document_claims", "url_claims", "queried_schemes", "type_declarations", "share_extensions"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE app_id = ?", arguments: [appID])
        }
    }

    /// Whether the user has state hanging on an app: defaults, last-used times, a provider
    /// registration, a signing key, or a configured URL scheme.
    static func hasUserState(appID: String, in db: SQLiteConnection) throws -> Bool {
        let sql = """
            SELECT EXISTS (SELECT 1 FROM defaults WHERE app_id = ?1) OR EXISTS (SELECT 1 FROM last_used WHERE app_id = ?1)
                OR EXISTS (SELECT 1 FROM providers WHERE app_id = ?1) OR EXISTS (SELECT 1 FROM signing_keys WHERE app_id = ?1)
                OR EXISTS (SELECT 1 FROM url_claims WHERE app_id = ?1 AND (requires_signature != 0 OR allowed_sources != ''))
            """
        return try Bool.fetchOne(db, sql: sql, arguments: [appID]) ?? false
    }

    static func insert(_ declaration: TypeDeclaration, appID: String?, sourcePath: String, into db: SQLiteConnection) throws {
        try db.execute(
            sql: """
                INSERT INTO type_declarations(identifier, tier, app_id, source_path, conforms_to, extensions, mime_types, globs,
                                              description, icon, reference_url)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                declaration.identifier.rawValue, declaration.tier.description, appID, sourcePath,
                declaration.conformsTo.map(\.rawValue).joined(separator: ","),
                declaration.filenameExtensions.joined(separator: ","), declaration.mimeTypes.joined(separator: ","),
                declaration.filenamePatterns.map { "\($0.pattern):\($0.weight)" + ($0.isCaseSensitive ? ":cs" : "") }.joined(separator: " "),
                declaration.description, declaration.iconName, declaration.referenceURL,
            ])
    }

    static func loadDeclarations(_ db: SQLiteConnection) throws -> [TypeDeclaration] {
        try SQLiteRow.fetchAll(db, sql: "SELECT * FROM type_declarations ORDER BY id").map { row in
            let tier: DeclarationTier
            switch row["tier"] as String {
            case "exported": tier = .exported
            case "imported": tier = .imported
            default: tier = .system
            }
            var tags: [TagClass: [String]] = [:]
            let extensions = (row["extensions"] as String).split(separator: ",").map(String.init)
            let mimes = (row["mime_types"] as String).split(separator: ",").map(String.init)
            if !extensions.isEmpty { tags[.filenameExtension] = extensions }
            if !mimes.isEmpty { tags[.mimeType] = mimes }
            let patterns: [FilenamePattern] = (row["globs"] as String).split(separator: " ").compactMap { item in
                var parts = item.split(separator: ":", omittingEmptySubsequences: false)
                var caseSensitive = false
                if parts.count >= 3, parts.last == "cs" {
                    caseSensitive = true
                    parts.removeLast()
                }
                guard parts.count >= 2, let weight = Int(parts.last!) else { return nil }
                return FilenamePattern(parts.dropLast().joined(separator: ":"), weight: weight, caseSensitive: caseSensitive)
            }
            return TypeDeclaration(
                identifier: TypeIdentifier(row["identifier"] as String),
                conformsTo: (row["conforms_to"] as String).split(separator: ",").map { TypeIdentifier(String($0)) },
                tags: tags, filenamePatterns: patterns, description: row["description"], iconName: row["icon"],
                referenceURL: row["reference_url"], tier: tier, origin: (row["app_id"] as String?) ?? (row["source_path"] as String))
        }
    }

    static func loadRegistrations(_ db: SQLiteConnection, where clause: String = "", arguments: SQLiteArguments = []) throws -> [AppRegistration] {
        var apps: [AppRegistration] = []
        let declarations = try loadDeclarations(db)
        for row in try SQLiteRow.fetchAll(db, sql: "SELECT \(AppRecord.columns) FROM apps WHERE absent_since IS NULL \(clause) ORDER BY id", arguments: arguments) {
            var app = AppRegistration(record: AppRecord(row: row))
            let id = app.id
            app.documentClaims = try SQLiteRow.fetchAll(
                db, sql: "SELECT * FROM document_claims WHERE app_id = ? ORDER BY position", arguments: [id]
            ).map {
                DocumentClaim(
                    kind: DocumentClaim.Kind(rawValue: $0["claim_kind"]) ?? .contentType, value: $0["value"],
                    role: DocumentRole(plistValue: $0["role"]) ?? .viewer, rank: HandlerRank(plistValue: $0["rank"]) ?? .default,
                    typeName: $0["type_name"])
            }
            app.urlClaims = try SQLiteRow.fetchAll(db, sql: "SELECT * FROM url_claims WHERE app_id = ? ORDER BY id", arguments: [id]).map {
                URLSchemeClaim(
                    scheme: $0["scheme"], role: DocumentRole(plistValue: $0["role"]) ?? .viewer,
                    rank: HandlerRank(plistValue: $0["rank"]) ?? .default, name: $0["name"], requiresSignature: $0["requires_signature"],
                    allowedSources: ($0["allowed_sources"] as String).split(separator: ";").map(String.init))
            }
            app.queriedSchemes = try String.fetchAll(db, sql: "SELECT scheme FROM queried_schemes WHERE app_id = ? ORDER BY scheme", arguments: [id])
            app.declaredTypes = declarations.filter { $0.origin.lowercased() == id.lowercased() }
            app.appGroups = try loadAppGroupIDs(ofApp: id, db)
            app.shareExtensions = try loadShareExtensions(db, appID: id).map(\.declaration)
            app.associatedDomains = try loadAssociatedDomains(db, appID: id)
            apps.append(app)
        }
        return apps
    }

    /// Checks that the declared types of `apps`, with the system's and every other stored
    /// declaration, compile into a graph.
    func validateDeclaredTypes(adding apps: [AppRegistration]) throws(CatalogError) {
        let newTypes = apps.flatMap(\.declaredTypes)
        guard !newTypes.isEmpty else { return }
        let replacing = Set(apps.map { $0.id.lowercased() })
        let stored = try read { db in try DocumentCatalog.loadDeclarations(db) }.filter { !replacing.contains($0.origin.lowercased()) }
        do {
            _ = try systemGraph.adding(stored + newTypes)
        } catch {
            let culprit = apps.first { app in app.declaredTypes.contains { $0.identifier.rawValue == error.value } } ?? apps[0]
            throw CatalogError(
                .importRefused, path: culprit.sourcePath, key: "UTExportedTypeDeclarations/\(error.value)",
                reason: error.reason, underlying: error)
        }
    }
}

/// A short description of a registered app, for listings.
public struct AppSummary: Sendable, Equatable {
    /// The app's id.
    public var id: String
    /// Its name.
    public var name: String
    /// Desktop entry or bundle.
    public var kind: AppRegistration.Kind
    /// The file it was registered from.
    public var sourcePath: String
    /// `user` or `system`.
    public var origin: String
    /// Its version.
    public var version: String?
    /// How many document claims it has.
    public var claimCount: Int
    /// How many URL schemes it handles.
    public var schemeCount: Int
}

extension DocumentCatalog {
    /// Why `appID` is refused as unknown, with the registered app it most likely meant.
    func unknownAppReason(_ appID: String) -> String {
        AppIDSuggestion.unknownAppReason(appID, among: (try? snapshot().apps.map(\.id)) ?? [])
    }
}
