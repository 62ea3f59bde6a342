/// A value as SQLite stores it: one of its five storage classes.
enum SQLiteValue: Sendable, Equatable {
    /// `NULL`.
    case null
    /// An `INTEGER`.
    case integer(Int64)
    /// A `REAL`.
    case real(Double)
    /// `TEXT`, as UTF-8.
    case text(String)
    /// A `BLOB`.
    case blob([UInt8])

    /// Whether the value is `NULL`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
