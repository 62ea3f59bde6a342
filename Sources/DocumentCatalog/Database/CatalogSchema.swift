
/// The catalog's schema, as named, append-only migrations. A migration, once released, is never
/// edited: changes go into a new one.
///
/// Tables:
/// - `catalog_info`: key/value facts (schema generation, system type table digest, change counter);
/// - `apps`: registered apps (desktop entries and Info.plist bundles);
/// - `document_claims`: the document types each app claims (raw value + kind, resolved against
///   the type graph when a snapshot is loaded), with role, rank and position;
/// - `url_claims`, `queried_schemes`: URL schemes an app handles and the ones it asks about;
/// - `type_declarations`: types declared by apps (exported/imported) and by shared-mime-info
///   packages outside the system database;
/// - `defaults`: the user's defaults per type, per URL scheme and per single file, by role;
/// - `associations`: mimeapps.list defaults, added and removed associations, by source file;
/// - `last_used`: when an app last opened a type;
/// - `providers`, `grants`, `transfer_journal`, `open_requests`, `signing_keys`: the hand-over
///   (`v2-transfer-staging` adds the journal's staging folder, source disposal and staged identity;
///   `v7-journal-staged-identity` moves identities that v1 kept in `final_name` to those columns);
/// - `freshness_stamps`: each watched location as the last system import saw it (`v9-freshness-stamps`;
///   see `CatalogFreshness`);
/// - `share_extensions`: the share and action extensions apps declare, with their activation rules
///   (`v11-share-extensions`; see `ShareExtensionDeclaration`);
/// - `app_group_members`, `app_group_containers`: the app groups apps declare and their shared
///   containers, with membership changes audited by triggers (`v12-app-groups`; see `AppGroup`);
/// - `associated_domains`, `site_associations`: the domains apps claim for universal links and
///   each domain's `apple-app-site-association` file or why it was refused (`v14-associated-domains`);
/// - `audit_log`: every change, with time, action, subject and detail.
public enum CatalogSchema {
    /// The migrations this version knows, in the order they are applied (read from the migrator, so
    /// the list cannot fall behind a new migration).
    public static var migrationIdentifiers: [String] { migrator.migrations }

