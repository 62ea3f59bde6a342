/// The result columns of a statement, shared by all the rows it returns.
final class SQLiteColumns {
    /// The names, in column order.
    let names: [String]

    /// Columns with these names.
    init(names: [String]) {
        self.names = names
    }

    /// The index of the first column named `name`: an exact match first, else one that differs
    /// only in ASCII case (SQL names are case-insensitive). `nil` when there is none.
    func index(of name: String) -> Int? {
        if let exact = names.firstIndex(of: name) { return exact }
        let wanted = name.lowercased()
        return names.firstIndex { $0.lowercased() == wanted }
    }
}
