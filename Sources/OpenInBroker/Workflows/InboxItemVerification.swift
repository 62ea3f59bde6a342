import ContentSniffing
import DocumentCatalog
internal import Crypto
import Glibc

/// Opening an inbox item only if it is still the file its grant was given for.
///
/// Policy: the item is opened without following a link and must be a regular file with no
/// other hard link (a second name could be a file outside the container, which would then be
/// served, moved or have its mode changed). An item delivered as a read-only copy must also be
/// the very file delivered — the device and inode the grant recorded — with the size and
/// SHA-256 recorded at hand-over; an item the app owns (a picker import, an item moved out)
/// may change, so only the first rule applies to it.
enum InboxItemVerification {
    /// Opens `path` for reading after checking it against `grant`; the descriptor is positioned
    /// at the start and is the caller's to close.
    ///
    /// - Throws: ``HandOverError`` — `.notFound`, `.symlinkRefused`, `.notRegularFile`, or
    ///   `.sourceChanged` naming what differs.
    static func open(_ path: String, grant: Grant) throws(HandOverError) -> (descriptor: Int32, size: Int64) {
        let descriptor = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw HandOverError(.symlinkRefused, reason: "the inbox item is a symbolic link", path: path, errno: code) }
            throw HandOverError(code == ENOENT ? .notFound : .permissionDenied, reason: String(cString: strerror(code)), path: path, errno: code)
        }
        do throws(HandOverError) {
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw HandOverError(.notRegularFile, reason: "the inbox item is not a regular file", path: path)
            }
            if info.st_nlink > 1 {
                throw HandOverError(
                    .sourceChanged, reason: "the inbox item has \(info.st_nlink) hard links; a second name may be a file outside the container",
                    path: path, value: String(info.st_nlink))
            }
            let delivered = !grant.allows(.write)
            if delivered, let device = grant.device, let inode = grant.inode, UInt64(info.st_dev) != device || UInt64(info.st_ino) != inode {
                throw HandOverError(.sourceChanged, reason: "the inbox item was replaced since it was delivered", path: path)
            }
            if delivered, let expected = grant.sha256 {
                guard Int64(info.st_size) == grant.size else {
                    throw HandOverError(
                        .sourceChanged, reason: "the inbox item has \(info.st_size) bytes, \(grant.size) were delivered", path: path)
                }
                guard try digest(descriptor, path: path) == expected, lseek(descriptor, 0, SEEK_SET) == 0 else {
                    throw HandOverError(.sourceChanged, reason: "the inbox item's bytes differ from those delivered (SHA-256)", path: path)
                }
            }
            return (descriptor, Int64(info.st_size))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The SHA-256 (hex) of what `descriptor` reads from its current offset to the end.
    private static func digest(_ descriptor: Int32, path: String) throws(HandOverError) -> String {
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 128 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw HandOverError(.readFailed, reason: String(cString: strerror(errno)), path: path, errno: errno) }
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        return hasher.finalize().map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
