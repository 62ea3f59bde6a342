import DocumentCatalog
import OpenInBroker
import Synchronization

/// The lookup of a workspace's current snapshot, kept while the snapshot is current: a new
/// snapshot (the catalog changed) gets a new lookup, so rankings never outlive their data. And
/// when the catalog last followed the machine.
final class LookupCache: Sendable {
    private let slot = Mutex<HandlerLookup?>(nil)
    private let lastFollowed = Mutex(ContinuousClock.now)

    /// Whether `interval` has passed since the last freshness check; if so, the check is due
    /// now and the next one an interval later (one caller of several at once runs it).
    func isDueToFollow(every interval: Duration) -> Bool {
        let now = ContinuousClock.now
        return lastFollowed.withLock { last in
            guard now - last >= interval else { return false }
            last = now
            return true
        }
    }

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