    static var migrator: SQLiteMigrator {
        var migrator = SQLiteMigrator()
        migrator.registerMigration("v1-catalog") { db in
            try db.execute(sql: """
                CREATE TABLE catalog_info (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                CREATE TABLE apps (
                    id TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
                    kind TEXT NOT NULL CHECK (kind IN ('desktop', 'bundle')),
                    name TEXT NOT NULL,
                    version TEXT,
                    source_path TEXT NOT NULL,
                    origin TEXT NOT NULL DEFAULT 'user',
                    exec TEXT,
                    try_exec TEXT,
                    terminal INTEGER NOT NULL DEFAULT 0,
                    hidden INTEGER NOT NULL DEFAULT 0,
                    no_display INTEGER NOT NULL DEFAULT 0,
                    only_show_in TEXT NOT NULL DEFAULT '',
                    not_show_in TEXT NOT NULL DEFAULT '',
                    icon TEXT,
                    registered_at REAL NOT NULL
                );
                CREATE INDEX apps_origin ON apps(origin);
                CREATE TABLE document_claims (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    claim_kind TEXT NOT NULL CHECK (claim_kind IN ('content-type', 'mime', 'extension', 'wildcard')),
                    value TEXT NOT NULL,
                    role TEXT NOT NULL,
                    rank TEXT NOT NULL,
                    type_name TEXT,
                    position INTEGER NOT NULL
                );
                CREATE INDEX document_claims_app ON document_claims(app_id);
                CREATE TABLE url_claims (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    scheme TEXT NOT NULL COLLATE NOCASE,
                    role TEXT NOT NULL,
                    rank TEXT NOT NULL,
                    name TEXT,
                    requires_signature INTEGER NOT NULL DEFAULT 0,
                    allowed_sources TEXT NOT NULL DEFAULT ''
                );
                CREATE INDEX url_claims_scheme ON url_claims(scheme);
                CREATE INDEX url_claims_app ON url_claims(app_id);
                CREATE TABLE queried_schemes (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    scheme TEXT NOT NULL COLLATE NOCASE,
                    PRIMARY KEY (app_id, scheme)
                );
                CREATE TABLE type_declarations (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    identifier TEXT NOT NULL COLLATE NOCASE,
                    tier TEXT NOT NULL CHECK (tier IN ('system', 'imported', 'exported')),
                    app_id TEXT REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    source_path TEXT NOT NULL,
                    conforms_to TEXT NOT NULL DEFAULT '',
                    extensions TEXT NOT NULL DEFAULT '',
                    mime_types TEXT NOT NULL DEFAULT '',
                    globs TEXT NOT NULL DEFAULT '',
                    description TEXT NOT NULL DEFAULT '',
                    icon TEXT,
                    reference_url TEXT
                );
                CREATE INDEX type_declarations_app ON type_declarations(app_id);
                CREATE INDEX type_declarations_source ON type_declarations(source_path);
                CREATE TABLE defaults (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    scope TEXT NOT NULL CHECK (scope IN ('type', 'scheme', 'file')),
                    key TEXT NOT NULL COLLATE NOCASE,
                    role TEXT NOT NULL,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    set_at REAL NOT NULL,
                    UNIQUE (scope, key, role)
                );
                CREATE TABLE associations (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('default', 'added', 'removed')),
                    mime_type TEXT NOT NULL COLLATE NOCASE,
                    app_id TEXT NOT NULL COLLATE NOCASE,
                    source_path TEXT NOT NULL,
                    precedence INTEGER NOT NULL,
                    position INTEGER NOT NULL
                );
                CREATE INDEX associations_mime ON associations(mime_type);
                CREATE TABLE last_used (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    type_identifier TEXT NOT NULL COLLATE NOCASE,
                    used_at REAL NOT NULL,
                    PRIMARY KEY (app_id, type_identifier)
                );
                CREATE TABLE providers (
                    app_id TEXT PRIMARY KEY NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    storage_root TEXT NOT NULL,
                    content_types TEXT NOT NULL DEFAULT '',
                    registered_at REAL NOT NULL
                );
                CREATE TABLE grants (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    app_id TEXT NOT NULL COLLATE NOCASE,
                    path TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('inbox', 'import', 'security-scoped', 'provider')),
                    rights TEXT NOT NULL,
                    source_app TEXT,
                    original_path TEXT,
                    size INTEGER NOT NULL DEFAULT 0,
                    sha256 TEXT,
                    annotation BLOB,
                    created_at REAL NOT NULL,
                    revoked_at REAL,
                    access_count INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX grants_app ON grants(app_id);
                CREATE INDEX grants_path ON grants(path);
                CREATE TABLE transfer_journal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    operation TEXT NOT NULL,
                    app_id TEXT NOT NULL COLLATE NOCASE,
                    source_path TEXT NOT NULL,
                    folder TEXT NOT NULL,
                    temporary_name TEXT,
                    final_name TEXT,
                    state TEXT NOT NULL CHECK (state IN ('started', 'copied', 'committed', 'rolled-back')),
                    grant_id INTEGER,
                    started_at REAL NOT NULL,
                    finished_at REAL
                );
                CREATE INDEX transfer_journal_state ON transfer_journal(state);
                CREATE TABLE open_requests (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    app_id TEXT NOT NULL COLLATE NOCASE,
                    url TEXT NOT NULL,
                    source_app TEXT,
                    annotation BLOB,
                    options TEXT NOT NULL DEFAULT '',
                    grant_id INTEGER,
                    created_at REAL NOT NULL,
                    delivered_at REAL
                );
                CREATE INDEX open_requests_app ON open_requests(app_id, delivered_at);
                CREATE TABLE signing_keys (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    scheme TEXT NOT NULL COLLATE NOCASE,
                    key BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    PRIMARY KEY (app_id, scheme)
                );
                CREATE TABLE audit_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    at REAL NOT NULL,
                    action TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    detail TEXT NOT NULL DEFAULT ''
                );
                """)
        }
        // The journal records where a transfer stages its file, whether a move still has to
        // remove its source, and the staged file's identity in columns of its own (v1 kept the
        // identity as text in `final_name`, which later holds the final path).
        migrator.registerMigration("v2-transfer-staging") { db in
            try db.execute(sql: """
                ALTER TABLE transfer_journal ADD COLUMN staging TEXT;
                ALTER TABLE transfer_journal ADD COLUMN source_disposal TEXT CHECK (source_disposal IN ('pending', 'done'));
                ALTER TABLE transfer_journal ADD COLUMN staged_device INTEGER;
                ALTER TABLE transfer_journal ADD COLUMN staged_inode INTEGER;
                ALTER TABLE transfer_journal ADD COLUMN staged_size INTEGER;
                ALTER TABLE transfer_journal ADD COLUMN staged_sha256 TEXT;
                CREATE INDEX transfer_journal_disposal ON transfer_journal(source_disposal);
                """)
        }
        // Marks the file as a catalog (see `CatalogFile`): a database without this id is not adopted.
        migrator.registerMigration("v3-application-id") { db in
            try db.execute(sql: "PRAGMA application_id = \(CatalogFile.applicationID)")
        }
        // An app whose desktop entry disappeared from the system stays, marked absent, while the
        // user has state on it (defaults, URL settings…): a reinstall brings it all back.
        migrator.registerMigration("v4-app-presence") { db in
            try db.execute(sql: "ALTER TABLE apps ADD COLUMN absent_since REAL")
        }
        // A grant for a delivered copy records the file's device and inode, so a later access
        // can tell the very file from one put in its place.
        migrator.registerMigration("v5-grant-identity") { db in
            try db.execute(sql: """
                ALTER TABLE grants ADD COLUMN device INTEGER;
                ALTER TABLE grants ADD COLUMN inode INTEGER;
                """)
        }
        // Signatures of routed URLs, kept until they expire, so a signed request cannot be replayed.
        migrator.registerMigration("v6-seen-signatures") { db in
            try db.execute(sql: """
                CREATE TABLE seen_signatures (
                    signature TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    seen_at REAL NOT NULL,
                    expires_at REAL NOT NULL
                );
                CREATE INDEX seen_signatures_expiry ON seen_signatures(expires_at);
                """)
        }
        // A journal written by v1 kept a staged file's identity ("device:inode:size:sha256") in
        // `final_name`, which otherwise holds the final path. Every such value moves to the
        // identity's own columns, so that `final_name` only ever holds a final path; an entry that
        // was copied but not finished is then recovered from its columns like any other.
        migrator.registerMigration("v7-journal-staged-identity") { db in
            let rows = try SQLiteRow.fetchAll(
                db,
                sql: """
                    SELECT id, final_name FROM transfer_journal
                    WHERE state <> 'committed' AND final_name IS NOT NULL AND staged_device IS NULL
                    """)
            for row in rows {
                guard let identity = StagedFileIdentity(journalText: row["final_name"]) else { continue }
                try db.execute(
                    sql: """
                        UPDATE transfer_journal SET staged_device = ?, staged_inode = ?, staged_size = ?, staged_sha256 = ?,
                        final_name = NULL WHERE id = ?
                        """,
                    arguments: [
                        Int64(bitPattern: identity.device), Int64(bitPattern: identity.inode), identity.size, identity.sha256,
                        row["id"] as Int64,
                    ])
            }
        }
        // The watched locations as the last system import saw them, so that a query can tell
        // whether the machine changed since (see `CatalogFreshness`).
        migrator.registerMigration("v9-freshness-stamps") { db in
            try db.execute(sql: """
                CREATE TABLE freshness_stamps (
                    position INTEGER PRIMARY KEY NOT NULL,
                    path TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('applications', 'mimeAppsList', 'mimePackages')),
                    is_root INTEGER NOT NULL,
                    device INTEGER NOT NULL,
                    inode INTEGER NOT NULL,
                    size INTEGER NOT NULL,
                    modified INTEGER NOT NULL
                );
                """)
        }
        // An open request records the type of the document it carries, so an app draining its
        // queue knows what it is given without reading the file.
        migrator.registerMigration("v10-open-request-type") { db in
            try db.execute(sql: "ALTER TABLE open_requests ADD COLUMN type_identifier TEXT")
        }
        registerShareExtensions(in: &migrator)
        registerAppGroups(in: &migrator)
        registerAssociatedDomains(in: &migrator)
        return migrator
    }
}
