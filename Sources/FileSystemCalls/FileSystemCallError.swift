#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: which step of the operation, on which path, with which `errno`.
///
/// Callers wrap it into their module's own error, so messages keep their module's wording:
///
/// ```swift
/// do { try AtomicFileWrite.write(bytes, to: path) } catch {
///     throw MyError(path: error.path, reason: "cannot \(error.step.rawValue): \(error.systemMessage)")
/// }
/// ```
public struct FileSystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step of an operation that failed.
    public enum Step: String, Sendable, Equatable {
        /// Creating a file (exclusively) or opening a folder.
        case create
        /// Writing or syncing a file's bytes.
        case write
        /// Renaming a file into place.
        case replace
        /// Finding a free temporary name: every candidate existed.
        case findFreeName = "find a free name"
        /// Making a folder.
        case createFolder = "create folder"
    }

    /// The step that failed.
    public var step: Step
    /// The path the step worked on (a temporary file's while it is written).
    public var path: String
    /// The `errno` the call set (`EEXIST` when no free name was found).
    public var errno: Int32

    /// Creates an error.
    public init(step: Step, path: String, errno: Int32) {
        self.step = step
        self.path = path
        self.errno = errno
    }

    /// The system's message for ``errno``, as `strerror` gives it.
    public var systemMessage: String { String(cString: strerror(errno)) }

    /// "cannot <step> <path>: <message>"; for people, not for parsing.
    public var description: String { "cannot \(step.rawValue) \(path): \(systemMessage)" }
}
