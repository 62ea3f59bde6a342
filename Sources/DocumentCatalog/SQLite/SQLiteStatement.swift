import CSQLite

/// A prepared statement of one connection: bound, stepped, read and reset, then reused.
///
/// A statement belongs to its connection and to the thread that holds the connection; it is
/// finalized when it is released or when its connection closes.
final class SQLiteStatement {
    /// The compiled statement.
    let handle: OpaquePointer
    /// The statement's SQL text.
    let sql: String
    /// The connection the statement was prepared on.
    unowned let connection: SQLiteConnection
    /// The result columns' names, read once.
    private(set) lazy var columns = SQLiteColumns(names: (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) })

    /// Wraps a statement prepared on `connection`.
    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// How many `?` parameters the statement has.
    var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Resets the statement and binds `arguments` to its parameters, first to first.
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_RANGE` when the count of arguments is not the count of
    ///   parameters, or SQLite's error for a value it refuses.
    func bind(_ arguments: SQLiteArguments) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard arguments.values.count == parameterCount else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "wrong number of statement arguments: \(arguments.values.count) for \(parameterCount) parameters",
                sql: sql, path: connection.path)
        }
        for (offset, value) in arguments.values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let integer):
                code = sqlite3_bind_int64(handle, index, integer)
            case .real(let real):
                code = sqlite3_bind_double(handle, index, real)
            case .text(let text):
                code = sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), SQLiteStatement.transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count), SQLiteStatement.transient) }
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: connection.handle, sql: sql, path: connection.path) }
        }
    }

    /// Advances to the next row: `true` when there is one, `false` when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: code, handle: connection.handle, sql: sql, path: connection.path)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Ends the current execution, releasing its locks; the bindings stay.
    func reset() {
        sqlite3_reset(handle)
    }

    /// Runs the statement to its end with `arguments`, ignoring any rows.
    func execute(arguments: SQLiteArguments = []) throws(SQLiteError) {
        try bind(arguments)
        defer { reset() }
        while try step() {}
    }

    /// The value of column `index` of the current row.
    func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let start = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let start = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default:
            return .null
        }
    }

    /// The current row, copied out of the statement.
    func currentRow() -> SQLiteRow {
        let count = columns.names.count
        var values: [SQLiteValue] = []
        values.reserveCapacity(count)
        for index in 0..<Int32(count) { values.append(value(at: index)) }
        return SQLiteRow(columns: columns, values: values)
    }

    /// The destructor value that makes SQLite copy a bound text or blob.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
