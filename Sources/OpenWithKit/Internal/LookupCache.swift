import DocumentCatalog
import OpenInBroker
import Synchronization

/// The lookup of a workspace's current snapshot, kept while the snapshot is current: a new
/// snapshot (the catalog changed) gets a new lookup, so rankings never outlive their data.
final class LookupCache: Sendable {
    private let slot = Mutex<HandlerLookup?>(nil)

    /// The lookup over `snapshot`: the kept one when it is over the same snapshot.
    func lookup(for snapshot: CatalogSnapshot, desktops: [String]) -> HandlerLookup {
        slot.withLock { kept in
            if let current = kept, current.snapshot === snapshot { return current }
            let fresh = HandlerLookup(snapshot: snapshot, desktops: desktops)
            kept = fresh
            return fresh
        }
    }
}
