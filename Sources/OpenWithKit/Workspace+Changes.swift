import Dispatch
import DocumentCatalog
public import OpenInBroker
import Synchronization

extension Workspace {
    /// A `for await` sequence of the catalog's changes, driven by inotify on the catalog file
    /// and the XDG folders it is made from (``watchedLocations``).
    ///
    /// Policy: when desktop entries, `mimeapps.list` files or shared-mime-info packages change
    /// and `importing` is true (the default) and the catalog is writable, the machine's apps are
    /// imported again before the change is reported, so a lookup made on receiving it sees the
    /// new apps. A change to the catalog file is reported when its generation moved (a write by
    /// another program or another workspace), not for reads. See ``CatalogChanges`` for when the
    /// sequence ends.
    ///
    /// - Throws: ``HandOverError`` `systemCallFailed` with the error number when inotify cannot
    ///   be set up (too many instances or watches).
    public func changes(importing: Bool = true) throws(HandOverError) -> CatalogChanges {
        let locations = watchedLocations
        let watcher: ChangeWatcher
        do {
            watcher = try ChangeWatcher(locations: locations)
        } catch {
            throw HandOverError(.systemCallFailed, reason: "cannot watch the catalog's folders with inotify", path: locations.first?.folder, errno: error.value)
        }
        let (stream, continuation) = AsyncStream<CatalogChange>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { _ in watcher.stop() }
        let workspace = self
        let lastGeneration = Mutex<Int?>(try? catalog.generation())
        DispatchQueue(label: "openwith.catalog-changes").async {
            watcher.run { changed in
                let folders = changed.sorted().map { locations[$0] }.filter { $0.kind != .catalog }.map(\.folder)
                var reimported = false
                if !folders.isEmpty, importing, !workspace.catalog.isReadOnly {
                    reimported = (try? workspace.importSystem()) != nil
                }
                let generation = try? workspace.catalog.generation()
                let moved = lastGeneration.withLock { last in
                    defer { last = generation }
                    return last != generation
                }
                if !folders.isEmpty || moved {
                    continuation.yield(CatalogChange(generation: generation, changedFolders: folders, reimported: reimported))
                }
            }
            continuation.finish()
        }
        return CatalogChanges(stream: stream)
    }
}
