import Foundation
import OpenWithTestSupport
import Testing

@testable import DocumentCatalog

@Suite("SQLiteConnectionPool: one writer, concurrent readers, WAL")
struct SQLiteConnectionPoolTests {
    @Test("A writable pool puts the file in WAL mode with foreign keys on; closing removes the log")
    func settings() throws {
        let folder = TemporaryDirectory("sqlite-pool")
        let path = folder.path("pool.sqlite")
        let pool = try SQLiteConnectionPool(path: path, readOnly: false, busyTimeout: 1)
        try pool.write { db in
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
            #expect(try Int.fetchOne(db, sql: "PRAGMA synchronous") == 1)  // NORMAL
            try db.execute(sql: "CREATE TABLE parents (id INTEGER PRIMARY KEY); CREATE TABLE children (parent INTEGER REFERENCES parents(id))")
        }
        let violation = try #require(throws: SQLiteError.self) {
            try pool.write { db in try db.execute(sql: "INSERT INTO children VALUES (5)") }
        }
        #expect(violation.extendedCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(try SQLiteShell.query(path, "PRAGMA journal_mode") == "wal")
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM children") } == 0)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        pool.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("A reader sees the last commit while a write transaction is open, without waiting")
    func readersDoNotWait() throws {
        let folder = TemporaryDirectory("sqlite-pool")
        let pool = try SQLiteConnectionPool(path: folder.path("pool.sqlite"), readOnly: false, busyTimeout: 5)
        try pool.write { db in try db.execute(sql: "CREATE TABLE counter (value INTEGER); INSERT INTO counter VALUES (1)") }
        let seen = try pool.write { db -> Int? in
            try db.execute(sql: "UPDATE counter SET value = 2")
            return try pool.read { reader in try Int.fetchOne(reader, sql: "SELECT value FROM counter") }
        }
        #expect(seen == 1)
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") } == 2)
    }

    @Test("Threads reading and writing at once: every write lands, every read is whole")
    func concurrentUse() throws {
        let folder = TemporaryDirectory("sqlite-pool")
        let pool = try SQLiteConnectionPool(path: folder.path("pool.sqlite"), readOnly: false, busyTimeout: 10)
        try pool.write { db in try db.execute(sql: "CREATE TABLE pairs (a INTEGER, b INTEGER)") }
        let failures = LockedCount()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<50 {
                do {
                    if worker % 2 == 0 {
                        try pool.write { db in
                            try db.execute(sql: "INSERT INTO pairs VALUES (?, ?)", arguments: [step, step])
                            try db.execute(sql: "INSERT INTO pairs VALUES (?, ?)", arguments: [-step, -step])
                        }
                    } else {
                        // Rows come in pairs that sum to zero: a reader never sees half a write.
                        let sum = try pool.read { db in try Int.fetchOne(db, sql: "SELECT coalesce(sum(a), 0) FROM pairs") }
                        if sum != 0 { failures.add() }
                    }
                } catch {
                    failures.add()
                }
            }
        }
        #expect(failures.value == 0)
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pairs") } == 4 * 50 * 2)
    }

    @Test("A read-only pool reads and refuses to write")
    func readOnlyPool() throws {
        let folder = TemporaryDirectory("sqlite-pool")
        let path = folder.path("pool.sqlite")
        try SQLiteShell.run(path, "PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (3);")
        let pool = try SQLiteConnectionPool(path: path, readOnly: true, busyTimeout: 1)
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT x FROM t") } == 3)
        let error = try #require(throws: SQLiteError.self) { try pool.write { db in try db.execute(sql: "DELETE FROM t") } }
        #expect(error.code == 8)  // SQLITE_READONLY
    }
}

/// A counter shared by threads.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
