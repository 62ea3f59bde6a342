import FileSystemCalls

/// Copies a file into a folder so that the folder only ever shows the complete, final file, and
/// never an overwritten, partial or redirected one.
///
/// Policy, step by step (``copy(from:toFolder:as:checkpoint:)``):
/// 1. The final name is validated by ``SafeFileName`` (refused, never repaired).
/// 2. The destination folder is opened with `O_DIRECTORY | O_NOFOLLOW`, and every later step
///    works relative to that descriptor (`openat`, `renameat2`, `linkat`, `unlinkat`,
///    `fstatat` without following links): a folder swapped for a symbolic link is refused, and
///    a folder swapped after opening is not written through.
/// 3. The source is opened with `O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK` (so a FIFO
///    cannot block the open), then `fstat` must say regular file — symbolic links, FIFOs,
///    devices, sockets and directories are refused — and `O_NONBLOCK` is cleared.
/// 4. A temporary file `.<name>.openwith-XXXXXX` is created in the folder with
///    `O_CREAT | O_EXCL | O_NOFOLLOW` and mode `0600`.
/// 5. The bytes are copied through one bounded buffer (``bufferSize``), computing SHA-256 and
///    the byte count on the way (plain `read`/`write` rather than `copy_file_range`, because
///    every byte must pass through the digest anyway).
/// 6. The source must not change during the copy: reading more or fewer bytes than its size,
///    or a size, mtime or ctime that differs between the `fstat` before and after, is
///    ``HandOverError/Code/sourceChanged``.
///    A kernel pseudo-file (`/proc/cpuinfo`), which reports size 0 whatever it holds, is read
///    to its end without blocking, up to ``pseudoFileLimit`` bytes.
/// 7. The file gets its final mode (``mode``, `0444` by default, applied before the sync so the
///    sync covers it) and is `fsync`ed.
/// 8. It gets the first free name of ``SafeFileName/candidate(_:)`` with
///    `renameat2(RENAME_NOREPLACE)` (or `linkat` + `unlinkat` where that is unsupported), so an
///    existing item is never replaced, even by a racing writer.
/// 9. The folder is `fsync`ed.
///
/// On any failure — including `ENOSPC`/`EDQUOT` (``HandOverError/Code/noSpace``) and `EFBIG`
/// (``HandOverError/Code/fileTooLarge``) — the temporary file (or the final name, if it was
/// already placed and still is this file) is removed: the folder is left as it was.
///
/// ```swift
/// let copied = try AtomicFileCopy().copy(from: "/home/me/report.pdf", toFolder: inbox)
/// print(copied.name, copied.sha256)   // "report-1.pdf", "9f86d0…"
/// ```
public struct AtomicFileCopy: Sendable {
    /// The permission bits given to the delivered file; only `0o777` bits are kept.
    public var mode: UInt32
    /// The size of the one copy buffer, in bytes (at least 4 KiB, at most 16 MiB).
    public var bufferSize: Int
    /// The highest collision index tried (`name-<N>.ext`) before giving up.
    public var maximumCollisionIndex: Int
    /// Tests set this to exercise the `linkat` + `unlinkat` path used where
    /// `renameat2(RENAME_NOREPLACE)` is unsupported.
    var forcesLinkFallback = false

    /// Creates a copier.
    ///
    /// - Parameters:
    ///   - mode: the permission bits of the delivered file; `0o444` for inbox copies.
    ///   - bufferSize: the copy buffer size in bytes, clamped to 4 KiB…16 MiB.
    ///   - maximumCollisionIndex: the last `-N` suffix tried.
    public init(mode: UInt32 = 0o444, bufferSize: Int = 128 * 1024, maximumCollisionIndex: Int = 9_999) {
        self.mode = mode & 0o777
        self.bufferSize = min(max(bufferSize, 4096), 16 * 1024 * 1024)
        self.maximumCollisionIndex = max(0, maximumCollisionIndex)
    }

    /// Copies the regular file at `sourcePath` into the folder at `folderPath`.
    ///
    /// - Parameters:
    ///   - sourcePath: the file to copy; its last component must not be a symbolic link.
    ///   - folderPath: the destination folder; it must not be a symbolic link.
    ///   - name: the wanted name, validated by ``SafeFileName``; the source's last path
    ///     component when `nil`.
    ///   - checkpoint: a test hook run at each ``Checkpoint``; throwing from it rolls back.
    /// - Returns: the delivered file (its name may carry a `-N` suffix).
    /// - Throws: ``HandOverError``; the folder then holds nothing new.
    public func copy(
        from sourcePath: String, toFolder folderPath: String, as name: String? = nil,
        checkpoint: ((Checkpoint) throws -> Void)? = nil
    ) throws(HandOverError) -> CopiedFile {
        try Self.checkPaths(sourcePath, folderPath)
        let finalName = try SafeFileName(validating: name ?? Self.lastComponent(of: sourcePath))
        let folder = try Self.openFolder(folderPath)
        defer { HandOverSystemCalls.close(folder) }
        let source = try Self.openSource(sourcePath)
        defer { HandOverSystemCalls.close(source.descriptor) }
        try Self.reach(.afterSourceOpened, checkpoint)
        return try copyOpened(
            source, sourcePath: sourcePath, into: folder, folderPath: folderPath, name: finalName,
            checkpoint: checkpoint)
    }

