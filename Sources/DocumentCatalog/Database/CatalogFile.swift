import FileSystemCalls
import Glibc

/// The catalog file on disk: what is at its path, how a new one comes into being, and who may
/// read it.
///
/// Policy:
/// - **What is ours.** A catalog carries the SQLite application id ``applicationID`` in its
///   header. A file at the catalog's path is used only if it is an SQLite database with that
///   id, or an SQLite database without tables (nothing to lose), or one written before
///   catalogs were marked (id 0 with the catalog's own tables; it is marked on its next
///   upgrade). Anything else is refused without a single byte changed: not SQLite, another
///   application's database, or an empty (zero-length) file — a catalog that lost its contents,
///   refused as damage so that apps and grants are not silently forgotten.
/// - **Creation is atomic.** A new catalog is built whole under a temporary name beside its
///   final path (schema and first rows committed, the file synced) and then linked into place
///   without replacing anything: a process killed while creating leaves at most the
///   temporary file, never an empty or half-made catalog; two processes creating at once end
///   with one catalog.
/// - **Private.** The catalog holds URL signing keys: it is created `0600`, and the folders
///   created for it `0700`. Existing folders are not changed.
enum CatalogFile {
    /// The SQLite application id of catalogs (`OWct`).
    static let applicationID: Int32 = 0x4F57_6374

    /// What is at the catalog's path.
    enum Presence {
        /// Nothing: a catalog is to be created.
        case absent
        /// A catalog (or a database the catalog may adopt, see the policy).
        case catalog
    }

    /// Examines the file at `path` without changing it.
    ///
    /// - Throws: ``CatalogError`` — `.damaged` for an empty file, `.notACatalog` for a file that
    ///   is not SQLite or belongs to another application, `.cannotOpen` when it cannot be read.
    static func inspect(_ path: String) throws(CatalogError) -> Presence {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .absent }
            throw CatalogError(.cannotOpen, path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw CatalogError(.notACatalog, path: path, reason: "not a regular file")
        }
        if info.st_size == 0 {
            throw CatalogError(
                .damaged, path: path,
                reason: """
                    the catalog file is empty (0 bytes): the apps, defaults and grants it held are lost, and inbox files \
                    have no grants. It was left as it was. To start a new catalog, move it aside (mv '\(path)' \
                    '\(path).damaged') and run openwith again; to keep the old one, restore the file from a backup
                    """)
        }
        let header = try readHeader(path)
        guard header.count == 100, Array(header[0..<16]) == Array("SQLite format 3\u{0}".utf8) else {
            throw CatalogError(.notACatalog, path: path, reason: "the file is not an SQLite database")
        }
        let identifier = header[68..<72].reduce(Int32(0)) { ($0 << 8) | Int32($1) }
        if identifier == applicationID { return .catalog }
        if identifier != 0 {
            throw CatalogError(
                .notACatalog, path: path, key: "application_id",
                reason: "the file is the SQLite database of another application (application id \(identifier)); it was not changed")
        }
        let tables = try tableNames(path)
        let ownTables: Set<String> = ["grdb_migrations", "catalog_info", "apps"]
        if tables.isEmpty || ownTables.isSubset(of: tables) { return .catalog }
        let listed = tables.sorted().prefix(5).joined(separator: ", ")
        throw CatalogError(
            .notACatalog, path: path, key: "application_id",
            reason: "the file is an SQLite database that is not a catalog (tables \(listed)\(tables.count > 5 ? ", …" : "")); it was not changed")
    }

    /// Builds a new catalog under a temporary name and links it to `path`; if another process
    /// created `path` meanwhile, that catalog stays and the temporary one goes.
    static func create(at path: String, folder: String, migrator: SQLiteMigrator) throws(CatalogError) {
        try makeFolder(folder, catalogPath: path)
        let (temporary, descriptor) = try createTemporary(beside: path)
        close(descriptor)
        defer { unlink(temporary) }
        do {
            do {
                let pool = try SQLiteConnectionPool(path: temporary, readOnly: false, busyTimeout: 30)
                try migrator.migrate(pool)
                try pool.write { db in
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO catalog_info(key, value) VALUES ('generation', '0'), ('created_at', ?)",
                        arguments: [String(WallClock.now())])
                }
                // Closing the last connection checkpoints the WAL into the file and removes it.
                pool.close()
            }
            let synced = open(temporary, O_RDONLY | O_CLOEXEC)
            if synced >= 0 {
                fsync(synced)
                close(synced)
            }
        } catch {
            throw DocumentCatalog.translate(error, path: path, opening: true)
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw CatalogError(.cannotOpen, path: path, reason: "cannot put the new catalog in place: \(String(cString: strerror(errno)))")
        }
        let parent = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if parent >= 0 {
            fsync(parent)
            close(parent)
        }
    }

    /// Creates the catalog's folder and its missing parents, mode `0700`.
    static func makeFolder(_ folder: String, catalogPath: String) throws(CatalogError) {
        do {
            try FolderCreation.createWithParents(folder)
        } catch {
            throw CatalogError(.cannotOpen, path: catalogPath, reason: "cannot create folder \(error.path): \(error.systemMessage)")
        }
    }

    /// Whether the catalog at `path` has write-ahead-log content that a reader would need.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    /// The path SQLite opens for reading a catalog whose folder cannot hold the files a reader
    /// of a write-ahead-logged database creates: the file itself, as immutable and read-only.
    static func immutableURI(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-._~".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let digits = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (byte < 16 ? "0" + digits : digits)
            }
        }
        return "file:" + encoded + "?mode=ro&immutable=1"
    }

    // MARK: Reading without changing

    private static func readHeader(_ path: String) throws(CatalogError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CatalogError(.cannotOpen, path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        return count == 100 ? header : []
    }

    /// The names of the tables of the database at `path`, read through a read-only
    /// connection that changes nothing (not even the journal mode).
    private static func tableNames(_ path: String) throws(CatalogError) -> Set<String> {
        do {
            let connection = try SQLiteConnection(path: path, readOnly: true, busyTimeout: 30)
            defer { connection.close() }
            return Set(try String.fetchAll(connection, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        } catch {
            throw DocumentCatalog.translate(error, path: path, opening: true)
        }
    }

    private static func createTemporary(beside path: String) throws(CatalogError) -> (String, Int32) {
        let created = try UniqueTemporaryName.create(naming: { path + ".new-" + $0 }) { candidate throws(CatalogError) -> Int32? in
            let descriptor = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return descriptor }
            if errno == EEXIST { return nil }
            throw CatalogError(.cannotOpen, path: path, reason: "cannot create the new catalog: \(String(cString: strerror(errno)))")
        }
        guard let created else { throw CatalogError(.cannotOpen, path: path, reason: "no free temporary name for the new catalog") }
        return (created.name, created.created)
    }
}
