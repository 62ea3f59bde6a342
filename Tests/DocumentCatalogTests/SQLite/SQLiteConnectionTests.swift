import Foundation
import OpenWithTestSupport
import Testing

@testable import DocumentCatalog

@Suite("SQLiteConnection: statements, typed values, errors, transactions")
struct SQLiteConnectionTests {
    static func connection(_ folder: TemporaryDirectory) throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: folder.path("test.sqlite"), readOnly: false, busyTimeout: 1)
        try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, number INTEGER, big INTEGER, real REAL, text TEXT, bytes BLOB, flag INTEGER, absent TEXT)")
        return db
    }

    @Test("Every bound type reads back the same, by column name and by index")
    func roundTrip() throws {
        let folder = TemporaryDirectory("sqlite-layer")
        let db = try Self.connection(folder)
        let text = "caf\u{E9} \u{1F4C4} with a \u{0} inside"
        let bytes: [UInt8] = [0, 1, 0xFF, 0x80, 0]
        let none: String? = nil
        try db.execute(
            sql: "INSERT INTO items(number, big, real, text, bytes, flag, absent) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [-42, Int64.max, 2.5, text, bytes, true, none])
        #expect(db.lastInsertedRowID == 1)
        #expect(db.changesCount == 1)
        let row = try #require(try SQLiteRow.fetchOne(db, sql: "SELECT number, big, real, text, bytes, flag, absent FROM items"))
        #expect(row["number"] as Int == -42)
        #expect(row["BIG"] as Int64 == Int64.max)
        #expect(row["real"] as Double == 2.5)
        #expect(row["text"] as String == text)
        #expect(row["bytes"] as [UInt8] == bytes)
        #expect(row["flag"] as Bool == true)
        #expect(row["absent"] as String? == nil)
        #expect(row["no_such_column"] as Int? == nil)
        #expect(row[0] as Int == -42)
        #expect(row[3] as String == text)
        #expect(row.value(at: 6) == .null)
        // The independent reader sees what was bound: the text's bytes and the blob's.
        #expect(try SQLiteShell.query(folder.path("test.sqlite"), "SELECT hex(text), hex(bytes), typeof(real) FROM items")
            == "\(text.utf8.map { String(format: "%02X", $0) }.joined())|0001FF8000|real")
    }

    @Test("Single values, lists and empty results")
    func fetchHelpers() throws {
        let folder = TemporaryDirectory("sqlite-layer")
        let db = try Self.connection(folder)
        #expect(try Int.fetchOne(db, sql: "SELECT number FROM items") == nil)
        try db.execute(sql: "INSERT INTO items(number, text) VALUES (?, ?); INSERT INTO items(number, text) VALUES (?, ?)", arguments: [1, "one", 2, "two"])
        #expect(try String.fetchAll(db, sql: "SELECT text FROM items ORDER BY number") == ["one", "two"])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE number > ?", arguments: [0]) == 2)
        #expect(try Int.fetchOne(db, sql: "SELECT absent FROM items") == nil)
        #expect(try SQLiteRow.fetchAll(db, sql: "SELECT * FROM items WHERE number > ?", arguments: [5]).isEmpty)
        // A statement run again with other arguments (the cached statement is reset in between).
        #expect(try String.fetchOne(db, sql: "SELECT text FROM items WHERE number = ?", arguments: [1]) == "one")
        #expect(try String.fetchOne(db, sql: "SELECT text FROM items WHERE number = ?", arguments: [2]) == "two")
        // Conversions: an integral real reads as an integer, text does not read as a number.
        #expect(Int.fromSQLiteValue(.real(3)) == 3)
        #expect(Int.fromSQLiteValue(.real(3.5)) == nil)
        #expect(Double.fromSQLiteValue(.text("1.5")) == nil)
        #expect(String.fromSQLiteValue(.blob(Array("abc".utf8))) == "abc")
    }

    @Test("An error carries SQLite's code, its message, the SQL and the file")
    func errors() throws {
        let folder = TemporaryDirectory("sqlite-layer")
        let db = try Self.connection(folder)
        let syntax = try #require(throws: SQLiteError.self) { try db.execute(sql: "SELEC 1") }
        #expect(syntax.code == 1)  // SQLITE_ERROR
        #expect(syntax.message.contains("syntax error"))
        #expect(syntax.sql == "SELEC 1")
        #expect(syntax.path == folder.path("test.sqlite"))
        try db.execute(sql: "CREATE TABLE unique_names (name TEXT UNIQUE)")
        try db.execute(sql: "INSERT INTO unique_names VALUES (?)", arguments: ["a"])
        let duplicate = try #require(throws: SQLiteError.self) { try db.execute(sql: "INSERT INTO unique_names VALUES (?)", arguments: ["a"]) }
        #expect(duplicate.code == 19)  // SQLITE_CONSTRAINT
        #expect(duplicate.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(duplicate.message == "UNIQUE constraint failed: unique_names.name")
        let count = try #require(throws: SQLiteError.self) { try db.execute(sql: "INSERT INTO unique_names VALUES (?)", arguments: ["b", "c"]) }
        #expect(count.code == 25)  // SQLITE_RANGE
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM unique_names") == 1)
    }

    @Test("A transaction commits when its body returns and rolls back when it throws")
    func transactions() throws {
        struct Refusal: Error {}
        let folder = TemporaryDirectory("sqlite-layer")
        let db = try Self.connection(folder)
        let value = try db.inTransaction(.immediate) { () throws -> Int in
            try db.execute(sql: "INSERT INTO items(number) VALUES (1)")
            return 7
        }
        #expect(value == 7)
        #expect(throws: Refusal.self) {
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO items(number) VALUES (2)")
                throw Refusal()
            }
        }
        #expect(!db.isInsideTransaction)
        #expect(try Int.fetchAll(db, sql: "SELECT number FROM items") == [1])
        // A failed statement inside rolls the whole transaction back.
        #expect(throws: SQLiteError.self) {
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO items(number) VALUES (3)")
                try db.execute(sql: "INSERT INTO no_such_table VALUES (4)")
            }
        }
        #expect(try SQLiteShell.query(folder.path("test.sqlite"), "SELECT group_concat(number) FROM items") == "1")
    }

    @Test("A missing file is not created by a read-only connection")
    func readOnlyOpen() throws {
        let folder = TemporaryDirectory("sqlite-layer")
        let error = try #require(throws: SQLiteError.self) {
            try SQLiteConnection(path: folder.path("absent.sqlite"), readOnly: true, busyTimeout: 1)
        }
        #expect(error.code == 14)  // SQLITE_CANTOPEN
        #expect(!FileManager.default.fileExists(atPath: folder.path("absent.sqlite")))
    }
}
