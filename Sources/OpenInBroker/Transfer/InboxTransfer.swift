public import DocumentCatalog
import ContentSniffing
import Glibc

/// A journaled, crash-safe transfer of a file into an app's container: the open-in copy, the
/// picker import, the export to a provider and the move to a provider.
///
/// Protocol (so that an inbox never shows a partial file, no grant points at a missing file, and
/// the only copy of a moved file is never lost, whatever step a crash or a failure hits):
/// 1. the transfer takes the journal lock shared (``TransferJournalLock``) and a journal entry
///    `started` is committed before any byte moves;
/// 2. the file is staged as `<entry-id>.staged` in a staging folder on the destination's file
///    system (the container's `tmp/.openwith-staging`, or `.openwith-staging` inside a
///    provider's storage on another file system) — through a temporary file created
///    exclusively, never following links, synced and renamed. A copy copies; a move *renames*
///    its source into staging when the source is on that file system, and otherwise stages a
///    copy and keeps the source;
/// 3. the entry becomes `copied`, recording the staged file's device, inode, size and SHA-256;
/// 4. the staged file is renamed into the target folder under a free name (`name.ext`,
///    `name-1.ext`, …) without replacing anything — a rename keeps the inode;
/// 5. the grant is stored and the entry `committed`, in one transaction;
/// 6. a move that kept its source removes it — only if it still holds exactly the bytes
///    transferred (same size and SHA-256, read again without following links) — and records
///    that; a source changed since it was copied is kept.
///
/// A failure before step 5 undoes the transfer: copies are removed, and a renamed source is put
/// back where it was (under a free name if its old name was taken meanwhile; copied back if a
/// rename cannot cross the file systems). An entry is closed as rolled back only once no byte
/// exists solely in staging; otherwise it stays open for recovery.
///
/// Recovery (``recover(catalog:)``, run when a broker opens) first takes the journal lock
/// exclusive without waiting: while any process is transferring it does nothing, so a live
/// transfer is never touched. Then a `started` entry is rolled back as above; a `copied` entry
/// is finished — the staged file is moved into place, or, if the move had happened, found in the
/// target folder by its inode — and its grant stored; a committed move whose source removal is
/// pending gets it. An entry that can be neither finished nor undone stays open.
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
    /// Failure injection for tests: called at each step with its name (`started`, `staged`,
    /// `copied`, `placed`, and `committed` for a move that kept its source). A throw before
    /// `committed` fails the transfer as a real failure would; a throw at `committed` stops it
    /// there as a crash would, leaving the source's removal to recovery.
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
    ///   - journalOperation: what the journal records (open-in, import, export or move).
    ///   - mode: the final file mode (0444 for inbox copies).
    /// - Returns: the stored grant.
    /// - Throws: ``HandOverError``; nothing is left behind in the target folder, a moved source
    ///   is back in its folder, and the journal entry is rolled back (or left open for recovery
    ///   when the source could not be put back yet).
    public func transfer(
        _ source: String, into folder: String, of container: AppContainer, operation: Operation, journalOperation: TransferJournalEntry.Operation,
        mode: UInt32, grant: Grant
    ) throws(HandOverError) -> Grant {
        try container.create()
        try AppContainer.makeFolders(folder, trusted: container.dataFolder)
        let name = AtomicFileCopy.lastComponent(of: source)
        _ = try SafeFileName(validating: name)
        let staging = try Self.stagingFolder(for: folder, of: container)
        let keepsSource = operation == .move && !Self.sameFileSystem(AtomicFileCopy.parentPath(of: source), staging)
        let lock: TransferJournalLock
        let entry: Int64
        do {
            lock = try TransferJournalLock.holdForTransfer(catalog: catalog)
            entry = try catalog.beginTransfer(
                operation: journalOperation, appID: container.appID, sourcePath: source, folder: folder,
                staging: staging == container.staging ? nil : staging, keepsSourceUntilCommitted: keepsSource)
        } catch { throw HandOverError(error) }
        defer { withExtendedLifetime(lock) {} }
        let renamesSource = operation == .move && !keepsSource
        var placed: CopiedFile?
        let committed: Grant
        do throws(HandOverError) {
            try step("started")
            let stagedName = "\(entry).staged"
            let copier = AtomicFileCopy(mode: mode)
            let staged =
                renamesSource
                ? try copier.move(from: source, toFolder: staging, as: stagedName)
                : try copier.copy(from: source, toFolder: staging, as: stagedName)
            try step("staged")
            do {
                try catalog.markTransferCopied(
                    id: entry, stagedName: stagedName, device: staged.device, inode: staged.inode, size: staged.size, sha256: staged.sha256)
            } catch { throw HandOverError(error) }
            try step("copied")
            placed = try copier.move(from: staging + "/" + stagedName, toFolder: folder, as: name)
            try step("placed")
            var record = grant
            record.path = placed?.path ?? ""
            record.size = staged.size
            record.sha256 = staged.sha256
            record.device = placed?.device
            record.inode = placed?.inode
            do { committed = try catalog.commitTransfer(id: entry, finalPath: record.path, grant: record) } catch { throw HandOverError(error) }
        } catch {
            let undo = TransferUndo(
                entry: entry, staging: staging, placed: placed.map { ($0.path, $0.device, $0.inode) },
                restoringTo: renamesSource ? source : nil)
            undo.run(catalog: catalog, reason: error.reason)
            throw error
        }
        guard keepsSource else { return committed }
        try step("committed")
        MovedSourceRemoval.run(entry: entry, source: source, size: committed.size, sha256: committed.sha256 ?? "", catalog: catalog)
        return committed
    }

    func step(_ name: String) throws(HandOverError) {
        guard let checkpoint else { return }
        do { try checkpoint(name) } catch {
            throw HandOverError(.checkpointFailed, reason: "stopped at \(name): \(error)")
        }
    }

    /// Where a transfer into `folder` stages its file: the container's staging folder, unless
    /// `folder` is on another file system (a provider's storage), then `.openwith-staging`
    /// inside `folder`, so that placing the file is always a rename.
    static func stagingFolder(for folder: String, of container: AppContainer) throws(HandOverError) -> String {
        if sameFileSystem(folder, container.staging) { return container.staging }
        let beside = AtomicFileCopy.join(folder, besideStagingName)
        try AppContainer.makeFolders(beside, trusted: folder)
        return beside
    }

    /// The name of the staging folder kept inside a destination on another file system.
    static let besideStagingName = ".openwith-staging"

    /// Whether two existing paths are on one file system (unknown counts as not).
    static func sameFileSystem(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        return PathBytes.withCString(first, { stat($0, &a) }) == 0 && PathBytes.withCString(second, { stat($0, &b) }) == 0 && a.st_dev == b.st_dev
    }
}
