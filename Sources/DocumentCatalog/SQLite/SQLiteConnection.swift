import CSQLite

/// One connection to an SQLite database file: statements, rows and transactions.
///
/// A connection is used by one thread at a time (it is opened without SQLite's own mutex);
/// ``SQLiteConnectionPool`` hands connections out under that rule. Statements read through the
/// fetch methods are prepared once per connection and reused.
final class SQLiteConnection {
    /// The connection handle.
    let handle: OpaquePointer
    /// The file (or `file:` URI) the connection opened.
    let path: String
    /// The statements prepared by ``cachedStatement(sql:)``, by SQL text.
    private var statementCache: [String: SQLiteStatement] = [:]
    private var isClosed = false

    /// Opens `path`, read-write (creating the file if needed) or read-only. `path` may be a
    /// `file:` URI. The connection reports extended result codes and waits up to `busyTimeout`
    /// seconds for a lock another connection holds.
    ///
    /// - Throws: ``SQLiteError`` with SQLite's code (`SQLITE_CANTOPEN` …).
    init(path: String, readOnly: Bool, busyTimeout: Double) throws(SQLiteError) {
        var opened: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &opened, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let opened else {
            let error = SQLiteError(code: code, handle: opened, path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, Int32(min(max(busyTimeout, 0) * 1000, Double(Int32.max))))
    }

    deinit {
        close()
    }

    /// Finalizes the connection's statements and closes it. When it is the last connection to a
    /// write-ahead-logged file, SQLite checkpoints the log into the file and removes it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Prepares one statement (the first of `sql`).
    func makeStatement(sql: String) throws(SQLiteError) -> SQLiteStatement {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw SQLiteError(code: code == SQLITE_OK ? SQLITE_MISUSE : code, handle: handle, sql: sql, path: path)
        }
        return SQLiteStatement(handle: prepared, sql: sql, connection: self)
    }

    /// The statement for `sql`, prepared on first use and kept for the life of the connection.
    func cachedStatement(sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statementCache[sql] { return cached }
        let statement = try makeStatement(sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `sql`, which may hold several statements separated by semicolons; `arguments` are
    /// bound in order across them.
    ///
    /// - Throws: ``SQLiteError`` for the first statement that fails; the ones before it ran.
    func execute(sql: String, arguments: SQLiteArguments = []) throws(SQLiteError) {
        var remaining = arguments.values[...]
        try sql.utf8CString.withUnsafeBufferPointer { (text) throws(SQLiteError) in
            guard var start = text.baseAddress else { return }
            while start.pointee != 0 {
                var prepared: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, start, -1, &prepared, &tail)
                guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: handle, sql: sql, path: path) }
                guard let prepared else { break }  // only blanks or comments remain
                let statement = SQLiteStatement(handle: prepared, sql: sql, connection: self)
                let count = statement.parameterCount
                // The last statement must use every argument left: checked before it runs.
                let isLast = tail.map { Self.isBlank($0) } ?? true
                guard isLast ? count == remaining.count : count <= remaining.count else {
                    throw SQLiteError(code: SQLITE_RANGE, message: "wrong number of statement arguments", sql: sql, path: path)
                }
                try statement.execute(arguments: SQLiteArguments(values: Array(remaining.prefix(count))))
                remaining = remaining.dropFirst(count)
                guard let tail else { break }
                start = tail
            }
        }
        guard remaining.isEmpty else {
            throw SQLiteError(code: SQLITE_RANGE, message: "wrong number of statement arguments", sql: sql, path: path)
        }
    }

    /// Whether the SQL text at `text` holds nothing more to run (only blanks and semicolons).
    private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var cursor = text
        while true {
            switch UInt8(bitPattern: cursor.pointee) {
            case 0: return true
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ";"): cursor += 1
            default: return false
            }
        }
    }

    /// The rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
    var changesCount: Int { Int(sqlite3_changes(handle)) }

    /// The row id of the last row inserted.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open on the connection.
    var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

extension SQLiteArguments {
    /// Arguments of stored values.
    init(values: [SQLiteValue]) {
        self.init([])
        self.values = values
    }
}
