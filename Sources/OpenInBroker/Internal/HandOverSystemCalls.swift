import ContentSniffing
import Glibc

/// The one place where the hand-over building blocks call the C library.
///
/// Every wrapper retries `EINTR` and reports failure as a ``HandOverSystemCalls/Failure``
/// (the call's name and `errno`), which callers turn into a ``HandOverError`` with context.
/// Paths and names reach the kernel as the bytes they stand for (`PathBytes`), so a file name
/// that is not UTF-8 names the same file here as on disk.
enum HandOverSystemCalls {
    /// A failed system call: which one, and its `errno`.
    struct Failure: Error {
        var call: String
        var errno: Int32
    }

    /// File status fields the hand-over needs, copied out of `struct stat`.
    struct Status: Equatable {
        var device: UInt64
        var inode: UInt64
        var mode: UInt32
        var size: Int64
        var modificationSeconds: Int
        var modificationNanoseconds: Int
        var changeSeconds: Int
        var changeNanoseconds: Int
        /// How many names (hard links) the file has.
        var links: UInt64

        init(_ raw: stat) {
            device = UInt64(raw.st_dev)
            inode = UInt64(raw.st_ino)
            mode = UInt32(raw.st_mode)
            size = Int64(raw.st_size)
            modificationSeconds = Int(raw.st_mtim.tv_sec)
            modificationNanoseconds = Int(raw.st_mtim.tv_nsec)
            changeSeconds = Int(raw.st_ctim.tv_sec)
            changeNanoseconds = Int(raw.st_ctim.tv_nsec)
            links = UInt64(raw.st_nlink)
        }

        var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
        var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
        var isSymbolicLink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }

