import UniformTypes

/// A snapshot's apps by id, compared without case: ASCII letters fold, and an id with other
/// letters is compared lowercased as a whole. When two apps' ids are equal that way, the later
/// app is the one found.
///
/// The index holds app positions and the ids' hashes only; ids are read from the apps
/// themselves, and only when their hashes are equal, so building it for 100,000 apps makes no
/// string and reads each id once.
struct AppIDIndex: Sendable {
    /// One slot of the open-addressed table: the upper half of the id's hash, and the app's
    /// position + 1 (0 = empty).
    private struct Slot: Sendable {
        var tag: UInt32
        var entry: Int32
    }

    private let apps: [CatalogApp]
    /// A power-of-two count of slots, at least half of them empty.
    private let slots: [Slot]

    init(_ apps: [CatalogApp]) {
        self.apps = apps
        var capacity = 16
        while capacity < apps.count * 2 { capacity <<= 1 }
        var slots = [Slot](repeating: Slot(tag: 0, entry: 0), count: capacity)
        for app in apps {
            let id = app.record.id
            let hash = Self.hash(id)
            // A later app with an equal id takes over the earlier one's slot.
            slots[Self.slot(of: id, hash: hash, in: slots, apps: apps)] = Slot(tag: Self.tag(hash), entry: app.index + 1)
        }
        self.slots = slots
    }

    /// The position of the app with this id, or `nil`.
    func index(of id: String) -> Int32? {
        let entry = slots[Self.slot(of: id, hash: Self.hash(id), in: slots, apps: apps)].entry
        return entry == 0 ? nil : entry - 1
    }

    /// The slot of `slots` holding the app whose id is `id` (which hashes to `hash`), or the
    /// empty slot where it would go.
    private static func slot(of id: String, hash: UInt64, in slots: [Slot], apps: [CatalogApp]) -> Int {
        let mask = slots.count - 1
        let wanted = tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].entry != 0 {
            if slots[slot].tag == wanted, same(apps[Int(slots[slot].entry - 1)].record.id, id) { return slot }
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// The part of an id's hash a slot keeps: its upper half (the lower bits choose the slot).
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

    /// FNV-1a over the id's bytes with ASCII letters folded, mixed; over its lowercased bytes
    /// when it has other letters.
    private static func hash(_ id: String) -> UInt64 {
        var highBits: UInt8 = 0
        let hash = id.utf8.withContiguousStorageIfAvailable { folded($0, highBits: &highBits) } ?? folded(id.utf8, highBits: &highBits)
        guard highBits >= 0x80 else { return hash }
        var ignored: UInt8 = 0
        return folded(id.lowercased().utf8, highBits: &ignored)
    }

    /// The mixed FNV-1a hash of `bytes` with ASCII letters folded; `highBits` collects the
    /// bytes' bits, so that a byte of 0x80 or more shows.
    private static func folded(_ bytes: some Sequence<UInt8>, highBits: inout UInt8) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var bits: UInt8 = 0
        for byte in bytes {
            bits |= byte
            hash = (hash ^ UInt64(ASCIICaseFolding.fold(byte))) &* 0x0000_0100_0000_01b3
        }
        highBits = bits
        return hash ^ (hash >> 29)
    }

    /// Whether two ids are the same app's, by the rule above.
    private static func same(_ a: String, _ b: String) -> Bool {
        if ASCIICaseFolding.equal(a, b) { return true }
        guard a.utf8.contains(where: { $0 >= 0x80 }) || b.utf8.contains(where: { $0 >= 0x80 }) else { return false }
        return a.lowercased() == b.lowercased()
    }
}