    // MARK: Shared steps

    /// An open, checked source file and its status at opening.
    struct OpenSource {
        var descriptor: Int32
        var status: HandOverSystemCalls.Status
        /// The kernel pseudo-file system of a source that reports size 0 (`/proc/cpuinfo`),
        /// whose size then says nothing: it is copied to its end, up to ``pseudoFileLimit``.
        var pseudoFileSystem: KernelPseudoFileSystem? = nil
    }

    /// The most bytes copied from a kernel pseudo-file (``KernelPseudoFileSystem``), which
    /// reports no size: more is refused as ``HandOverError/Code/fileTooLarge``.
    public static let pseudoFileLimit: Int64 = 16 << 20

    /// Copies an already opened source into `folder` (steps 4–9 above).
    func copyOpened(
        _ source: OpenSource, sourcePath: String, into folder: Int32, folderPath: String,
        name: SafeFileName, checkpoint: ((Checkpoint) throws -> Void)?
    ) throws(HandOverError) -> CopiedFile {
        var placement = Placement(folder: folder, folderPath: folderPath)
        do throws(HandOverError) {
            let temporary = try placement.createTemporary(for: name)
            defer { HandOverSystemCalls.close(temporary) }
            try Self.reach(.afterTemporaryCreated, checkpoint)

            let (size, digest) = try Self.transfer(
                from: source, sourcePath: sourcePath, to: temporary, folderPath: folderPath,
                bufferSize: bufferSize)
            try Self.reach(.afterDataWritten, checkpoint)
            try Self.checkUnchanged(source, sourcePath: sourcePath)

            do throws(HandOverSystemCalls.Failure) {
                try HandOverSystemCalls.fchmod(temporary, mode: mode)
                try HandOverSystemCalls.fsync(temporary)
            } catch {
                throw HandOverError(error, "syncing the copy", path: folderPath)
            }
            try Self.reach(.afterSync, checkpoint)
            let written: HandOverSystemCalls.Status
            do throws(HandOverSystemCalls.Failure) {
                written = try HandOverSystemCalls.fstat(temporary)
            } catch {
                throw HandOverError(error, "examining the copy", path: folderPath)
            }

            let finalName = try placement.placeTemporary(
                as: name, maximumIndex: maximumCollisionIndex, startWithLink: forcesLinkFallback)
            try Self.reach(.afterRename, checkpoint)
            try Self.syncFolder(folder, path: folderPath)
            placement.commit()
            return CopiedFile(
                path: Self.join(folderPath, finalName), name: finalName, size: size, sha256: digest,
                device: written.device, inode: written.inode, mode: mode, transfer: .copied)
        } catch {
            placement.rollback()
            throw error
        }
    }

