import CSQLite
import Glibc
public import UniformTypes

/// The catalog: one SQLite file holding registered apps, their claims, app-declared types,
/// defaults, associations, the hand-over's grants and journal, and an audit log.
///
/// Opening a catalog creates it on first use (folder, file, schema). The file is in WAL mode
/// with a busy timeout and foreign keys on, so several processes can read and write at once:
/// writers queue, readers never wait for a writer. Every change is one immediate transaction:
/// it either happens whole, with an audit row, or not at all.
///
/// Reads for lookups go through ``snapshot()``, an immutable in-memory view rebuilt only when
/// the catalog changed.
///
/// ```swift
/// let catalog = try DocumentCatalog(location: .resolve(environment: env))
/// let snapshot = try catalog.snapshot()
/// ```
public final class DocumentCatalog: Sendable {
    /// Where the catalog lives.
    public let location: CatalogLocation
    /// The system type graph that app-declared types are added to (the embedded catalog unless
    /// another was given; compiled only when first needed).
    public var systemGraph: TypeGraph { customSystemGraph ?? SystemTypeCatalog.graph }
    /// A system graph given at opening, instead of the embedded one.
    let customSystemGraph: TypeGraph?
    /// Whether the catalog was opened read-only (the file or its folder is not writable).
    public let isReadOnly: Bool
    /// Whether this open created the catalog.
    public let wasCreated: Bool

    let pool: SQLiteConnectionPool
    private let cache = SnapshotCache()

    /// Opens (and if needed creates) the catalog.
    ///
    /// Policy (see `CatalogFile`): a new catalog appears whole or not at all, private to its
    /// owner; an existing file is used only if it is a catalog; reading never needs to write.
    ///
    /// - Parameters:
    ///   - location: the catalog file.
    ///   - systemGraph: the system types; `nil` (the default) for the embedded catalog.
    ///   - readOnly: open without writing; fails if the catalog does not exist.
    ///   - busyTimeout: how long, in seconds, a write waits for another process's write before
    ///     it fails with ``CatalogError/Code/databaseFailure``.
    /// - Throws: ``CatalogError`` — `.cannotOpen` (folder or file not creatable or not
    ///   readable), `.damaged` (an empty file), `.notACatalog` (not an SQLite file, another
    ///   application's database, or corrupt), `.newerSchema`. The file is then left as it was.
    public init(location: CatalogLocation, systemGraph: TypeGraph? = nil, readOnly: Bool = false, busyTimeout: Double = 30) throws(CatalogError) {
        self.location = location
        self.customSystemGraph = systemGraph
        let path = location.path
        let existed = try CatalogFile.inspect(path) == .catalog
        if !existed {
            if readOnly { throw CatalogError(.cannotOpen, path: path, reason: "the catalog does not exist") }
            // A snapshot file left by an earlier catalog at this path (inodes are reused).
            SnapshotImage.remove(location: location)
            try CatalogFile.create(at: path, folder: location.dataFolder, migrator: CatalogSchema.migrator)
        }
        var writable = !readOnly
        if writable && access(path, W_OK) != 0 { writable = false }
        if writable && access(location.dataFolder, W_OK) != 0 { writable = false }
        if writable { Self.restrictPermissions(path) }
        (pool, isReadOnly) = try Self.openPool(path: path, writable: writable, busyTimeout: busyTimeout)
        wasCreated = !existed
        try migrate()
    }

    /// Opens the connection pool. Reading never needs to write: when a reader cannot create
    /// the files SQLite keeps beside a write-ahead-logged database (a read-only folder, a full
    /// disk) and no log content is pending, the file is read as immutable instead.
    private static func openPool(path: String, writable: Bool, busyTimeout: Double) throws(CatalogError) -> (SQLiteConnectionPool, Bool) {
        do {
            let pool = try SQLiteConnectionPool(path: path, readOnly: !writable, busyTimeout: busyTimeout)
            // The first read opens the write-ahead log; a failure here is the reader's, not the file's.
            _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return (pool, !writable)
        } catch {
            let translated = translate(error, path: path, opening: true)
            guard translated.code == .cannotOpen || translated.code == .databaseFailure, !CatalogFile.hasWriteAheadLog(path) else {
                throw translated
            }
            do {
                let pool = try SQLiteConnectionPool(path: CatalogFile.immutableURI(path), readOnly: true, busyTimeout: busyTimeout)
                _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
                return (pool, true)
            } catch {
                throw translated
            }
        }
    }

    /// Narrows an existing catalog file to its owner (`0600`), as new ones are created.
    private static func restrictPermissions(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid == geteuid(), (info.st_mode & 0o077) != 0 else { return }
        chmod(path, 0o600)
    }

