import FileSystemCalls

extension AtomicFileCopy {
    /// What a copy has created in the destination folder so far, so a failure can remove it.
    struct Placement {
        let folder: Int32
        let folderPath: String
        private(set) var temporaryName: String?
        private(set) var placedName: String?
        private var identity: (device: UInt64, inode: UInt64)?
        private var committed = false

        init(folder: Int32, folderPath: String) {
            self.folder = folder
            self.folderPath = folderPath
        }

        /// Creates `.<name>.openwith-XXXXXX` exclusively (mode 0600, never following a link).
        mutating func createTemporary(for name: SafeFileName) throws(HandOverError) -> Int32 {
            let folder = folder
            let folderPath = folderPath
            let created = try UniqueTemporaryName.create(length: SafeFileName.temporaryRandomLength, naming: name.temporaryName(random:)) {
                candidate throws(HandOverError) -> Int32? in
                do throws(HandOverSystemCalls.Failure) {
                    return try HandOverSystemCalls.openat(folder, candidate, flags: HandOverSystemCalls.createExclusiveFlags, mode: 0o600)
                } catch where error.errno == HandOverSystemCalls.fileExists {
                    return nil
                } catch {
                    throw HandOverError(error, "creating the temporary file", path: folderPath, value: candidate)
                }
            }
            guard let (candidate, descriptor) = created else {
                throw HandOverError(
                    .systemCallFailed, reason: "no free temporary name after \(UniqueTemporaryName.attempts) attempts", path: folderPath)
            }
            temporaryName = candidate
            if let status = try? HandOverSystemCalls.fstat(descriptor) {
                identity = (status.device, status.inode)
            }
            return descriptor
        }

        /// Gives the temporary file the first free candidate name; never replaces an item.
        mutating func placeTemporary(as name: SafeFileName, maximumIndex: Int, startWithLink: Bool = false)
            throws(HandOverError) -> String
        {
            guard let temporary = temporaryName else {
                throw HandOverError(.systemCallFailed, reason: "no temporary file to place", path: folderPath)
            }
            var useLink = startWithLink
            var index = 0
            while index <= maximumIndex {
                let candidate = name.candidate(index)
                do throws(HandOverSystemCalls.Failure) {
                    if useLink {
                        try HandOverSystemCalls.linkat(folder, temporary, folder, candidate)
                        placedName = candidate
                        try HandOverSystemCalls.unlinkat(folder, temporary)
                    } else {
                        try HandOverSystemCalls.renameNoReplace(folder, temporary, folder, candidate)
                        placedName = candidate
                    }
                    temporaryName = nil
                    return candidate
                } catch where error.errno == HandOverSystemCalls.fileExists {
                    index += 1
                } catch where !useLink && Self.noReplaceUnsupported(error.errno) {
                    useLink = true
                } catch {
                    throw HandOverError(error, "giving the copy its name", path: folderPath, value: candidate)
                }
            }
            throw HandOverError(
                .nameCollisionLimit,
                reason: "every name up to \(name.candidate(maximumIndex)) is taken", path: folderPath,
                value: name.rawValue)
        }

        /// Marks the placement as final: ``rollback()`` then does nothing.
        mutating func commit() { committed = true }

        /// Removes the temporary file, and the placed name if it is still this copy.
        func rollback() {
            guard !committed else { return }
            if let temporaryName {
                try? HandOverSystemCalls.unlinkat(folder, temporaryName)
            }
            if let placedName, let identity,
                let status = try? HandOverSystemCalls.lstatat(folder, placedName),
                status.device == identity.device, status.inode == identity.inode
            {
                try? HandOverSystemCalls.unlinkat(folder, placedName)
            }
            try? HandOverSystemCalls.fsync(folder)
        }

        /// `renameat2` is missing from the C library, or the file system rejects the flag.
        static func noReplaceUnsupported(_ code: Int32) -> Bool {
            code == HandOverSystemCalls.functionNotSupported || code == HandOverSystemCalls.invalidArgument
                || code == HandOverSystemCalls.notSupported
        }
    }
}
