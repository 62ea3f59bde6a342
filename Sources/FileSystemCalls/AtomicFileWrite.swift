#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents atomically: a reader sees the old file or the new one, never a part.
///
/// Protocol: a temporary file beside the target (`<target>.<random>.tmp`) is created
/// exclusively, never following a link; the bytes are written and synced; the temporary file is
/// renamed over the target; the folder is synced so the rename survives a crash. On failure the
/// temporary file is removed and the target is left as it was.
///
/// ```swift
/// try bytes.withUnsafeBytes { try AtomicFileWrite.write($0, to: "/var/cache/app/index") }
/// ```
public enum AtomicFileWrite {
    /// Writes `bytes` to `path` atomically (see the type's protocol). The folder must exist.
    ///
    /// - Parameters:
    ///   - mode: the new file's mode, before the process's umask.
    ///   - dropsCachedPages: once the bytes are synced, ask the kernel to drop the file's pages
    ///     from the page cache (`POSIX_FADV_DONTNEED`), so that readers bring back only the pages
    ///     they read. For files that other processes map: pages written in one go sit in the
    ///     cache as large folios, and a process that maps the file is charged a whole folio (up
    ///     to 2 MiB) for any byte it touches in one. Best effort: a file system that keeps its
    ///     files in memory (tmpfs) keeps them.
    /// - Throws: ``FileSystemCallError``: `.create` or `.findFreeName` (naming the temporary
    ///   file or the target), `.write` (naming the temporary file), `.replace` (naming the target).
    public static func write(
        _ bytes: UnsafeRawBufferPointer, to path: String, mode: UInt32 = 0o644, dropsCachedPages: Bool = false
    ) throws(FileSystemCallError) {
        let created = try UniqueTemporaryName.create(naming: { path + "." + $0 + ".tmp" }) { candidate throws(FileSystemCallError) -> Int32? in
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
            if descriptor >= 0 { return descriptor }
            if errno == EEXIST { return nil }
            throw FileSystemCallError(step: .create, path: candidate, errno: errno)
        }
        guard let (temporary, descriptor) = created else { throw FileSystemCallError(step: .findFreeName, path: path, errno: EEXIST) }
        do throws(FileSystemCallError) {
            try writeAll(bytes, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw FileSystemCallError(step: .write, path: temporary, errno: errno) }
            #if canImport(Glibc) || canImport(Musl)
            if dropsCachedPages { _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) }
            #endif
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let failure = FileSystemCallError(step: .replace, path: path, errno: errno)
            unlink(temporary)
            throw failure
        }
        syncFolder(containing: path)
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileSystemCallError) {
        var written = 0
        while written < bytes.count {
            let result = writeSome(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw FileSystemCallError(step: .write, path: path, errno: result < 0 ? errno : EIO) }
            written += result
        }
    }

    /// Syncs the folder holding `path`, so a rename in it is durable; best effort (a folder that
    /// cannot be opened or synced leaves the rename as the file system keeps it).
    private static func syncFolder(containing path: String) {
        let folder: String
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            folder = slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// `write(2)`, under a name the enum's own `write` does not hide.
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
