/// The connections of one database file shared by threads: one writer, used by one thread at a
/// time, and readers, each used by one thread at a time, that run beside the writer (the file is
/// in write-ahead-log mode).
///
/// A writable pool opens its writer at once, switches the file to WAL and applies the
/// connection settings (foreign keys on, `synchronous = NORMAL`). A read-only pool has no
/// writer. Readers are opened read-only when first needed and kept (up to
/// ``maximumIdleReaders``) for the next read.
final class SQLiteConnectionPool: @unchecked Sendable {
    // @unchecked: every connection is reached only under `writerLock` (the writer) or after it
    // was taken out of `idleReaders` under `readersLock` (a reader).

    /// The file (or `file:` URI).
    let path: String
    /// Whether the pool has no writer.
    let isReadOnly: Bool
    /// How long a connection waits for another's lock, in seconds.
    let busyTimeout: Double
    /// How many unused readers are kept open.
    let maximumIdleReaders = 4

    private let writer: SQLiteConnection?
    private let writerLock = SQLiteLock()
    private var idleReaders: [SQLiteConnection] = []
    private let readersLock = SQLiteLock()

    /// Opens the pool.
    ///
    /// - Throws: ``SQLiteError`` from opening the writer or setting it up (`SQLITE_NOTADB` for a
    ///   file that is not a database).
    init(path: String, readOnly: Bool, busyTimeout: Double) throws(SQLiteError) {
        self.path = path
        self.isReadOnly = readOnly
        self.busyTimeout = busyTimeout
        if readOnly {
            writer = nil
        } else {
            let connection = try SQLiteConnection(path: path, readOnly: false, busyTimeout: busyTimeout)
            try connection.execute(sql: "PRAGMA foreign_keys = ON")
            _ = try String.fetchOne(connection, sql: "PRAGMA journal_mode = WAL")
            try connection.execute(sql: "PRAGMA synchronous = NORMAL")
            writer = connection
        }
    }

    deinit {
        close()
    }

    /// Closes every connection, the readers first: the writer, closing last, checkpoints the
    /// write-ahead log into the file and removes it (a read-only connection cannot).
    func close() {
        readersLock.withLock {
            for reader in idleReaders { reader.close() }
            idleReaders.removeAll()
        }
        writerLock.withLock { writer?.close() }
    }

    /// Runs `body` on a reader, in a deferred transaction: it sees one state of the database
    /// throughout, while writers go on.
    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let reader = try takeReader()
        defer { putBack(reader) }
        return try reader.inTransaction(.deferred) { try body(reader) }
    }

    /// Runs `body` on the writer, in an immediate transaction.
    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writeWithoutTransaction { db in try db.inTransaction(.immediate) { try body(db) } }
    }

    /// Runs `body` on the writer, which no other thread uses meanwhile; `body` opens its own
    /// transactions.
    func writeWithoutTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard let writer else {
            throw SQLiteError(code: 8 /* SQLITE_READONLY */, message: "the database was opened read-only", path: path)
        }
        return try writerLock.withLock { try body(writer) }
    }

    private func takeReader() throws(SQLiteError) -> SQLiteConnection {
        if let idle = readersLock.withLock({ idleReaders.popLast() }) { return idle }
        return try SQLiteConnection(path: path, readOnly: true, busyTimeout: busyTimeout)
    }

    private func putBack(_ reader: SQLiteConnection) {
        let kept = readersLock.withLock { () -> Bool in
            guard idleReaders.count < maximumIdleReaders else { return false }
            idleReaders.append(reader)
            return true
        }
        if !kept { reader.close() }
    }
}
