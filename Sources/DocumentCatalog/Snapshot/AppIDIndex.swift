import UniformTypes

/// A snapshot's apps by id, compared without case: ASCII letters fold, and an id with other
/// letters is compared lowercased as a whole. When two apps' ids are equal that way, the later
/// app is the one found.
///
/// The index holds app positions only; ids are read from the apps themselves, so building it
/// for 100,000 apps makes no string and hashes each id once.
struct AppIDIndex: Sendable {
    private let apps: [CatalogApp]
    /// App position + 1 per slot (0 = empty), a power-of-two count with at least half empty.
    private let slots: [Int32]

    init(_ apps: [CatalogApp]) {
        self.apps = apps
        var capacity = 16
        while capacity < apps.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for app in apps {
            var slot = Self.hash(app.id) & mask
            while slots[slot] != 0, !Self.same(apps[Int(slots[slot] - 1)].id, app.id) { slot = (slot + 1) & mask }
            slots[slot] = app.index + 1
        }
        self.slots = slots
    }

    /// The position of the app with this id, or `nil`.
    func index(of id: String) -> Int32? {
        let mask = slots.count - 1
        var slot = Self.hash(id) & mask
        while slots[slot] != 0 {
            let index = slots[slot] - 1
            if Self.same(apps[Int(index)].id, id) { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a over the id's bytes with ASCII letters folded; over its lowercased bytes when it
    /// has other letters.
    private static func hash(_ id: String) -> Int {
        if id.utf8.contains(where: { $0 >= 0x80 }) { return hash(bytes: id.lowercased().utf8) }
        return hash(bytes: id.utf8)
    }

    private static func hash(bytes: String.UTF8View) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(ASCIICaseFolding.fold(byte))) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// Whether two ids are the same app's, by the rule above.
    private static func same(_ a: String, _ b: String) -> Bool {
        if ASCIICaseFolding.equal(a, b) { return true }
        guard a.utf8.contains(where: { $0 >= 0x80 }) || b.utf8.contains(where: { $0 >= 0x80 }) else { return false }
        return a.lowercased() == b.lowercased()
    }
}
