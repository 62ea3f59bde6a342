import Dispatch
import DocumentCatalog
public import OpenInBroker
import Synchronization

extension Workspace {
    /// A `for await` sequence of the catalog's changes, driven by inotify on the catalog file
    /// and the places the catalog follows (``watchedLocations``).
    ///
    /// Policy: when desktop entries, `mimeapps.list` files or shared-mime-info packages change
    /// and `importing` is true (the default) and the catalog is writable, the catalog follows the
    /// machine before the change is reported (`followMachine`, which imports what changed; when
    /// its stamps saw nothing, as for a desktop entry rewritten in place, the full system import
    /// runs), so a lookup made on receiving the change sees the new apps. A change to the catalog
    /// file is reported when its generation moved (a write by another program or another
    /// workspace), not for reads. See ``CatalogChanges`` for when the sequence ends.
    ///
    /// - Throws: ``HandOverError`` `systemCallFailed` with the error number when inotify cannot
    ///   be set up (too many instances or watches).
    public func changes(importing: Bool = true) throws(HandOverError) -> CatalogChanges {
        let catalogPath = catalog.location.path
        let environment = self.environment
        let watcher: ChangeWatcher
        do {
            watcher = try ChangeWatcher {
                WatchTarget.targets(catalogPath: catalogPath, locations: CatalogFreshness.watchedLocations(environment: environment))
            }
        } catch {
            throw HandOverError(.systemCallFailed, reason: "cannot watch the catalog and its folders with inotify", path: catalogPath, errno: error.value)
        }
        let (stream, continuation) = AsyncStream<CatalogChange>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { _ in watcher.stop() }
        let workspace = self
        let lastGeneration = Mutex<Int?>(try? catalog.generation())
        DispatchQueue(label: "openwith.catalog-changes").async {
            watcher.run { touched in
                let locations = touched.filter { !$0.isCatalog }.map(\.reported)
                let reimported = !locations.isEmpty && importing && workspace.followMachineAfterChange()
                let generation = try? workspace.catalog.generation()
                let moved = lastGeneration.withLock { last in
                    defer { last = generation }
                    return last != generation
                }
                if !locations.isEmpty || moved {
                    continuation.yield(CatalogChange(generation: generation, changedLocations: locations, reimported: reimported))
                }
            }
            continuation.finish()
        }
        return CatalogChanges(stream: stream)
    }

    /// Brings the catalog up to date after the watcher saw a location change: what the freshness
    /// check finds changed, else everything. Whether an import ran.
    private func followMachineAfterChange() -> Bool {
        if catalog.isReadOnly { return false }
        do {
            if try catalog.followMachine(environment: environment) != nil { return true }
            _ = try catalog.importSystem(environment: environment)
            return true
        } catch {
            return false
        }
    }
}
