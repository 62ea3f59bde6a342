import Glibc

/// What a watched location looked like when an import read it: its identity and modification
/// time, or "absent". Stored in the catalog (`freshness_stamps`) and in its stored snapshot.
struct FreshnessStamp: Sendable, Equatable {
    /// The folder or file.
    var path: String
    /// What it holds.
    var kind: WatchedLocation.Kind
    /// Whether the environment names it directly (not a subfolder of an `applications/` folder).
    var isRoot: Bool
    var device: Int64 = 0
    var inode: Int64 = 0
    var size: Int64 = 0
    /// Nanoseconds since 1970; ``absent`` when the location does not exist, ``unsettled`` when it
    /// changed too recently to be trusted (see ``CatalogFreshness/settlingInterval``).
    var modified: Int64 = FreshnessStamp.absent

    static let absent: Int64 = 0
    static let unsettled: Int64 = -1

    init(path: String, kind: WatchedLocation.Kind, isRoot: Bool, device: Int64, inode: Int64, size: Int64, modified: Int64) {
        self.path = path
        self.kind = kind
        self.isRoot = isRoot
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    /// Stamps `path` now (following links).
    init(taking path: String, kind: WatchedLocation.Kind, isRoot: Bool) {
        self.path = path
        self.kind = kind
        self.isRoot = isRoot
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        device = Int64(bitPattern: UInt64(info.st_dev))
        inode = Int64(bitPattern: UInt64(info.st_ino))
        size = Int64(info.st_size)
        let stamped = Self.nanoseconds(info.st_mtim)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // A time in the future (a skewed clock) is no tick of this one: it is settled.
        let age = Self.nanoseconds(now) - stamped
        let settled = age >= Int64(CatalogFreshness.settlingInterval * 1e9) || age < -1_000_000_000
        modified = settled ? Self.storedTime(info.st_mtim) : Self.unsettled
    }

    /// Whether the location still looks as stamped: one `stat` call, no allocation.
    func isCurrent() -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return modified == Self.absent }
        return modified == Self.storedTime(info.st_mtim) && device == Int64(bitPattern: UInt64(info.st_dev))
            && inode == Int64(bitPattern: UInt64(info.st_ino)) && size == Int64(info.st_size)
    }

    /// A present location's time as stored: never ``absent`` or ``unsettled``.
    private static func storedTime(_ time: timespec) -> Int64 { max(nanoseconds(time), 1) }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
