public import ContentSniffing
import Glibc

extension HandOverError {
    /// A file whose type could not be resolved because it could not be read, with the reader's
    /// reason and system error number.
    ///
    /// The code says what went wrong: ``Code/notFound`` for a missing file (and any other failure
    /// to open or read it), ``Code/permissionDenied``, ``Code/notRegularFile`` (a device or FIFO
    /// is never read), or ``Code/readFailed``.
    public init(unresolvable error: SniffingError, path: String) {
        let code: Code
        switch (error.code, error.errno) {
        case (_, EACCES?), (_, EPERM?): code = .permissionDenied
        case (.notARegularFile, _): code = .notRegularFile
        case (.readFailed, _): code = .readFailed
        default: code = .notFound
        }
        self.init(code, reason: error.reason, path: path, errno: error.errno)
    }
}
