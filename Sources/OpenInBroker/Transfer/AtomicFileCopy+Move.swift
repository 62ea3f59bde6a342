extension AtomicFileCopy {
    /// Moves the regular file at `sourcePath` into the folder at `folderPath`.
    ///
    /// Policy:
    /// - Same checks as ``copy(from:toFolder:as:checkpoint:)``: validated name, the folder
    ///   opened with `O_NOFOLLOW`, the source's last component opened with `O_NOFOLLOW` and
    ///   required to be a regular file. The source's *parent* path is the caller's choice and
    ///   may go through symbolic links; only its last component is protected.
    /// - The bytes are hashed first (so the result has a digest), with the same
    ///   changed-source checks as a copy.
    /// - Within one file system the directory entry is renamed with
    ///   `renameat2(RENAME_NOREPLACE)` (or `linkat` + `unlinkat`) to the first free candidate
    ///   name; the entry that arrived must be the very file that was opened and checked (same
    ///   device and inode), otherwise it is renamed back and the move fails with
    ///   ``HandOverError/Code/sourceChanged``. Then the file gets ``mode``, is `fsync`ed, and
    ///   both folders are `fsync`ed.
    /// - Across file systems (`EXDEV`) the file is copied exactly like
    ///   ``copy(from:toFolder:as:checkpoint:)`` (temporary, fsync, no-replace rename, folder
    ///   fsync) and the source is then unlinked — only if its name still refers to the file that
    ///   was copied; if the unlink fails the copy is removed again.
    /// - Checkpoints reached: ``Checkpoint/afterSourceOpened`` and ``Checkpoint/afterRename``
    ///   when renamed; all of them when copied. A failure after the rename moves the file back.
    ///
    /// - Returns: the delivered file; ``CopiedFile/transfer`` says whether it was renamed or copied.
    /// - Throws: ``HandOverError``; the source then stays where it was.
    public func move(
        from sourcePath: String, toFolder folderPath: String, as name: String? = nil,
        checkpoint: ((Checkpoint) throws -> Void)? = nil
    ) throws(HandOverError) -> CopiedFile {
        try Self.checkPaths(sourcePath, folderPath)
        let sourceName = Self.lastComponent(of: sourcePath)
        let finalName = try SafeFileName(validating: name ?? sourceName)
        // The source entry is addressed by its parent folder and a plain name.
        guard !sourceName.isEmpty, sourceName != ".", sourceName != ".." else {
            throw HandOverError(
                .invalidName, reason: "the source path does not end in a file name", path: sourcePath,
                value: sourceName)
        }
        let folder = try Self.openFolder(folderPath)
        defer { HandOverSystemCalls.close(folder) }
        let parentPath = Self.parentPath(of: sourcePath)
        let parent: Int32
        do throws(HandOverSystemCalls.Failure) {
            parent = try HandOverSystemCalls.open(
                parentPath, flags: HandOverSystemCalls.readDirectoryFlags & ~HandOverSystemCalls.noFollow)
        } catch {
            throw HandOverError(error, "opening the source's folder", path: parentPath)
        }
        defer { HandOverSystemCalls.close(parent) }
        let source = try Self.openSource(sourcePath, in: parent, name: sourceName)
        defer { HandOverSystemCalls.close(source.descriptor) }
        try Self.reach(.afterSourceOpened, checkpoint)

        let (size, digest) = try Self.transfer(
            from: source, sourcePath: sourcePath, to: nil, folderPath: folderPath, bufferSize: bufferSize)
        try Self.checkUnchanged(source, sourcePath: sourcePath)

        guard
            let placedName = try renameIntoPlace(
                source, name: finalName, from: parent, sourceName: sourceName, sourcePath: sourcePath,
                to: folder, folderPath: folderPath)
        else {
            return try moveAcrossFileSystems(
                source, sourcePath: sourcePath, sourceName: sourceName, parent: parent,
                parentPath: parentPath, into: folder, folderPath: folderPath, name: finalName,
                checkpoint: checkpoint)
        }

        do throws(HandOverError) {
            try Self.reach(.afterRename, checkpoint)
            do throws(HandOverSystemCalls.Failure) {
                try HandOverSystemCalls.fchmod(source.descriptor, mode: mode)
                try HandOverSystemCalls.fsync(source.descriptor)
            } catch {
                throw HandOverError(error, "syncing the moved file", path: folderPath)
            }
            try Self.syncFolder(folder, path: folderPath)
            try Self.syncFolder(parent, path: parentPath)
        } catch {
            // Put the source back where it was, with the mode it had.
            try? HandOverSystemCalls.renameNoReplace(folder, placedName, parent, sourceName)
            try? HandOverSystemCalls.fchmod(source.descriptor, mode: source.status.mode & 0o7777)
            try? HandOverSystemCalls.fsync(folder)
            try? HandOverSystemCalls.fsync(parent)
            throw error
        }
        return CopiedFile(
            path: Self.join(folderPath, placedName), name: placedName, size: size, sha256: digest,
            device: source.status.device, inode: source.status.inode, mode: mode, transfer: .renamed)
    }

    /// Renames the source entry to the first free candidate; `nil` when the folders are on
    /// different file systems.
    private func renameIntoPlace(
        _ source: OpenSource, name: SafeFileName, from parent: Int32, sourceName: String,
        sourcePath: String, to folder: Int32, folderPath: String
    ) throws(HandOverError) -> String? {
        var useLink = forcesLinkFallback
        var index = 0
        while index <= maximumCollisionIndex {
            let candidate = name.candidate(index)
            do throws(HandOverSystemCalls.Failure) {
                if useLink {
                    try HandOverSystemCalls.linkat(parent, sourceName, folder, candidate)
                } else {
                    try HandOverSystemCalls.renameNoReplace(parent, sourceName, folder, candidate)
                }
            } catch where error.errno == HandOverSystemCalls.fileExists {
                index += 1
                continue
            } catch where error.errno == HandOverSystemCalls.crossDevice {
                return nil
            } catch where !useLink && Placement.noReplaceUnsupported(error.errno) {
                useLink = true
                continue
            } catch {
                throw HandOverError(error, "moving the file", path: sourcePath, value: candidate)
            }
            // The entry that arrived must be the file that was opened and checked.
            let arrived = try? HandOverSystemCalls.lstatat(folder, candidate)
            let isSame =
                arrived.map { $0.device == source.status.device && $0.inode == source.status.inode } ?? false
            if !isSame {
                if useLink {
                    try? HandOverSystemCalls.unlinkat(folder, candidate)
                } else {
                    try? HandOverSystemCalls.renameNoReplace(folder, candidate, parent, sourceName)
                }
                throw HandOverError(
                    .sourceChanged, reason: "the source was replaced before it could be moved",
                    path: sourcePath)
            }
            if useLink {
                do throws(HandOverSystemCalls.Failure) {
                    try HandOverSystemCalls.unlinkat(parent, sourceName)
                } catch {
                    try? HandOverSystemCalls.unlinkat(folder, candidate)
                    throw HandOverError(error, "removing the source after linking", path: sourcePath)
                }
            }
            return candidate
        }
        throw HandOverError(
            .nameCollisionLimit, reason: "every name up to \(name.candidate(maximumCollisionIndex)) is taken",
            path: folderPath, value: name.rawValue)
    }

    /// Copies, then unlinks the source if its name still refers to the copied file.
    private func moveAcrossFileSystems(
        _ source: OpenSource, sourcePath: String, sourceName: String, parent: Int32, parentPath: String,
        into folder: Int32, folderPath: String, name: SafeFileName,
        checkpoint: ((Checkpoint) throws -> Void)?
    ) throws(HandOverError) -> CopiedFile {
        // Rewind: the digest pass read the source to its end.
        if !HandOverSystemCalls.rewind(source.descriptor) {
            throw HandOverError(.systemCallFailed, reason: "could not rewind the source", path: sourcePath)
        }
        let copied = try copyOpened(
            source, sourcePath: sourcePath, into: folder, folderPath: folderPath, name: name,
            checkpoint: checkpoint)
        func removeCopy() {
            if let status = try? HandOverSystemCalls.lstatat(folder, copied.name),
                status.device == copied.device, status.inode == copied.inode
            {
                try? HandOverSystemCalls.unlinkat(folder, copied.name)
                try? HandOverSystemCalls.fsync(folder)
            }
        }
        let current = try? HandOverSystemCalls.lstatat(parent, sourceName)
        guard let current, current.device == source.status.device, current.inode == source.status.inode
        else {
            removeCopy()
            throw HandOverError(
                .sourceChanged, reason: "the source was replaced while it was copied", path: sourcePath)
        }
        do throws(HandOverSystemCalls.Failure) {
            try HandOverSystemCalls.unlinkat(parent, sourceName)
            try HandOverSystemCalls.fsync(parent)
        } catch {
            removeCopy()
            throw HandOverError(error, "removing the source after copying", path: sourcePath)
        }
        return copied
    }
}
