import FileSystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``ByteSource`` over a regular file, read with `pread`.
///
/// The file is opened read-only without following a symbolic link in the last path component
/// (`O_NOFOLLOW`, unless asked to follow), close-on-exec, and non-blocking so that opening a FIFO
/// cannot hang; anything but a regular file is refused. Reads retry on `EINTR` and on short reads, never read more
/// than asked, and a file that shrinks while it is read simply ends early. The descriptor is
/// closed when the value is deinitialised.
///
/// ```swift
/// let source = try FileByteSource(path: "/usr/share/pixmaps/debian-logo.png")
/// let match = try SignatureSniffer().sniff(source)
/// ```
public final class FileByteSource: ByteSource, Sendable {
    /// The path the file was opened from.
    public let path: String
    /// The file's size when it was opened, as the file system reports it (0 for a file of a
    /// kernel pseudo-file system such as `/proc`, whatever it holds).
    public let size: Int64
    /// The open file.
    let descriptor: Int32
    /// For a file that reports size 0, the kernel pseudo-file system it lies on (its size says
    /// nothing of its content); `nil` otherwise.
    let pseudoFileSystem: KernelPseudoFileSystem?

    /// Opens the regular file at `path`.
    ///
    /// - Parameter followingSymlinks: open the target of a symbolic link in the last path
    ///   component instead of refusing it (default `false`).
    /// - Throws: ``SniffingError`` with code `.openFailed` (missing file, no permission, a
    ///   symbolic link that is not followed: `ELOOP`), `.statusFailed`, or `.notARegularFile` (a
    ///   directory, FIFO, socket or device).
    public init(path: String, followingSymlinks: Bool = false) throws(SniffingError) {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingSymlinks ? 0 : O_NOFOLLOW)
        var fd: Int32
        repeat {
            fd = PathBytes.withCString(path) { open($0, flags) }
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let code = errno
            let reason = code == ELOOP ? "is a symbolic link (not followed)" : FileByteSource.message(code)
            throw SniffingError(.openFailed, path: path, reason: reason, errno: code)
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw SniffingError(.statusFailed, path: path, reason: FileByteSource.message(code), errno: code)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw SniffingError(.notARegularFile, path: path, reason: "not a regular file")
        }
        self.path = path
        self.size = Int64(status.st_size)
        self.descriptor = fd
        pseudoFileSystem = status.st_size == 0 ? KernelPseudoFileSystem.of(descriptor: fd) : nil
    }

    /// Opens `name` in the folder open as `folder` (one `openat`, which never follows a final
    /// symbolic link nor waits on a FIFO): `nil` when it cannot be opened or is not a regular
    /// file, for the caller to look it up by path instead. `path` is the path the source
    /// reports.
    static func openRegular(_ name: UnsafePointer<CChar>, in folder: Int32, path: String) -> FileByteSource? {
        var fd: Int32
        repeat {
            fd = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return nil }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        return FileByteSource(descriptor: fd, path: path, size: Int64(status.st_size))
    }

    /// A source over an open regular file.
    private init(descriptor: Int32, path: String, size: Int64) {
        self.descriptor = descriptor
        self.path = path
        self.size = size
        pseudoFileSystem = size == 0 ? KernelPseudoFileSystem.of(descriptor: descriptor) : nil
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `min(count, buffer.count)` bytes at `offset` with `pread`, retrying on
    /// `EINTR` and short reads; returns fewer bytes only at the end of the file.
    ///
    /// - Throws: ``SniffingError`` with code `.readFailed`, or `.invalidArgument` for a
    ///   negative offset or count.
    public func read(at offset: Int64, count: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SniffingError) -> Int {
        guard offset >= 0, count >= 0 else {
            throw SniffingError(.invalidArgument, path: path, reason: "negative offset or count (\(offset), \(count))")
        }
        let wanted = Swift.min(count, buffer.count)
        // Past the largest possible file nothing can be read (and pread would say EINVAL).
        guard wanted > 0, let base = buffer.baseAddress, !offset.addingReportingOverflow(Int64(wanted)).overflow else { return 0 }
        var total = 0
        while total < wanted {
            let (position, overflow) = offset.addingReportingOverflow(Int64(total))
            if overflow { break }
            let result = pread(descriptor, base + total, wanted - total, off_t(position))
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                throw SniffingError(.readFailed, path: path, reason: FileByteSource.message(code), errno: code)
            }
            if result == 0 { break }  // end of file, possibly earlier than `size` if it shrank
            total += result
        }
        return total
    }

    private static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
