import Synchronization

/// The last snapshot a catalog built, reused while the catalog's change counter is unchanged.
final class SnapshotCache: Sendable {
    private let slot = Mutex<CatalogSnapshot?>(nil)

    func snapshot(for generation: Int) -> CatalogSnapshot? {
        slot.withLock { current in current?.generation == generation ? current : nil }
    }

    func store(_ snapshot: CatalogSnapshot) {
        slot.withLock { $0 = snapshot }
    }
}
