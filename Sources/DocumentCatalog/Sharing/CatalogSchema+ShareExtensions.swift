
extension CatalogSchema {
    /// `v11-share-extensions`: the share and action extensions apps declare, one row each, with
    /// their activation rule in columns (a `NULL` limit was not stated). A row goes with its app
    /// (`ON DELETE CASCADE`); an extension id names one extension in the whole catalog.
    static func registerShareExtensions(in migrator: inout SQLiteMigrator) {
        migrator.registerMigration("v11-share-extensions") { db in
            try db.execute(sql: """
                CREATE TABLE share_extensions (
                    extension_id TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    kind TEXT NOT NULL CHECK (kind IN ('share', 'action')),
                    title TEXT,
                    source_path TEXT NOT NULL,
                    rule_form TEXT NOT NULL CHECK (rule_form IN ('dictionary', 'predicate', 'anything')),
                    max_files INTEGER,
                    max_images INTEGER,
                    max_movies INTEGER,
                    max_text INTEGER,
                    max_web_urls INTEGER,
                    max_attachments INTEGER,
                    min_attachments INTEGER NOT NULL DEFAULT 0,
                    accepted_types TEXT NOT NULL DEFAULT ''
                );
                CREATE INDEX share_extensions_app ON share_extensions(app_id);
                """)
        }
    }
}
