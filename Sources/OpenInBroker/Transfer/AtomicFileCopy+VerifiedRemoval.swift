extension AtomicFileCopy {
    /// What ``removeSource(_:ifHolding:sha256:)`` did with a moved file's source.
    enum SourceRemoval: Equatable {
        /// The source held the transferred bytes and was removed.
        case removed
        /// Nothing is at the source path any more.
        case absent
        /// The source was kept, for the reason given (it changed, or was replaced).
        case kept(reason: String)
    }

    /// Removes the regular file at `path` only if it still holds exactly the bytes of a
    /// transfer: `size` bytes with SHA-256 `sha256`, read again through a descriptor opened
    /// without following a link, and only if its name still refers to that very file when it
    /// is unlinked. The source's folder is `fsync`ed after the removal.
    ///
    /// - Throws: ``HandOverError`` when the source cannot be read or removed; it then stays.
    static func removeSource(_ path: String, ifHolding size: Int64, sha256: String) throws(HandOverError) -> SourceRemoval {
        try checkPaths(path)
        let name = lastComponent(of: path)
        let parentPath = parentPath(of: path)
        let parent: Int32
        do throws(HandOverSystemCalls.Failure) {
            parent = try HandOverSystemCalls.open(parentPath, flags: HandOverSystemCalls.readDirectoryFlags & ~HandOverSystemCalls.noFollow)
        } catch where error.errno == HandOverSystemCalls.noSuchFile {
            return .absent
        } catch {
            throw HandOverError(error, "opening the source's folder", path: parentPath)
        }
        defer { HandOverSystemCalls.close(parent) }
        let source: OpenSource
        do throws(HandOverError) {
            source = try openSource(path, in: parent, name: name)
        } catch where error.errno == HandOverSystemCalls.noSuchFile {
            return .absent
        }
        defer { HandOverSystemCalls.close(source.descriptor) }
        guard source.status.size == size else {
            return .kept(reason: "its size changed from \(size) to \(source.status.size) bytes after it was copied")
        }
        let (_, digest) = try transfer(from: source, sourcePath: path, to: nil, folderPath: parentPath, bufferSize: 128 * 1024)
        guard digest == sha256 else { return .kept(reason: "its bytes changed after they were copied") }
        try checkUnchanged(source, sourcePath: path)
        let current = try? HandOverSystemCalls.lstatat(parent, name)
        guard let current, current.device == source.status.device, current.inode == source.status.inode else {
            return .kept(reason: "it was replaced after it was copied")
        }
        do throws(HandOverSystemCalls.Failure) {
            try HandOverSystemCalls.unlinkat(parent, name)
            try HandOverSystemCalls.fsync(parent)
        } catch {
            throw HandOverError(error, "removing the moved file's source", path: path)
        }
        return .removed
    }
}
