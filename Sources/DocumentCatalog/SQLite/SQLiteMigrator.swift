/// Named, ordered schema migrations, each applied once and recorded in the database.
///
/// Applied migrations are recorded in the table `grdb_migrations` (column `identifier`), the
/// table earlier versions of the catalog recorded them in through the GRDB library: catalogs
/// written by those versions open and upgrade unchanged.
///
/// Each migration runs in its own immediate transaction with foreign keys off (so that a table
/// can be rebuilt), and commits only if `PRAGMA foreign_key_check` then finds no violation.
struct SQLiteMigrator {
    /// The table that records applied migrations.
    static let tableName = "grdb_migrations"

    private var registered: [(identifier: String, body: (SQLiteConnection) throws -> Void)] = []

    /// A migrator without migrations.
    init() {}

    /// The identifiers of the registered migrations, in order.
    var migrations: [String] { registered.map(\.identifier) }

    /// Adds a migration after the registered ones.
    mutating func registerMigration(_ identifier: String, migrate: @escaping (SQLiteConnection) throws -> Void) {
        precondition(!migrations.contains(identifier), "migration \(identifier) is registered twice")
        registered.append((identifier, migrate))
    }

    /// The identifiers recorded in the database (none when it has no record table).
    func appliedIdentifiers(_ db: SQLiteConnection) throws -> Set<String> {
        let hasTable = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?)",
            arguments: [Self.tableName]) ?? false
        guard hasTable else { return [] }
        return Set(try String.fetchAll(db, sql: "SELECT identifier FROM \(Self.tableName)"))
    }

    /// Whether every registered migration was applied.
    func hasCompletedMigrations(_ db: SQLiteConnection) throws -> Bool {
        try appliedIdentifiers(db).isSuperset(of: migrations)
    }

    /// Whether the database records a migration this migrator does not know (a newer version
    /// wrote it).
    func hasBeenSuperseded(_ db: SQLiteConnection) throws -> Bool {
        !(try appliedIdentifiers(db).subtracting(migrations).isEmpty)
    }

    /// Applies the registered migrations not yet applied, in order, on the pool's writer.
    func migrate(_ pool: SQLiteConnectionPool) throws {
        try pool.writeWithoutTransaction { db in try migrate(db) }
    }

    /// Applies the registered migrations not yet applied, in order, on `db` (outside any
    /// transaction).
    func migrate(_ db: SQLiteConnection) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(Self.tableName) (identifier TEXT NOT NULL PRIMARY KEY)")
        let applied = try appliedIdentifiers(db)
        let foreignKeysWereOn = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        if foreignKeysWereOn { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
        defer { if foreignKeysWereOn { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
        for migration in registered where !applied.contains(migration.identifier) {
            try db.inTransaction(.immediate) {
                try migration.body(db)
                try db.execute(sql: "INSERT INTO \(Self.tableName)(identifier) VALUES (?)", arguments: [migration.identifier])
                if foreignKeysWereOn, let violation = try SQLiteRow.fetchOne(db, sql: "PRAGMA foreign_key_check") {
                    throw SQLiteError(
                        code: 787 /* SQLITE_CONSTRAINT_FOREIGNKEY */,
                        message: "migration \(migration.identifier) left a foreign key violation in table \(violation.value(at: 0))",
                        path: db.path)
                }
            }
        }
    }
}