    private func migrate() throws(CatalogError) {
        let migrator = CatalogSchema.migrator
        do {
            let state = try pool.read { db -> (complete: Bool, superseded: Bool) in
                (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db))
            }
            if state.superseded {
                throw CatalogError(.newerSchema, path: location.path, reason: "the catalog was written by a newer version of openwith; upgrade openwith or use another catalog")
            }
            if state.complete { return }
            if isReadOnly {
                throw CatalogError(.cannotOpen, path: location.path, reason: "the catalog needs an upgrade but is read-only; run openwith once where it can write")
            }
            // Serialise upgrades across processes.
            let lock = try FileLock(path: location.path + ".lock")
            defer { lock.unlock() }
            try migrator.migrate(pool)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw DocumentCatalog.translate(error, path: location.path, opening: true)
        }
    }

    // MARK: Reading and writing

    /// Runs `body` in a read transaction.
    func read<T>(_ body: (SQLiteConnection) throws -> T) throws(CatalogError) -> T {
        do {
            return try pool.read(body)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw DocumentCatalog.translate(error, path: location.path, opening: false)
        }
    }

    /// Runs `body` in one immediate write transaction, bumps the change counter and appends an
    /// audit row. On any error nothing is written.
    func write<T>(action: String, subject: String, detail: String = "", _ body: (SQLiteConnection) throws -> T) throws(CatalogError) -> T {
        if isReadOnly { throw CatalogError(.cannotOpen, path: location.path, reason: "the catalog is read-only") }
        // The stored snapshot goes before the change and again after it (see SnapshotImage).
        SnapshotImage.remove(location: location)
        defer { SnapshotImage.remove(location: location) }
        do {
            return try pool.write { db in
                let result = try body(db)
                try db.execute(sql: "UPDATE catalog_info SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
                try db.execute(
                    sql: "INSERT INTO audit_log(at, action, subject, detail) VALUES (?, ?, ?, ?)",
                    arguments: [WallClock.now(), action, subject, detail])
                return result
            }
        } catch let error as CatalogError {
            throw error
        } catch {
            throw DocumentCatalog.translate(error, path: location.path, opening: false)
        }
    }

    /// The change counter: it grows with every committed change.
    public func generation() throws(CatalogError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM catalog_info WHERE key = 'generation'") ?? 0 }
    }

    /// A value stored in `catalog_info`, or `nil`.
    public func info(_ key: String) throws(CatalogError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM catalog_info WHERE key = ?", arguments: [key]) }
    }

    /// Stores a value in `catalog_info`.
    public func setInfo(_ key: String, _ value: String) throws(CatalogError) {
        try write(action: "info", subject: key, detail: value) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO catalog_info(key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    /// The latest audit entries, newest first.
    public func auditLog(limit: Int = 50) throws(CatalogError) -> [AuditEntry] {
        try read { db in
            try SQLiteRow.fetchAll(db, sql: "SELECT at, action, subject, detail FROM audit_log ORDER BY id DESC LIMIT ?", arguments: [limit]).map {
                AuditEntry(at: $0["at"], action: $0["action"], subject: $0["subject"], detail: $0["detail"])
            }
        }
    }

    /// The current snapshot: rebuilt when the catalog changed since the last one, else reused.
    public func snapshot() throws(CatalogError) -> CatalogSnapshot {
        let generation = try generation()
        if let cached = cache.snapshot(for: generation) { return cached }
        let (snapshot, rows) = try CatalogSnapshot.load(from: self)
        if !isReadOnly && customSystemGraph == nil {
            SnapshotImage.write(rows, nameOrder: snapshot.nameOrder, location: location)
            // A change committed since the rows were read: the file must not outlive it.
            if (try? self.generation()) != rows.generation { SnapshotImage.remove(location: location) }
        }
        cache.store(snapshot)
        return snapshot
    }

    /// The catalog's snapshot as stored beside it by the last snapshot load, without opening
    /// the database: what a short-lived process uses to answer at once. `nil` when there is no
    /// current stored snapshot (then open the catalog and call ``snapshot()``). It does not check
    /// whether the machine changed: ``currentSnapshot(location:environment:)`` does.
    ///
    /// The stored snapshot is removed by every change made through a ``DocumentCatalog``;
    /// see `SnapshotImage` for the exact rules.
    public static func storedSnapshot(location: CatalogLocation) -> CatalogSnapshot? {
        guard let rows = SnapshotImage.read(location: location) else { return nil }
        return storedSnapshot(rows: rows, location: location)
    }

    /// A snapshot built from stored rows, or `nil` when their types do not compile.
    static func storedSnapshot(rows: SnapshotRows, location: CatalogLocation) -> CatalogSnapshot? {
        storedGraph(rows: rows, location: location).map { CatalogSnapshot.build(rows, graph: $0) }
    }

    /// The type graph of stored rows (the graph image beside the catalog, rewritten when stale
    /// and the folder is writable), or `nil` when their types do not compile.
    static func storedGraph(rows: SnapshotRows, location: CatalogLocation) -> TypeGraph? {
        try? CatalogGraphImage.graph(adding: rows.declarations, location: location, writable: access(location.dataFolder, W_OK) == 0)
    }

    /// The catalog error for `error`: SQLite's code decides the kind, SQLite's message is the
    /// reason.
    static func translate(_ error: any Error, path: String, opening: Bool) -> CatalogError {
        if let error = error as? SQLiteError {
            switch error.code {
            case SQLITE_NOTADB, SQLITE_CORRUPT:
                return CatalogError(.notACatalog, path: path, reason: "the file is not a usable SQLite database (\(error.message))", underlying: error)
            case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH:
                return CatalogError(.cannotOpen, path: path, reason: error.message, underlying: error)
            default:
                return CatalogError(opening ? .cannotOpen : .databaseFailure, path: path, reason: error.message, underlying: error)
            }
        }
        return CatalogError(.databaseFailure, path: path, reason: "\(error)")
    }
}

/// One row of the audit log.
public struct AuditEntry: Sendable, Equatable {
    /// When, in seconds since 1970.
    public var at: Double
    /// What was done (`register`, `unregister`, `default`, `import-system` …).
    public var action: String
    /// What it was done to (an app id, a type, a path).
    public var subject: String
    /// More detail.
    public var detail: String
}
