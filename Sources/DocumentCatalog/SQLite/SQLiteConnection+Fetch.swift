extension SQLiteConnection {
    /// Runs the cached statement for `sql` with `arguments` and hands each row to `body`
    /// while the statement is on it.
    func forEachRow(sql: String, arguments: SQLiteArguments, _ body: (SQLiteStatement) -> Void) throws(SQLiteError) {
        let statement = try cachedStatement(sql: sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.step() { body(statement) }
    }
}

extension SQLiteRow {
    /// Every row of `sql`.
    static func fetchAll(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = []) throws(SQLiteError) -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try db.forEachRow(sql: sql, arguments: arguments) { rows.append($0.currentRow()) }
        return rows
    }

    /// The first row of `sql`, or `nil` when there is none.
    static func fetchOne(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = []) throws(SQLiteError) -> SQLiteRow? {
        let statement = try db.cachedStatement(sql: sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        return try statement.step() ? statement.currentRow() : nil
    }
}

extension SQLiteValueConvertible {
    /// The first column of every row of `sql`; a value that does not convert stops the program
    /// (as ``SQLiteRow``'s subscripts do).
    static func fetchAll(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = []) throws(SQLiteError) -> [Self] {
        var values: [Self] = []
        try db.forEachRow(sql: sql, arguments: arguments) { statement in
            let stored = statement.value(at: 0)
            guard let value = Self.fromSQLiteValue(stored) else {
                preconditionFailure("could not read \(stored) as \(Self.self) from `\(sql)`")
            }
            values.append(value)
        }
        return values
    }

    /// The first column of the first row of `sql`: `nil` when there is no row or the value is
    /// `NULL` or does not convert.
    static func fetchOne(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = []) throws(SQLiteError) -> Self? {
        let statement = try db.cachedStatement(sql: sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return Self.fromSQLiteValue(statement.value(at: 0))
    }
}
