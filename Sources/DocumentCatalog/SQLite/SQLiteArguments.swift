/// The values bound to a statement's `?` parameters, in order.
///
/// ```swift
/// try db.execute(sql: "INSERT INTO catalog_info(key, value) VALUES (?, ?)", arguments: [key, value])
/// ```
struct SQLiteArguments: ExpressibleByArrayLiteral {
    /// The values, first parameter first.
    var values: [SQLiteValue]

    /// Arguments from Swift values (`nil` binds `NULL`).
    init(_ elements: [(any SQLiteValueConvertible)?]) {
        values = elements.map { $0?.sqliteValue ?? .null }
    }

    init(arrayLiteral elements: (any SQLiteValueConvertible)?...) {
        self.init(elements)
    }

    /// Appends the values of `other`.
    mutating func append(contentsOf other: SQLiteArguments) {
        values.append(contentsOf: other.values)
    }

    /// `left` followed by `right`.
    static func + (left: SQLiteArguments, right: SQLiteArguments) -> SQLiteArguments {
        var joined = left
        joined.append(contentsOf: right)
        return joined
    }

    /// Appends the values of `right` to `left`.
    static func += (left: inout SQLiteArguments, right: SQLiteArguments) {
        left.append(contentsOf: right)
    }
}