        /// A word for the file type, for error messages ("fifo", "directory", …).
        var typeName: String {
            switch mode & UInt32(S_IFMT) {
            case UInt32(S_IFREG): "regular file"
            case UInt32(S_IFDIR): "directory"
            case UInt32(S_IFLNK): "symbolic link"
            case UInt32(S_IFIFO): "fifo"
            case UInt32(S_IFCHR): "character device"
            case UInt32(S_IFBLK): "block device"
            case UInt32(S_IFSOCK): "socket"
            default: "unknown file type"
            }
        }
    }

    // MARK: Flags, spelled once

    static let readSourceFlags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
    static let readDirectoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    static let createExclusiveFlags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    static let readPlainFlags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK

    static let noFollow = O_NOFOLLOW

    static let noSuchFile = ENOENT
    static let fileExists = EEXIST
    static let symlinkLoop = ELOOP
    static let notDirectory = ENOTDIR
    static let noDeviceOrAddress = ENXIO
    static let accessDenied = EACCES
    static let notPermitted = EPERM
    static let noSpaceLeft = ENOSPC
    static let quotaExceeded = EDQUOT
    static let fileTooBig = EFBIG
    static let nameTooLong = ENAMETOOLONG
    static let crossDevice = EXDEV
    static let invalidArgument = EINVAL
    static let functionNotSupported = ENOSYS
    static let notSupported = EOPNOTSUPP

    /// `strerror` text for `code`.
    static func errorMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    // MARK: Opening and closing

    static func open(_ path: String, flags: Int32) throws(Failure) -> Int32 {
        // C would stop at an interior NUL and open another path: never pass one on.
        guard !path.utf8.contains(0) else { throw Failure(call: "open", errno: EINVAL) }
        return try retrying("open") { PathBytes.withCString(path) { Glibc.open($0, flags) } }
    }

    static func openat(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32 = 0)
        throws(Failure) -> Int32
    {
        guard !name.utf8.contains(0) else { throw Failure(call: "openat", errno: EINVAL) }
        return try retrying("openat") { PathBytes.withCString(name) { Glibc.openat(directory, $0, flags, mode_t(mode)) } }
    }

    static func close(_ descriptor: Int32) {
        // Linux always releases the descriptor, even on EINTR: never retry close.
        _ = Glibc.close(descriptor)
    }

    /// Clears `O_NONBLOCK` on an open descriptor.
    static func clearNonBlocking(_ descriptor: Int32) throws(Failure) {
        let flags = try retrying("fcntl") { fcntl(descriptor, F_GETFL) }
        _ = try retrying("fcntl") { fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    // MARK: Status

    static func fstat(_ descriptor: Int32) throws(Failure) -> Status {
        var raw = stat()
        _ = try retrying("fstat") { Glibc.fstat(descriptor, &raw) }
        return Status(raw)
    }

    /// `fstatat` without following a final symbolic link; `nil` when the name does not exist.
    static func lstatat(_ directory: Int32, _ name: String) throws(Failure) -> Status? {
        var raw = stat()
        do {
            _ = try retrying("fstatat") { PathBytes.withCString(name) { fstatat(directory, $0, &raw, AT_SYMLINK_NOFOLLOW) } }
        } catch where error.errno == ENOENT {
            return nil
        }
        return Status(raw)
    }

    /// `lstat` of a path; `nil` when it does not exist or cannot be examined.
    static func lstat(_ path: String) -> Status? {
        var raw = stat()
        guard PathBytes.withCString(path, { Glibc.lstat($0, &raw) }) == 0 else { return nil }
        return Status(raw)
    }

    // MARK: Data

    /// Reads up to `count` bytes into `buffer`; 0 at end of file.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
        throws(Failure) -> Int
    {
        try retryingSize("read") { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Reads up to `buffer.count` bytes at `offset` without moving the file position.
    static func pread(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64)
        throws(Failure) -> Int
    {
        try retryingSize("pread") {
            Glibc.pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
        }
    }

    /// Writes all of `buffer`, looping over short writes.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(Failure) {
        var done = 0
        while done < buffer.count {
            let rest = UnsafeRawBufferPointer(rebasing: buffer[done...])
            let written = try retryingSize("write") {
                Glibc.write(descriptor, rest.baseAddress, rest.count)
            }
            // A zero-byte write for a non-empty buffer would loop forever: report it as full.
            if written == 0 { throw Failure(call: "write", errno: ENOSPC) }
            done += written
        }
    }

    /// Moves the file position back to the start; `false` on failure.
    static func rewind(_ descriptor: Int32) -> Bool {
        lseek(descriptor, 0, SEEK_SET) == 0
    }

    static func fsync(_ descriptor: Int32) throws(Failure) {
        _ = try retrying("fsync") { Glibc.fsync(descriptor) }
    }

    static func fchmod(_ descriptor: Int32, mode: UInt32) throws(Failure) {
        _ = try retrying("fchmod") { Glibc.fchmod(descriptor, mode_t(mode)) }
    }

    // MARK: Names

    /// `renameat2(…, RENAME_NOREPLACE)`; throws `ENOSYS` when the C library lacks it.
    static func renameNoReplace(
        _ fromDirectory: Int32, _ fromName: String, _ toDirectory: Int32, _ toName: String
    ) throws(Failure) {
        guard let function = RenameAt2.function else {
            throw Failure(call: "renameat2", errno: ENOSYS)
        }
        _ = try retrying("renameat2") {
            PathBytes.withCString(fromName) { from in
                PathBytes.withCString(toName) { to in function(fromDirectory, from, toDirectory, to, RenameAt2.noReplace) }
            }
        }
    }

    static func linkat(_ fromDirectory: Int32, _ fromName: String, _ toDirectory: Int32, _ toName: String)
        throws(Failure)
    {
        _ = try retrying("linkat") {
            PathBytes.withCString(fromName) { from in PathBytes.withCString(toName) { to in Glibc.linkat(fromDirectory, from, toDirectory, to, 0) } }
        }
    }

    static func unlinkat(_ directory: Int32, _ name: String) throws(Failure) {
        _ = try retrying("unlinkat") { PathBytes.withCString(name) { Glibc.unlinkat(directory, $0, 0) } }
    }

    // MARK: Misc

    /// The current time as whole seconds since 1970.
    static func now() -> Int64 { Int64(time(nil)) }

    // MARK: Helpers

    private static func retrying(_ call: String, _ body: () -> Int32) throws(Failure) -> Int32 {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = Glibc.errno
            if code != EINTR { throw Failure(call: call, errno: code) }
        }
    }

    private static func retryingSize(_ call: String, _ body: () -> Int) throws(Failure) -> Int {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = Glibc.errno
            if code != EINTR { throw Failure(call: call, errno: code) }
        }
    }
}

/// `renameat2` looked up at run time: Glibc's Swift module does not export it (it sits behind
/// `_GNU_SOURCE`), and a C target cannot be added for one symbol.
private enum RenameAt2 {
    typealias Function =
        @convention(c) (
            Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32
        ) -> Int32

    /// `RENAME_NOREPLACE` from `<stdio.h>` / `<linux/fs.h>`.
    static let noReplace: UInt32 = 1

    static let function: Function? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else {
            return nil
        }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
