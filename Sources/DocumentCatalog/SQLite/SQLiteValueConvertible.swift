/// A Swift value that can be bound to a statement parameter and read from a column.
///
/// Reading converts the way the catalog has always read its columns: integers from integers or
/// integral reals, reals from both numeric classes, text from text or UTF-8 blobs, bytes from
/// blobs or text, booleans from numbers. Anything else (a `NULL`, text for a number) does not
/// convert and reads as `nil`.
protocol SQLiteValueConvertible {
    /// The value as it is stored.
    var sqliteValue: SQLiteValue { get }
    /// The Swift value of a stored value, or `nil` when it does not convert.
    static func fromSQLiteValue(_ value: SQLiteValue) -> Self?
}

extension SQLiteValue: SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { self }
    static func fromSQLiteValue(_ value: SQLiteValue) -> SQLiteValue? { value }
}

extension Int64: SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { .integer(self) }
    static func fromSQLiteValue(_ value: SQLiteValue) -> Int64? {
        switch value {
        case .integer(let integer): integer
        case .real(let real): Int64(exactly: real)
        default: nil
        }
    }
}

extension Int: SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    static func fromSQLiteValue(_ value: SQLiteValue) -> Int? {
        Int64.fromSQLiteValue(value).flatMap { Int(exactly: $0) }
    }
}

extension Double: SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { .real(self) }
    static func fromSQLiteValue(_ value: SQLiteValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        default: nil
        }
    }
}

extension Bool: SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
    static func fromSQLiteValue(_ value: SQLiteValue) -> Bool? {
        switch value {
        case .integer(let integer): integer != 0
        case .real(let real): real != 0
        default: nil
        }
    }
}

extension String: SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { .text(self) }
    static func fromSQLiteValue(_ value: SQLiteValue) -> String? {
        switch value {
        case .text(let text): text
        case .blob(let bytes): String(validating: bytes, as: UTF8.self)
        default: nil
        }
    }
}

extension Array: SQLiteValueConvertible where Element == UInt8 {
    var sqliteValue: SQLiteValue { .blob(self) }
    static func fromSQLiteValue(_ value: SQLiteValue) -> [UInt8]? {
        switch value {
        case .blob(let bytes): bytes
        case .text(let text): Array(text.utf8)
        default: nil
        }
    }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
    /// `NULL` reads as `.some(nil)`: a nullable column holding `NULL` converts.
    static func fromSQLiteValue(_ value: SQLiteValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromSQLiteValue(value).map { .some($0) }
    }
}
