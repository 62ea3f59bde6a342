import Glibc

/// Proof that a process is working on the transfer journal: how recovery tells a transfer whose
/// process died from one still running.
///
/// Policy: every transfer holds the lock *shared* from before its journal entry is written
/// until the entry is closed; recovery takes it *exclusive without waiting* and, if that fails
/// (a transfer is running in some process), recovers nothing this time. The lock is an advisory
/// `flock` on `<catalog>.transfers.lock`, which the kernel releases when its holder exits, even
/// by `kill -9`: an entry left open while nobody holds the lock belongs to a dead process.
public final class TransferJournalLock: Sendable {
    /// How the lock is held.
    public enum Mode: Sendable {
        /// Held by a running transfer; many transfers hold it at once.
        case shared
        /// Held by recovery; excludes every transfer.
        case exclusive
    }

    /// The lock file.
    public let path: String
    /// How it is held.
    public let mode: Mode
    private let descriptor: Int32

    /// Takes the lock of `catalog` shared, as a transfer does, waiting while a recovery holds it.
    ///
    /// - Throws: ``CatalogError/Code/cannotOpen`` when the lock file cannot be opened or locked.
    public static func holdForTransfer(catalog: DocumentCatalog) throws(CatalogError) -> TransferJournalLock {
        // A shared request never fails with EWOULDBLOCK: it waits.
        guard let lock = try acquire(.shared, catalog: catalog) else {
            throw CatalogError(.cannotOpen, path: catalog.location.path + ".transfers.lock", reason: "the transfer lock could not be taken")
        }
        return lock
    }

    /// Takes the lock of `catalog` exclusive, as recovery does, without waiting.
    ///
    /// - Returns: `nil` while any process runs a transfer.
    /// - Throws: ``CatalogError/Code/cannotOpen`` when the lock file cannot be opened or locked.
    public static func holdForRecovery(catalog: DocumentCatalog) throws(CatalogError) -> TransferJournalLock? {
        try acquire(.exclusive, catalog: catalog)
    }

    private static func acquire(_ mode: Mode, catalog: DocumentCatalog) throws(CatalogError) -> TransferJournalLock? {
        let path = catalog.location.path + ".transfers.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw CatalogError(.cannotOpen, path: path, reason: "cannot open the transfer lock: \(String(cString: strerror(errno)))")
        }
        let operation = mode == .shared ? LOCK_SH : LOCK_EX | LOCK_NB
        while flock(descriptor, operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw CatalogError(.cannotOpen, path: path, reason: "cannot lock the transfer lock: \(String(cString: strerror(code)))")
        }
        return TransferJournalLock(path: path, mode: mode, descriptor: descriptor)
    }

    private init(path: String, mode: Mode, descriptor: Int32) {
        self.path = path
        self.mode = mode
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
