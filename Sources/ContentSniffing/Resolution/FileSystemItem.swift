import CFileAttributes
import FileSystemCalls
import Glibc

/// What the file system says about a path before any byte is read: its kind and size.
public struct FileSystemItem: Sendable, Equatable {
    /// The kinds of file-system objects, each with its own type.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case regular, directory, symlink, fifo, socket, blockDevice = "block-device", characterDevice = "character-device"

        /// The MIME type shared-mime-info gives this kind (`inode/…`), `nil` for regular files.
        public var inodeMIMEType: String? {
            switch self {
            case .regular: nil
            case .directory: "inode/directory"
            case .symlink: "inode/symlink"
            case .fifo: "inode/fifo"
            case .socket: "inode/socket"
            case .blockDevice: "inode/blockdevice"
            case .characterDevice: "inode/chardevice"
            }
        }
    }

    /// The kind.
    public var kind: Kind
    /// The size in bytes.
    public var size: Int64
    /// Whether the path itself is a symbolic link (even when ``kind`` describes its target).
    public var isSymlink: Bool
    /// For a regular file that reports size 0, the kernel pseudo-file system it lies on
    /// (`/proc`, `/sys` …), whose files report 0 whatever they hold; `nil` otherwise.
    var pseudoFileSystem: KernelPseudoFileSystem?

    /// Looks a path up.
    ///
    /// - Parameter followingSymlinks: describe the target of a link rather than the link; a
    ///   dangling link is described as the link.
    /// - Throws: ``SniffingError`` with code `.statusFailed` naming the path (no such file,
    ///   permission denied on a folder, a name too long).
    public init(path: String, followingSymlinks: Bool) throws(SniffingError) {
        var info = stat()
        guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else {
            let code = errno
            throw SniffingError(.statusFailed, path: path, reason: String(cString: strerror(code)), errno: code)
        }
        isSymlink = (info.st_mode & S_IFMT) == S_IFLNK
        if isSymlink && followingSymlinks {
            var target = stat()
            if PathBytes.withCString(path, { stat($0, &target) }) == 0 { info = target }
        }
        size = Int64(info.st_size)
        switch info.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFBLK: kind = .blockDevice
        case S_IFCHR: kind = .characterDevice
        default: kind = .regular
        }
        // Looked up only for the few files that report nothing (one more system call).
        pseudoFileSystem = kind == .regular && size == 0 ? PathBytes.withCString(path) { KernelPseudoFileSystem.of(path: $0) } : nil
    }

    /// The `user.mime_type` extended attribute of a path (the freedesktop convention for a
    /// stored MIME type), or `nil` when it is absent, unreadable or not text.
    public static func storedMIMEType(path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { buffer in
            PathBytes.withCString(path) { getxattr($0, "user.mime_type", buffer.baseAddress, buffer.count) }
        }
        guard count > 0 else { return nil }
        return String(validating: buffer[..<count].prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The `user.mime_type` extended attribute of the open file `descriptor`, as
    /// ``storedMIMEType(path:)`` reads it from a path.
    static func storedMIMEType(descriptor: Int32) -> String? {
        withUnsafeTemporaryAllocation(byteCount: 256, alignment: 1) { buffer in
            let count = fgetxattr(descriptor, "user.mime_type", buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            return String(validating: UnsafeRawBufferPointer(rebasing: buffer[..<count]).prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
