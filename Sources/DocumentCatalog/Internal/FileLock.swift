import Glibc

/// An exclusive advisory lock on a file (created if missing), held until ``unlock()``: it
/// serialises one-time work, such as creating the catalog, across processes.
struct FileLock {
    private let descriptor: Int32

    init(path: String) throws(CatalogError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw CatalogError(.cannotOpen, path: path, reason: "cannot open lock file: \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw CatalogError(.cannotOpen, path: path, reason: "cannot lock: \(reason)")
            }
        }
    }

    func unlock() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
