import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing

/// Catalogs written by earlier versions, which recorded their migrations through the GRDB
/// library, open and upgrade unchanged.
@Suite("Catalogs written by earlier versions")
struct EarlierCatalogTests {
    /// The migrations an earlier version (before share extensions) had applied.
    static let earlierMigrations = [
        "v1-catalog", "v2-transfer-staging", "v3-application-id", "v4-app-presence", "v5-grant-identity",
        "v6-seen-signatures", "v7-journal-staged-identity", "v9-freshness-stamps", "v10-open-request-type",
    ]

    @Test("A catalog with GRDB's migration table and an older schema is upgraded, its apps kept")
    func olderCatalogIsUpgraded() throws {
        let folder = TemporaryDirectory("earlier-catalog")
        let path = folder.path("catalog.sqlite")
        do {
            let catalog = try DocumentCatalog(location: CatalogLocation(path: path))
            try catalog.register([AppRegistration(id: "org.example.kept", kind: .bundle, name: "Kept", sourcePath: "/apps/Kept.plist")])
        }
        // The file as the earlier version left it: GRDB's table (its exact definition) listing the
        // earlier migrations, and none of the tables of the later ones.
        let listed = Self.earlierMigrations.map { "('\($0)')" }.joined(separator: ", ")
        try SQLiteShell.run(path, """
            DROP TABLE grdb_migrations;
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations(identifier) VALUES \(listed);
            DROP TRIGGER app_group_members_joined; DROP TRIGGER app_group_members_left;
            DROP TABLE share_extensions; DROP TABLE app_group_members; DROP TABLE app_group_containers;
            DROP TABLE associated_domains; DROP TABLE site_associations;
            """)
        do {
            let reopened = try DocumentCatalog(location: CatalogLocation(path: path))
            #expect(!reopened.wasCreated)
            #expect(try reopened.registration(appID: "org.example.kept").record.name == "Kept")
            #expect(try reopened.appGroups().isEmpty)
        }
        let applied = try SQLiteShell.query(path, "SELECT identifier FROM grdb_migrations ORDER BY rowid").split(separator: "\n").map(String.init)
        #expect(applied == CatalogSchema.migrationIdentifiers)
        let tables = try SQLiteShell.query(path, "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%migration%'")
        #expect(tables == "grdb_migrations")
        #expect(try SQLiteShell.query(path, "SELECT count(*) FROM sqlite_master WHERE name IN ('share_extensions', 'app_group_members', 'associated_domains')") == "3")
    }
}
