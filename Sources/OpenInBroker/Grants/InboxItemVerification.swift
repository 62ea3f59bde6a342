import DocumentCatalog
import Glibc

/// Opening an inbox item only if it is still the file its grant was given for.
///
/// Policy: the item is opened without following a link and must be a regular file with no
/// other hard link (a second name could be a file outside the container, which would then be
/// served, moved or have its mode changed). An item delivered as a read-only copy must also be
/// the very file delivered — the device and inode the grant recorded — with the size and
/// SHA-256 recorded at hand-over; an item the app owns (a picker import, an item moved out)
/// may change, so only the first rule applies to it.
enum InboxItemVerification {
    /// Opens `path` for reading after checking it against `grant`; the descriptor is positioned
    /// at the start and is the caller's to close.
    ///
    /// - Throws: ``HandOverError`` — `.notFound`, `.symlinkRefused`, `.notRegularFile`, or
    ///   `.sourceChanged` naming what differs.
    static func open(_ path: String, grant: Grant) throws(HandOverError) -> (descriptor: Int32, size: Int64) {
        // Opened without following a link, checked to be a regular file, not blocking.
        let source: AtomicFileCopy.OpenSource
        do throws(HandOverError) {
            source = try AtomicFileCopy.openSource(path)
        } catch where error.errno == ENOENT {
            throw HandOverError(.notFound, reason: "the inbox item is gone", path: path, errno: error.errno)
        }
        do throws(HandOverError) {
            let status = source.status
            if status.links > 1 {
                throw HandOverError(
                    .sourceChanged, reason: "the inbox item has \(status.links) hard links; a second name may be a file outside the container",
                    path: path, value: String(status.links))
            }
            let delivered = !grant.allows(.write)
            if delivered, let device = grant.device, let inode = grant.inode, status.device != device || status.inode != inode {
                throw HandOverError(.sourceChanged, reason: "the inbox item was replaced since it was delivered", path: path)
            }
            if delivered, let expected = grant.sha256 {
                guard status.size == grant.size else {
                    throw HandOverError(
                        .sourceChanged, reason: "the inbox item has \(status.size) bytes, \(grant.size) were delivered", path: path)
                }
                let (_, digest) = try AtomicFileCopy.transfer(from: source, sourcePath: path, to: nil, folderPath: path, bufferSize: 128 * 1024)
                guard digest == expected, lseek(source.descriptor, 0, SEEK_SET) == 0 else {
                    throw HandOverError(.sourceChanged, reason: "the inbox item's bytes differ from those delivered (SHA-256)", path: path)
                }
            }
            return (source.descriptor, status.size)
        } catch {
            close(source.descriptor)
            throw error
        }
    }
}
