import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing

/// The permission bits of a file or folder.
private func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
}

/// The application id in an SQLite file's header.
private func applicationID(_ path: String) throws -> UInt32 {
    let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(72)
    return header.suffix(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
}

@Suite("The catalog file: what is adopted, how it is created, who may read it")
struct CatalogFileTests {
    @Test("An empty catalog file is refused as damage, named, with the way to recover, and left as it was")
    func emptyFileIsDamage() throws {
        let folder = TemporaryDirectory("catalog-file")
        let path = try folder.write("catalog.sqlite", bytes: [])
        let error = try #require(throws: CatalogError.self) { try DocumentCatalog(location: CatalogLocation(path: path)) }
        #expect(error.code == .damaged)
        #expect(error.path == path)
        #expect(error.reason.contains("mv '\(path)' '\(path).damaged'"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("Another application's SQLite database is refused and not changed", arguments: ["0", "1234"])
    func foreignDatabase(applicationID id: String) throws {
        let folder = TemporaryDirectory("catalog-file")
        let path = folder.path("notes.sqlite")
        try SQLiteShell.run(path, "PRAGMA application_id = \(id); CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('keep me');")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = try #require(throws: CatalogError.self) { try DocumentCatalog(location: CatalogLocation(path: path)) }
        #expect(error.code == .notACatalog)
        #expect(error.path == path)
        #expect(error.key == "application_id")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("An SQLite database without tables is adopted and marked as a catalog")
    func emptyDatabaseIsAdopted() throws {
        let folder = TemporaryDirectory("catalog-file")
        let path = folder.path("catalog.sqlite")
        try SQLiteShell.run(path, "PRAGMA user_version = 1; VACUUM;")
        do {
            let catalog = try DocumentCatalog(location: CatalogLocation(path: path))
            #expect(try catalog.generation() == 0)
        }  // closing the catalog writes its log back into the file
        #expect(try applicationID(path) == 0x4F57_6374)
    }

    @Test("A new catalog is private: the file 0600, the folders made for it 0700, marked with the application id")
    func newCatalogIsPrivate() throws {
        let folder = TemporaryDirectory("catalog-file")
        let path = folder.path("made/for/it/catalog.sqlite")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: path))
        #expect(catalog.wasCreated)
        #expect(mode(path) == 0o600)
        #expect(mode(folder.path("made")) == 0o700)
        #expect(mode(folder.path("made/for/it")) == 0o700)
        #expect(try applicationID(path) == 0x4F57_6374)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("made/for/it"))
        #expect(!left.contains { $0.contains(".new-") })
    }

    @Test("A catalog written before catalogs were marked is adopted, marked, and narrowed to its owner")
    func legacyCatalogIsMarked() throws {
        let folder = TemporaryDirectory("catalog-file")
        let path = folder.path("catalog.sqlite")
        _ = try DocumentCatalog(location: CatalogLocation(path: path))
        try SQLiteShell.run(path, "PRAGMA application_id = 0; DELETE FROM grdb_migrations WHERE identifier = 'v3-application-id';")
        chmod(path, 0o644)
        do {
            let reopened = try DocumentCatalog(location: CatalogLocation(path: path))
            #expect(!reopened.wasCreated)
        }  // closing the catalog writes its log back into the file
        #expect(try applicationID(path) == 0x4F57_6374)
        #expect(mode(path) == 0o600)
    }

    @Test("The schema a catalog reports is every migration a new catalog file records, in order")
    func reportedSchemaIsApplied() throws {
        let folder = TemporaryDirectory("catalog-file")
        let path = folder.path("catalog.sqlite")
        do { _ = try DocumentCatalog(location: CatalogLocation(path: path)) }
        let applied = try SQLiteShell.query(path, "SELECT identifier FROM grdb_migrations ORDER BY rowid").split(separator: "\n").map(String.init)
        #expect(applied.count >= 9)
        #expect(CatalogSchema.migrationIdentifiers == applied)
    }
}
