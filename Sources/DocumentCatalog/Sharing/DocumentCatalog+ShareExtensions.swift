import DeclarationFormats

extension DocumentCatalog {
    /// Every share and action extension of the apps present, by extension id.
    public func shareExtensions() throws(CatalogError) -> [RegisteredShareExtension] {
        try read { db in try DocumentCatalog.loadShareExtensions(db) }
    }

    /// Records a share: one open request per item for the extension (`file://` URLs with their
    /// grant and type, web URLs as given, text as a `data:text/plain;charset=utf-8,` URL) and an
    /// audit entry, in one transaction; nothing is queued when any fails.
    ///
    /// - Returns: the stored requests, with their ids.
    public func queueShareRequests(_ requests: [OpenRequest], extensionID: String, detail: String) throws(CatalogError) -> [OpenRequest] {
        try write(action: "share", subject: extensionID, detail: detail) { db in
            try requests.map { request in try request.inserted(into: db) }
        }
    }

    /// Stores an app's extensions (its earlier ones were removed with its declarations).
    ///
    /// - Throws: ``CatalogError/Code/importRefused`` when another app already declares an
    ///   extension with the same id.
    static func insertShareExtensions(of app: AppRegistration, into db: SQLiteConnection) throws {
        for item in app.shareExtensions {
            if let owner = try String.fetchOne(db, sql: "SELECT app_id FROM share_extensions WHERE extension_id = ?", arguments: [item.identifier]) {
                throw CatalogError(
                    .importRefused, path: item.source, key: item.identifier,
                    reason: "the extension id is already declared by \(owner); an extension id names one extension")
            }
            let rule = item.rule
            try db.execute(
                sql: """
                    INSERT INTO share_extensions(extension_id, app_id, kind, title, source_path, rule_form, max_files, max_images,
                        max_movies, max_text, max_web_urls, max_attachments, min_attachments, accepted_types)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    item.identifier, app.id, item.kind.rawValue, item.title, item.source, rule.form.rawValue, rule.maxFiles, rule.maxImages,
                    rule.maxMovies, rule.maxText, rule.maxWebURLs, rule.maxAttachments, rule.minAttachments,
                    rule.acceptedTypes.joined(separator: " "),
                ])
        }
    }

    /// The extensions of present apps (all, or one app's), ordered by extension id.
    static func loadShareExtensions(_ db: SQLiteConnection, appID: String? = nil) throws -> [RegisteredShareExtension] {
        let filter = appID == nil ? "" : "AND s.app_id = ?"
        let rows = try SQLiteRow.fetchAll(
            db,
            sql: """
                SELECT s.* FROM share_extensions s JOIN apps a ON a.id = s.app_id
                WHERE a.absent_since IS NULL \(filter) ORDER BY s.extension_id
                """,
            arguments: appID.map { [$0] } ?? [])
        return rows.map { row in
            let rule = ShareActivationRule(
                form: ShareActivationRule.Form(rawValue: row["rule_form"]) ?? .dictionary, maxFiles: row["max_files"], maxImages: row["max_images"],
                maxMovies: row["max_movies"], maxText: row["max_text"], maxWebURLs: row["max_web_urls"], maxAttachments: row["max_attachments"],
                minAttachments: row["min_attachments"], acceptedTypes: (row["accepted_types"] as String).split(separator: " ").map(String.init))
            let declaration = ShareExtensionDeclaration(
                identifier: row["extension_id"], kind: ShareExtensionDeclaration.Kind(rawValue: row["kind"]) ?? .share, title: row["title"],
                rule: rule, source: row["source_path"])
            return RegisteredShareExtension(appID: row["app_id"], declaration: declaration)
        }
    }
}
