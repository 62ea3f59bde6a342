import Glibc

/// How a catalog's files look on disk at one moment: for the database file and its write-ahead
/// log (`<catalog>-wal`), whether it exists, its device, inode, size, and modification and
/// status-change times. Every committed change writes one of the two (the log in WAL mode, the
/// database file otherwise), so when the files still look as a settled stamp says, nothing was
/// committed since it was taken, and the workspace keeps its lookup without asking SQLite.
///
/// Policy: a file's times are only as fine as its file system's clock tick (a few milliseconds
/// on Linux, a whole second on some file systems), so two writes within one tick can leave the
/// same time and size behind. A stamp is trusted only once it is settled: taken at least
/// 50 ms after the newest time it holds, or 2 s when every time it holds is a whole second (a
/// file system that keeps seconds). A write after that moment carries a later time. Until
/// then the workspace asks the catalog's change counter, as it does at least once per
/// ``Workspace/followInterval`` anyway.
struct CatalogFileStamp: Sendable {
    /// The marks of one file; `nil` for a file that does not exist.
    struct Marks: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        /// Modification and status-change times, in nanoseconds since 1970.
        var modified: Int64
        var changed: Int64
    }

    let database: Marks?
    let log: Marks?
    /// When the stamp was taken, in nanoseconds since 1970 (the clock file times are taken from).
    let takenAt: Int64

    /// Stats the catalog at `path` and its log now: two `stat` calls, no allocation.
    init(catalogAt path: String) {
        takenAt = Self.now()
        database = Self.marks(path, suffix: nil)
        log = Self.marks(path, suffix: "-wal")
    }

    /// Whether both files look as they did in `other`.
    func describesSameFiles(as other: CatalogFileStamp) -> Bool {
        database == other.database && log == other.log
    }

    /// Whether a write made after the stamp was taken is sure to change it (see the policy).
    var isSettled: Bool {
        var newest = Int64.min
        var keepsSeconds = true
        func consider(_ marks: Marks?) {
            guard let marks else { return }
            newest = max(newest, marks.modified, marks.changed)
            keepsSeconds = keepsSeconds && marks.modified % 1_000_000_000 == 0 && marks.changed % 1_000_000_000 == 0
        }
        consider(database)
        consider(log)
        if newest == .min { return true }
        let tick: Int64 = keepsSeconds ? 2_000_000_000 : 50_000_000
        return takenAt - newest >= tick
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    private static func marks(_ path: String, suffix: StaticString?) -> Marks? {
        var info = stat()
        let found: Bool
        if let suffix {
            // The log's name, built on the stack: the fast path allocates nothing.
            found = path.utf8.count + suffix.utf8CodeUnitCount < 4096 && withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer in
                var end = 0
                for byte in path.utf8 {
                    buffer[end] = CChar(bitPattern: byte)
                    end += 1
                }
                for byte in UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount) {
                    buffer[end] = CChar(bitPattern: byte)
                    end += 1
                }
                buffer[end] = 0
                return stat(buffer.baseAddress!, &info) == 0
            }
        } else {
            found = stat(path, &info) == 0
        }
        guard found else { return nil }
        return Marks(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