    /// Reads `source` to its end through one buffer, writing to `destination` (if any) and
    /// hashing; checks the byte count against the size at opening (a kernel pseudo-file, which
    /// reports none, against ``pseudoFileLimit``).
    static func transfer(
        from source: OpenSource, sourcePath: String, to destination: Int32?, folderPath: String,
        bufferSize: Int
    ) throws(HandOverError) -> (size: Int64, sha256: String) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256Hasher()
        var total: Int64 = 0
        while true {
            let count: Int
            do throws(HandOverSystemCalls.Failure) {
                count = try HandOverSystemCalls.read(source.descriptor, into: buffer)
            } catch {
                throw HandOverError(error, "reading the source", path: sourcePath)
            }
            if count == 0 { break }
            total += Int64(count)
            if let pseudoFileSystem = source.pseudoFileSystem {
                if total > pseudoFileLimit {
                    throw HandOverError(
                        .fileTooLarge, reason: "a \(pseudoFileSystem) file that gives more than \(pseudoFileLimit) bytes",
                        path: sourcePath)
                }
            } else if total > source.status.size {
                throw HandOverError(
                    .sourceChanged, reason: "the source grew while it was copied", path: sourcePath)
            }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            hasher.update(chunk)
            if let destination {
                do throws(HandOverSystemCalls.Failure) {
                    try HandOverSystemCalls.writeAll(destination, chunk)
                } catch {
                    throw HandOverError(error, "writing the copy", path: folderPath)
                }
            }
        }
        if total < source.status.size && source.pseudoFileSystem == nil {
            throw HandOverError(
                .sourceChanged,
                reason: "short read: \(total) of \(source.status.size) bytes (the source shrank)",
                path: sourcePath)
        }
        let digest = hasher.finalize().map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
        return (total, digest)
    }

    /// Throws `sourceChanged` when the source's size, mtime or ctime moved since it was opened.
    static func checkUnchanged(_ source: OpenSource, sourcePath: String) throws(HandOverError) {
        let now: HandOverSystemCalls.Status
        do throws(HandOverSystemCalls.Failure) {
            now = try HandOverSystemCalls.fstat(source.descriptor)
        } catch {
            throw HandOverError(error, "examining the source", path: sourcePath)
        }
        let before = source.status
        if now.size != before.size {
            throw HandOverError(
                .sourceChanged, reason: "the source's size changed from \(before.size) to \(now.size)",
                path: sourcePath)
        }
        if now.modificationSeconds != before.modificationSeconds
            || now.modificationNanoseconds != before.modificationNanoseconds
            || now.changeSeconds != before.changeSeconds
            || now.changeNanoseconds != before.changeNanoseconds
        {
            throw HandOverError(
                .sourceChanged, reason: "the source was modified while it was copied", path: sourcePath)
        }
    }

    /// Opens a destination folder, refusing a symbolic link or a non-directory.
    static func openFolder(_ path: String) throws(HandOverError) -> Int32 {
        do throws(HandOverSystemCalls.Failure) {
            return try HandOverSystemCalls.open(path, flags: HandOverSystemCalls.readDirectoryFlags)
        } catch {
            if error.errno == HandOverSystemCalls.symlinkLoop
                || (error.errno == HandOverSystemCalls.notDirectory
                    && HandOverSystemCalls.lstat(path)?.isSymbolicLink == true)
            {
                throw HandOverError(
                    .symlinkRefused, reason: "the destination folder is a symbolic link", path: path,
                    errno: error.errno)
            }
            throw HandOverError(error, "opening the destination folder", path: path)
        }
    }

    /// Opens a source file (relative to `directory`, or `AT_FDCWD` semantics when `nil`) and
    /// checks that it is a regular file.
    static func openSource(_ path: String, in directory: Int32? = nil, name: String? = nil)
        throws(HandOverError) -> OpenSource
    {
        let descriptor: Int32
        do throws(HandOverSystemCalls.Failure) {
            if let directory, let name {
                descriptor = try HandOverSystemCalls.openat(
                    directory, name, flags: HandOverSystemCalls.readSourceFlags)
            } else {
                descriptor = try HandOverSystemCalls.open(path, flags: HandOverSystemCalls.readSourceFlags)
            }
        } catch {
            switch error.errno {
            case HandOverSystemCalls.symlinkLoop:
                throw HandOverError(
                    .symlinkRefused, reason: "the source is a symbolic link", path: path,
                    errno: error.errno)
            case HandOverSystemCalls.noDeviceOrAddress:
                throw HandOverError(
                    .notRegularFile, reason: "the source is a socket or a device without a driver",
                    path: path, errno: error.errno)
            default:
                throw HandOverError(error, "opening the source", path: path)
            }
        }
        do throws(HandOverError) {
            let status: HandOverSystemCalls.Status
            do throws(HandOverSystemCalls.Failure) {
                status = try HandOverSystemCalls.fstat(descriptor)
            } catch {
                throw HandOverError(error, "examining the source", path: path)
            }
            guard status.isRegularFile else {
                throw HandOverError(
                    .notRegularFile, reason: "the source is a \(status.typeName), not a regular file",
                    path: path, value: status.typeName)
            }
            // A kernel pseudo-file stays non-blocking: one that streams (a trace pipe) must not
            // hold the copy up waiting for more.
            let pseudoFileSystem = status.size == 0 ? KernelPseudoFileSystem.of(descriptor: descriptor) : nil
            if pseudoFileSystem == nil {
                do throws(HandOverSystemCalls.Failure) {
                    try HandOverSystemCalls.clearNonBlocking(descriptor)
                } catch {
                    throw HandOverError(error, "preparing the source", path: path)
                }
            }
            return OpenSource(descriptor: descriptor, status: status, pseudoFileSystem: pseudoFileSystem)
        } catch {
            HandOverSystemCalls.close(descriptor)
            throw error
        }
    }

    static func syncFolder(_ folder: Int32, path: String) throws(HandOverError) {
        do throws(HandOverSystemCalls.Failure) {
            try HandOverSystemCalls.fsync(folder)
        } catch {
            throw HandOverError(error, "syncing the folder", path: path)
        }
    }

    /// Refuses paths holding NUL, which C would silently cut short.
    static func checkPaths(_ paths: String...) throws(HandOverError) {
        for path in paths where path.utf8.contains(0) {
            throw HandOverError(.invalidPath, reason: "a path must not contain NUL", path: path, value: path)
        }
    }

    /// The last path component (`"b"` for `"/a/b"`, `""` for `"/"`).
    static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed == "/" { return "" }
        if let slash = trimmed.lastIndex(of: "/") { return String(trimmed[trimmed.index(after: slash)...]) }
        return String(trimmed)
    }

    /// The folder part of a path (`"/a"` for `"/a/b"`, `"."` for `"b"`, `"/"` for `"/b"`).
    static func parentPath(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// `folder/name` without doubling a trailing slash.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
