import CSQLite

/// A failure reported by SQLite: its result code, its message, the statement that failed (if
/// any) and the database file.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_FOREIGNKEY`, `SQLITE_CANTOPEN` …).
    var extendedCode: Int32
    /// SQLite's message (`sqlite3_errmsg`, or the text of the result code).
    var message: String
    /// The statement that failed, if the failure is a statement's.
    var sql: String?
    /// The database file (or URI) of the connection.
    var path: String

    /// The primary result code: the low byte of ``extendedCode``.
    var code: Int32 { extendedCode & 0xFF }

    /// An error with the given parts.
    init(code: Int32, message: String, sql: String? = nil, path: String) {
        self.extendedCode = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// The error just reported by the connection `handle` (which may be `nil` when SQLite could
    /// not allocate one), for `code`.
    init(code: Int32, handle: OpaquePointer?, sql: String? = nil, path: String) {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? sqlite3_errstr(code).map { String(cString: $0) } ?? "SQLite error \(code)"
        self.init(code: code, message: message, sql: sql, path: path)
    }

    var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text + " (\(path))"
    }
}
