public import DocumentCatalog
import Glibc

/// A journaled, crash-safe transfer of a file into an app's container: the open-in copy, the
/// picker import, the export to a provider and the move to a provider.
///
/// Protocol (so that an inbox never shows a partial file and no grant points at a missing file):
/// 1. a journal entry `started` is committed before any byte moves;
/// 2. the file is copied into the container's staging folder as `<entry-id>.staged` — through a
///    temporary file created exclusively, never following links, synced and renamed;
/// 3. the entry becomes `copied`, recording the staged file's device, inode, size and SHA-256;
/// 4. the staged file is renamed into the target folder under a free name (`name.ext`,
///    `name-1.ext`, …) without replacing anything — a rename keeps the inode;
/// 5. the grant is stored and the entry `committed`, in one transaction.
///
/// Recovery (``recover(catalog:)``, run when a broker opens): a `started` entry is rolled back
/// (its staged and temporary files removed); a `copied` entry is finished — the staged file is
/// moved into place, or, if the move had happened, the file is found in the target folder by
/// its inode — and its grant stored; if neither, it is rolled back.
public struct InboxTransfer: Sendable {
    /// What to do with the source.
    public enum Operation: String, Sendable {
        /// Copy it (open-in, picker import, export).
        case copy
        /// Move it (picker move); the source is gone afterwards.
        case move
    }

    /// The catalog holding the journal and grants.
    public let catalog: DocumentCatalog
    /// Failure injection for tests: called at each step with its name.
    public var checkpoint: (@Sendable (String) throws -> Void)?

    /// Creates a transfer runner.
    public init(catalog: DocumentCatalog, checkpoint: (@Sendable (String) throws -> Void)? = nil) {
        self.catalog = catalog
        self.checkpoint = checkpoint
    }

    /// Transfers `source` into `folder` of `container` and records `grant` (whose path, size and
    /// digest are filled in).
    ///
    /// - Parameters:
    ///   - journalOperation: the name the journal records (`open-in`, `import`, `export`, `move`).
    ///   - mode: the final file mode (0444 for inbox copies).
    /// - Returns: the stored grant.
    /// - Throws: ``HandOverError``; nothing is left behind in the target folder, and the journal
    ///   entry is rolled back.
    public func transfer(
        _ source: String, into folder: String, of container: AppContainer, operation: Operation, journalOperation: String,
        mode: UInt32, grant: Grant
    ) throws(HandOverError) -> Grant {
        try container.create()
        try AppContainer.makeFolders(folder, trusted: container.dataFolder)
        let name = AtomicFileCopy.lastComponent(of: source)
        _ = try SafeFileName(validating: name)
        let entry: Int64
        do { entry = try catalog.beginTransfer(operation: journalOperation, appID: container.appID, sourcePath: source, folder: folder) } catch {
            throw HandOverError(error)
        }
        var placedPath: String?
        do throws(HandOverError) {
            try step("started")
            let stagedName = "\(entry).staged"
            let copier = AtomicFileCopy(mode: mode)
            let staged: CopiedFile
            switch operation {
            case .copy: staged = try copier.copy(from: source, toFolder: container.staging, as: stagedName)
            case .move: staged = try copier.move(from: source, toFolder: container.staging, as: stagedName)
            }
            try step("staged")
            do {
                try catalog.markTransferCopied(
                    id: entry, stagedName: stagedName, device: staged.device, inode: staged.inode, size: staged.size, sha256: staged.sha256)
            } catch { throw HandOverError(error) }
            try step("copied")
            let placed = try copier.move(from: container.staging + "/" + stagedName, toFolder: folder, as: name)
            placedPath = placed.path
            try step("placed")
            var record = grant
            record.path = placed.path
            record.size = staged.size
            record.sha256 = staged.sha256
            do { return try catalog.commitTransfer(id: entry, finalPath: placed.path, grant: record) } catch { throw HandOverError(error) }
        } catch {
            // A file already placed has no grant yet: take it back out, so no orphan stays. A
            // moved file goes back where it came from; a copy is removed.
            let restore = operation == .move ? source : nil
            if let placedPath {
                if let restore, !FolderListing.exists(restore) { rename(placedPath, restore) } else if restore == nil { unlink(placedPath) }
            }
            InboxTransfer.rollBack(entry: entry, container: container, catalog: catalog, reason: error.reason, restoringTo: restore)
            throw error
        }
    }

