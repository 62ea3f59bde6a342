/// One result row, its values copied out of the statement: read by column index or name.
///
/// ```swift
/// let rows = try SQLiteRow.fetchAll(db, sql: "SELECT at, action FROM audit_log")
/// let at: Double = rows[0]["at"]
/// ```
struct SQLiteRow {
    /// The result columns.
    let columns: SQLiteColumns
    /// The values, in column order.
    let values: [SQLiteValue]

    /// The stored value of column `index`.
    func value(at index: Int) -> SQLiteValue { values[index] }

    /// The stored value of the column named `name`, `NULL` when there is no such column.
    func value(named name: String) -> SQLiteValue {
        columns.index(of: name).map { values[$0] } ?? .null
    }

    /// Column `index`, converted. A value that does not convert is a programming error (read
    /// such a column as an optional): it stops the program, naming the column.
    subscript<Value: SQLiteValueConvertible>(_ index: Int) -> Value {
        Self.converted(values[index], column: columns.names[index])
    }

    /// The column named `name`, converted, under the rule of ``subscript(_:)-(Int)``.
    subscript<Value: SQLiteValueConvertible>(_ name: String) -> Value {
        Self.converted(value(named: name), column: name)
    }

    private static func converted<Value: SQLiteValueConvertible>(_ value: SQLiteValue, column: String) -> Value {
        guard let converted = Value.fromSQLiteValue(value) else {
            preconditionFailure("could not read \(value) from column `\(column)` as \(Value.self)")
        }
        return converted
    }
}
