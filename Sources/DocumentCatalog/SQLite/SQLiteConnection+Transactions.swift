/// When a transaction takes the database's write lock.
enum SQLiteTransactionKind: String {
    /// At its first write (`BEGIN DEFERRED`).
    case deferred = "DEFERRED"
    /// At once (`BEGIN IMMEDIATE`): a writer waits here, not in the middle of its work.
    case immediate = "IMMEDIATE"
}

extension SQLiteConnection {
    /// Runs `body` in a transaction: committed when `body` returns, rolled back when it (or the
    /// commit) throws.
    func inTransaction<T>(_ kind: SQLiteTransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try execute(sql: "BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
            try execute(sql: "COMMIT TRANSACTION")
        } catch {
            if isInsideTransaction { try? execute(sql: "ROLLBACK TRANSACTION") }
            throw error
        }
        return result
    }
}