    private func step(_ name: String) throws(HandOverError) {
        guard let checkpoint else { return }
        do { try checkpoint(name) } catch {
            throw HandOverError(.checkpointFailed, reason: "stopped at \(name): \(error)")
        }
    }

    /// Removes a transfer's temporary files and staged file — or, for a move, puts the staged
    /// file back at `restoringTo` — and closes its journal entry as rolled back.
    static func rollBack(entry: Int64, container: AppContainer, catalog: DocumentCatalog, reason: String, restoringTo original: String? = nil) {
        let prefix = "\(entry).staged"
        for name in FolderListing.names(container.staging) where name == prefix || name.hasPrefix("." + prefix + ".") {
            let path = container.staging + "/" + name
            if name == prefix, let original, !FolderListing.exists(original) {
                rename(path, original)
            } else {
                unlink(path)
            }
        }
        try? catalog.rollBackTransfer(id: entry, reason: reason)
    }

    /// Finishes or rolls back every open journal entry (see the type's documentation).
    ///
    /// - Returns: how many entries were finished and how many rolled back.
    @discardableResult
    public static func recover(catalog: DocumentCatalog) throws(HandOverError) -> (finished: Int, rolledBack: Int) {
        let entries: [TransferJournalEntry]
        do { entries = try catalog.openTransfers() } catch { throw HandOverError(error) }
        var finished = 0
        var rolledBack = 0
        for entry in entries {
            guard let container = try? AppContainer(appID: entry.appID, dataFolder: catalog.location.dataFolder) else {
                try? catalog.rollBackTransfer(id: entry.id, reason: "invalid container")
                rolledBack += 1
                continue
            }
            if entry.state == "copied", let stagedName = entry.stagedName, let identity = StagedIdentity(entry.finalName) {
                let name = AtomicFileCopy.lastComponent(of: entry.sourcePath)
                var placedPath: String?
                if FolderListing.exists(container.staging + "/" + stagedName) {
                    placedPath = try? AtomicFileCopy().move(from: container.staging + "/" + stagedName, toFolder: entry.folder, as: name).path
                } else {
                    placedPath = FolderListing.names(entry.folder).map { entry.folder + "/" + $0 }.first { identity.matches($0) }
                }
                if let placedPath, let grant = recoveredGrant(entry, path: placedPath, identity: identity) {
                    if (try? catalog.commitTransfer(id: entry.id, finalPath: placedPath, grant: grant)) != nil {
                        finished += 1
                        continue
                    }
                }
            }
            rollBack(
                entry: entry.id, container: container, catalog: catalog, reason: "recovered after an interrupted transfer",
                restoringTo: entry.operation == "move" ? entry.sourcePath : nil)
            rolledBack += 1
        }
        return (finished, rolledBack)
    }

    private static func recoveredGrant(_ entry: TransferJournalEntry, path: String, identity: StagedIdentity) -> Grant? {
        let kind: Grant.Kind
        let rights: Set<Grant.Right>
        switch entry.operation {
        case "open-in": (kind, rights) = (.inbox, [.read, .delete])
        case "import": (kind, rights) = (.import, [.read, .write, .delete])
        default: (kind, rights) = (.provider, [.read, .write, .delete])
        }
        return Grant(
            appID: entry.appID, path: path, kind: kind, rights: rights, originalPath: entry.sourcePath, size: identity.size,
            sha256: identity.sha256, createdAt: WallClock.now())
    }
}

/// The identity a journal records for a staged file: `device:inode:size:sha256`.
struct StagedIdentity {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let sha256: String

    init?(_ text: String?) {
        guard let parts = text?.split(separator: ":"), parts.count == 4, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
            let size = Int64(parts[2])
        else { return nil }
        self.device = device
        self.inode = inode
        self.size = size
        self.sha256 = String(parts[3])
    }

    func matches(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}

/// Folder listings for the workflows.
enum FolderListing {
    /// Entry names of a folder (no `.` and `..`), sorted; empty if it cannot be read.
    static func names(_ folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
