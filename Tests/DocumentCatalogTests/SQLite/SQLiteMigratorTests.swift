import Foundation
import OpenWithTestSupport
import Testing

@testable import DocumentCatalog

@Suite("SQLiteMigrator: applied once, recorded in grdb_migrations")
struct SQLiteMigratorTests {
    static func migrator(upTo count: Int) -> SQLiteMigrator {
        var migrator = SQLiteMigrator()
        let all: [(String, String)] = [
            ("m1", "CREATE TABLE parents (id INTEGER PRIMARY KEY)"),
            ("m2", "CREATE TABLE children (parent INTEGER REFERENCES parents(id))"),
            ("m3", "ALTER TABLE parents ADD COLUMN name TEXT"),
        ]
        for (identifier, sql) in all.prefix(count) {
            migrator.registerMigration(identifier) { db in try db.execute(sql: sql) }
        }
        return migrator
    }

    @Test("Migrations run in order, once, and are recorded where earlier versions recorded them")
    func appliesAndRecords() throws {
        let folder = TemporaryDirectory("sqlite-migrator")
        let path = folder.path("m.sqlite")
        let pool = try SQLiteConnectionPool(path: path, readOnly: false, busyTimeout: 1)
        try Self.migrator(upTo: 2).migrate(pool)
        #expect(try SQLiteShell.query(path, "SELECT group_concat(identifier, ',') FROM (SELECT identifier FROM grdb_migrations ORDER BY rowid)") == "m1,m2")
        let three = Self.migrator(upTo: 3)
        #expect(try pool.read { db in try three.hasCompletedMigrations(db) } == false)
        try three.migrate(pool)
        try three.migrate(pool)  // nothing left to do
        #expect(try pool.read { db in try three.hasCompletedMigrations(db) } == true)
        #expect(try SQLiteShell.query(path, "SELECT count(*) FROM grdb_migrations") == "3")
        #expect(try SQLiteShell.query(path, "SELECT count(*) FROM pragma_table_info('parents') WHERE name = 'name'") == "1")
        // An older migrator sees a newer database as superseded.
        #expect(try pool.read { db in try Self.migrator(upTo: 2).hasBeenSuperseded(db) } == true)
        #expect(try pool.read { db in try three.hasBeenSuperseded(db) } == false)
    }

    @Test("A failing migration leaves no trace, and the ones before it stay")
    func failureRollsBack() throws {
        let folder = TemporaryDirectory("sqlite-migrator")
        let path = folder.path("m.sqlite")
        var migrator = Self.migrator(upTo: 1)
        migrator.registerMigration("broken") { db in
            try db.execute(sql: "CREATE TABLE half (x)")
            try db.execute(sql: "INSERT INTO nowhere VALUES (1)")
        }
        let pool = try SQLiteConnectionPool(path: path, readOnly: false, busyTimeout: 1)
        #expect(throws: SQLiteError.self) { try migrator.migrate(pool) }
        #expect(try SQLiteShell.query(path, "SELECT group_concat(identifier) FROM grdb_migrations") == "m1")
        #expect(try SQLiteShell.query(path, "SELECT count(*) FROM sqlite_master WHERE name = 'half'") == "0")
    }

    @Test("A migration that leaves a foreign key violation is refused; foreign keys are on again after")
    func foreignKeyCheck() throws {
        let folder = TemporaryDirectory("sqlite-migrator")
        let path = folder.path("m.sqlite")
        var migrator = Self.migrator(upTo: 2)
        migrator.registerMigration("orphan") { db in try db.execute(sql: "INSERT INTO children VALUES (99)") }
        let pool = try SQLiteConnectionPool(path: path, readOnly: false, busyTimeout: 1)
        let error = try #require(throws: SQLiteError.self) { try migrator.migrate(pool) }
        #expect(error.extendedCode == 787)
        #expect(try SQLiteShell.query(path, "SELECT count(*) FROM children") == "0")
        let foreignKeys = try pool.writeWithoutTransaction { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(foreignKeys == true)
    }
}
