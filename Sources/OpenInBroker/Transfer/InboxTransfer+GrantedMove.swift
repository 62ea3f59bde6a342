public import DocumentCatalog
import ContentSniffing
import Glibc

extension InboxTransfer {
    /// Moves a file the app already holds a grant on (an inbox item) into `folder` of the same
    /// container, and points the grant at it with a new kind and rights — journaled, so that a
    /// crash never leaves a grant without its file or a file without its grant.
    ///
    /// Protocol: the journal lock is held shared; an entry records the item's device, inode,
    /// size and digest and the grant's id before the move; the file is renamed (never
    /// replacing anything, so it keeps its inode) and given `mode`; the grant and the entry are
    /// updated in one transaction. Recovery finds the file by its inode: still at the item's
    /// path, the entry is rolled back; in `folder`, the grant is moved to it and the entry
    /// committed.
    ///
    /// - Returns: the updated grant.
    /// - Throws: ``HandOverError``; the item is then back in the inbox with its grant unchanged.
    public func moveGranted(
        _ item: String, grant: Grant, into folder: String, of container: AppContainer, kind: Grant.Kind, rights: Set<Grant.Right>,
        mode: UInt32
    ) throws(HandOverError) -> Grant {
        try container.create()
        try AppContainer.makeFolders(folder, trusted: container.dataFolder)
        var info = stat()
        guard PathBytes.withCString(item, { lstat($0, &info) }) == 0 else { throw HandOverError(.notFound, reason: "the inbox item is gone", path: item, errno: errno) }
        let lock: TransferJournalLock
        let entry: Int64
        do {
            lock = try TransferJournalLock.holdForTransfer(catalog: catalog)
            entry = try catalog.beginTransfer(
                operation: .moveOut, appID: container.appID, sourcePath: item, folder: folder, grantID: grant.id)
            try catalog.markTransferCopied(
                id: entry, stagedName: AtomicFileCopy.lastComponent(of: item), device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                size: Int64(info.st_size), sha256: grant.sha256 ?? "")
        } catch { throw HandOverError(error) }
        defer { withExtendedLifetime(lock) {} }
        var moved: CopiedFile?
        do throws(HandOverError) {
            moved = try AtomicFileCopy(mode: mode).move(from: item, toFolder: folder)
            try step("placed")
            do {
                return try catalog.commitGrantMove(id: entry, grantID: grant.id, path: moved?.path ?? item, kind: kind, rights: rights)
            } catch { throw HandOverError(error) }
        } catch {
            if let moved {
                _ = try? AtomicFileCopy(mode: UInt32(info.st_mode) & 0o777).move(
                    from: moved.path, toFolder: AtomicFileCopy.parentPath(of: item), as: AtomicFileCopy.lastComponent(of: item))
            }
            if FolderListing.exists(item) { try? catalog.rollBackTransfer(id: entry, reason: error.reason) }
            throw error
        }
    }

    /// Finishes or rolls back an interrupted ``moveGranted(_:grant:into:of:kind:rights:mode:)``.
    ///
    /// - Returns: whether the move was finished; otherwise the entry was rolled back (the file
    ///   is still in the inbox, or is in neither place and its grant cannot be repaired).
    static func recoverGrantedMove(_ entry: TransferJournalEntry, catalog: DocumentCatalog) -> Bool {
        guard let identity = entry.stagedIdentity, let grantID = entry.grantID else {
            try? catalog.rollBackTransfer(id: entry.id, reason: "recovered after an interrupted move out of the inbox")
            return false
        }
        if !TransferUndo.isFile(entry.sourcePath, device: identity.device, inode: identity.inode),
            let found = FolderListing.names(entry.folder).map({ entry.folder + "/" + $0 }).first(where: {
                TransferUndo.isFile($0, device: identity.device, inode: identity.inode)
            }),
            (try? catalog.commitGrantMove(id: entry.id, grantID: grantID, path: found, kind: .import, rights: [.read, .write, .delete])) != nil
        {
            return true
        }
        try? catalog.rollBackTransfer(id: entry.id, reason: "recovered after an interrupted move out of the inbox")
        return false
    }
}
