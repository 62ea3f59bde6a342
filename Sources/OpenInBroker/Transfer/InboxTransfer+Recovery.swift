public import DocumentCatalog

extension InboxTransfer {
    /// Finishes or rolls back every open journal entry of processes that died mid-transfer (see
    /// the type's documentation for the rules).
    ///
    /// Nothing is done while any process is transferring (it holds the journal lock shared):
    /// its entries are live, and the next broker to open recovers once it is done.
    ///
    /// - Returns: how many entries were finished and how many rolled back; entries left open
    ///   (a source that could not be put back yet) count in neither.
    @discardableResult
    public static func recover(catalog: DocumentCatalog) throws(HandOverError) -> (finished: Int, rolledBack: Int) {
        let lock: TransferJournalLock?
        let entries: [TransferJournalEntry]
        do {
            lock = try TransferJournalLock.holdForRecovery(catalog: catalog)
            guard lock != nil else { return (0, 0) }
            entries = try catalog.openTransfers()
        } catch { throw HandOverError(error) }
        defer { withExtendedLifetime(lock) {} }
        var finished = 0
        var rolledBack = 0
        for entry in entries {
            guard let container = try? AppContainer(appID: entry.appID, dataFolder: catalog.location.dataFolder) else {
                try? catalog.rollBackTransfer(id: entry.id, reason: "invalid container")
                rolledBack += 1
                continue
            }
            if entry.operation == .moveOut {
                if recoverGrantedMove(entry, catalog: catalog) { finished += 1 } else { rolledBack += 1 }
                continue
            }
            let staging = entry.stagingFolder ?? container.staging
            let keptSource = entry.sourceDisposal != nil
            if entry.state == .committed {
                if entry.sourceDisposal == .pending, let identity = entry.stagedIdentity {
                    MovedSourceRemoval.run(entry: entry.id, source: entry.sourcePath, size: identity.size, sha256: identity.sha256, catalog: catalog)
                }
                finished += 1
                continue
            }
            var placed: (path: String, device: UInt64, inode: UInt64)?
            if entry.state == .copied, let stagedName = entry.stagedName, let identity = entry.stagedIdentity {
                placed = finishPlacement(entry, stagedPath: staging + "/" + stagedName, identity: identity)
                if let placed, let grant = recoveredGrant(entry, path: placed.path, identity: identity),
                    (try? catalog.commitTransfer(id: entry.id, finalPath: placed.path, grant: grant)) != nil
                {
                    if keptSource {
                        MovedSourceRemoval.run(entry: entry.id, source: entry.sourcePath, size: identity.size, sha256: identity.sha256, catalog: catalog)
                    }
                    finished += 1
                    continue
                }
            }
            let undo = TransferUndo(
                entry: entry.id, staging: staging, placed: placed,
                restoringTo: entry.operation == .move && !keptSource ? entry.sourcePath : nil)
            if undo.run(catalog: catalog, reason: "recovered after an interrupted transfer") { rolledBack += 1 }
        }
        return (finished, rolledBack)
    }

    /// Moves a copied entry's staged file into place, or finds it there by its inode if that
    /// move had already happened; `nil` when it is in neither place.
    private static func finishPlacement(
        _ entry: TransferJournalEntry, stagedPath: String, identity: StagedFileIdentity
    ) -> (path: String, device: UInt64, inode: UInt64)? {
        if FolderListing.exists(stagedPath) {
            let name = AtomicFileCopy.lastComponent(of: entry.sourcePath)
            // The mode every transfer of this operation gives its file: inbox copies are read-only.
            let mode: UInt32 = entry.operation == .openIn ? 0o444 : 0o600
            guard let moved = try? AtomicFileCopy(mode: mode).move(from: stagedPath, toFolder: entry.folder, as: name) else { return nil }
            return (moved.path, moved.device, moved.inode)
        }
        let found = FolderListing.names(entry.folder).map { entry.folder + "/" + $0 }.first {
            TransferUndo.isFile($0, device: identity.device, inode: identity.inode)
        }
        return found.map { ($0, identity.device, identity.inode) }
    }

    private static func recoveredGrant(_ entry: TransferJournalEntry, path: String, identity: StagedFileIdentity) -> Grant? {
        let kind: Grant.Kind
        let rights: Set<Grant.Right>
        switch entry.operation {
        case .openIn: (kind, rights) = (.inbox, [.read, .delete])
        case .import: (kind, rights) = (.import, [.read, .write, .delete])
        case .export, .move, .moveOut: (kind, rights) = (.provider, [.read, .write, .delete])
        }
        return Grant(
            appID: entry.appID, path: path, kind: kind, rights: rights, originalPath: entry.sourcePath, size: identity.size,
            sha256: identity.sha256, createdAt: WallClock.now(), device: identity.device, inode: identity.inode)
    }
}
