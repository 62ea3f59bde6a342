import ContentSniffing
import DocumentCatalog
import Glibc

/// Undoing a transfer that failed, or was interrupted, before its grant was stored.
///
/// Policy: the staged copy's temporary files are never the only copy of anything and always go.
/// A file already placed in the target folder (recognised by its device and inode) and the
/// staged file are removed — unless the transfer renamed its source into staging, then they
/// hold the only copy and go back to the source's folder: under the source's name, or the first
/// free `name-N` variant if that name was taken meanwhile, copied back (synced, then the staged
/// file removed) when a rename cannot cross the file systems. The journal entry is closed as
/// rolled back only when nothing remains that holds the only copy; otherwise it stays open and
/// the next recovery tries again.
struct TransferUndo {
    /// The journal entry.
    let entry: Int64
    /// The staging folder the transfer used.
    let staging: String
    /// The file already renamed into the target folder, if any, with its device and inode.
    let placed: (path: String, device: UInt64, inode: UInt64)?
    /// The source path, when the transfer renamed the source into staging.
    let restoringTo: String?

    /// Undoes the transfer's file work and closes its entry.
    ///
    /// - Returns: whether the entry was closed as rolled back.
    @discardableResult
    func run(catalog: DocumentCatalog, reason: String) -> Bool {
        let stagedName = "\(entry).staged"
        for name in FolderListing.names(staging) where name.hasPrefix("." + stagedName + ".") {
            _ = PathBytes.withCString(staging + "/" + name) { unlink($0) }
        }
        var holdsOnlyCopy = false
        if let placed, Self.isFile(placed.path, device: placed.device, inode: placed.inode) {
            holdsOnlyCopy = !settle(placed.path) || holdsOnlyCopy
        }
        if FolderListing.exists(staging + "/" + stagedName) {
            holdsOnlyCopy = !settle(staging + "/" + stagedName) || holdsOnlyCopy
        }
        guard !holdsOnlyCopy else { return false }
        do { try catalog.rollBackTransfer(id: entry, reason: reason) } catch { return false }
        return true
    }

    /// Restores or removes one file of the transfer; `false` when it still holds the only copy.
    private func settle(_ path: String) -> Bool {
        guard let original = restoringTo else {
            _ = PathBytes.withCString(path) { unlink($0) }
            return true
        }
        let restorer = AtomicFileCopy(mode: 0o600)
        let folder = AtomicFileCopy.parentPath(of: original)
        let name = AtomicFileCopy.lastComponent(of: original)
        return (try? restorer.move(from: path, toFolder: folder, as: name)) != nil
    }

    /// Whether `path` is the regular file with this device and inode (never following a link).
    static func isFile(_ path: String, device: UInt64, inode: UInt64) -> Bool {
        var info = stat()
        return PathBytes.withCString(path, { lstat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG && UInt64(info.st_dev) == device
            && UInt64(info.st_ino) == inode
    }
}
