
extension CatalogSchema {
    /// `v14-associated-domains`: the domains apps claim for universal links
    /// (`associated_domains`, removed with their app), and what each domain's
    /// `apple-app-site-association` file said when it was last read (`site_associations`: the
    /// file when it was accepted, or why it was refused, never both, and until when it holds).
    static func registerAssociatedDomains(in migrator: inout SQLiteMigrator) {
        migrator.registerMigration("v14-associated-domains") { db in
            try db.execute(sql: """
                CREATE TABLE associated_domains (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    host TEXT NOT NULL,
                    covers_subdomains INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (app_id, host, covers_subdomains)
                );
                CREATE INDEX associated_domains_host ON associated_domains(host);
                CREATE TABLE site_associations (
                    domain TEXT PRIMARY KEY NOT NULL,
                    origin TEXT NOT NULL CHECK (origin IN ('https', 'file')),
                    source TEXT NOT NULL,
                    checked_at REAL NOT NULL,
                    valid_until REAL,
                    content BLOB,
                    refusal TEXT,
                    CHECK ((content IS NULL) != (refusal IS NULL))
                );
                """)
        }
    }
}
