import DocumentCatalog
import OpenInBroker
import Synchronization

/// The lookup of a workspace's current snapshot, kept while the snapshot is current: a new
/// snapshot (the catalog changed) gets a new lookup, so rankings never outlive their data. With
/// it, how the catalog's files looked just before that snapshot was read (a
/// ``CatalogFileStamp``), and when the catalog last followed the machine.
final class LookupCache: Sendable {
    /// A lookup and a stamp taken before its snapshot was read: the snapshot holds every change
    /// committed before the stamp.
    private struct Kept {
        let lookup: HandlerLookup
        let stamp: CatalogFileStamp
    }

    private let slot = Mutex<Kept?>(nil)
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

    /// The kept lookup when the catalog's files still look as its settled stamp says (nothing
    /// was committed since); `nil` when the catalog must be asked.
    func unchangedLookup(_ current: CatalogFileStamp) -> HandlerLookup? {
        slot.withLock { kept in
            guard let kept, kept.stamp.isSettled, kept.stamp.describesSameFiles(as: current) else { return nil }
            return kept.lookup
        }
    }

    /// The lookup over `snapshot`: the kept one when it is over the same snapshot. `stamp` was
    /// taken before `snapshot` was read.
    func lookup(for snapshot: CatalogSnapshot, stamp: CatalogFileStamp, desktops: [String]) -> HandlerLookup {
        slot.withLock { kept in
            let lookup = kept.flatMap { $0.lookup.snapshot === snapshot ? $0.lookup : nil } ?? HandlerLookup(snapshot: snapshot, desktops: desktops)
            kept = Kept(lookup: lookup, stamp: stamp)
            return lookup
        }
    }
}
