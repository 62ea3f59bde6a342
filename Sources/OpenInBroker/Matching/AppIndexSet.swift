/// A set of app indices of one snapshot (0 ..< the snapshot's app count): what a ranking asks of
/// every candidate it weighs — placed already? left out already? in this level already?
///
/// For a snapshot of at most ``inlineCapacity`` apps (a desktop's usual count) the set is one bit
/// an app held in the set itself: no allocation, each question one test. For a larger snapshot
/// a few members are a short list searched in turn (a ranking of a rare type places a handful
/// of apps, and a snapshot of 100,000 apps should not clear a bitmap of 12 KiB for them); past
/// ``listLimit`` members the set becomes one bit an app, so that for a type hundreds of apps
/// claim each question takes constant time instead of a walk of everyone placed so far.
struct AppIndexSet {
    /// One bit an app when the snapshot has at most ``inlineCapacity`` apps: four words, read
    /// and written one word at a time in place.
    private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The members while the set is small.
    private var list: [Int32] = []
    /// One bit an app once the set outgrew the list; empty before.
    private var words: [UInt64] = []
    /// The app count of the snapshot: every member is below it.
    private let capacity: Int

    /// Members kept as a list before the set turns into a bitmap.
    static let listLimit = 24
    /// The most apps whose bits the set holds in itself.
    static let inlineCapacity = 256

    /// An empty set for indices below `capacity`.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 0)
    }

    /// Whether `app` is in the set.
    @inline(__always)
    func contains(_ app: Int32) -> Bool {
        if capacity <= Self.inlineCapacity {
            guard app >= 0, Int(app) < capacity else { return false }
            return withUnsafeBytes(of: inline) { $0.load(fromByteOffset: (Int(app) >> 6) * 8, as: UInt64.self) } & (1 << UInt64(app & 63)) != 0
        }
        if words.isEmpty { return list.contains(app) }
        let word = Int(app) >> 6
        guard app >= 0, word < words.count else { return false }
        return words[word] & (1 << UInt64(app & 63)) != 0
    }

    /// Adds `app` (an index below the capacity; others are ignored).
    @inline(__always)
    mutating func insert(_ app: Int32) {
        guard app >= 0, Int(app) < capacity else { return }
        if capacity <= Self.inlineCapacity {
            updateInlineWord(of: app) { $0 | 1 << UInt64(app & 63) }
            return
        }
        if words.isEmpty {
            if list.contains(app) { return }
            if list.count < Self.listLimit {
                // Room for the whole list at once: it never grows by copying.
                if list.isEmpty { list.reserveCapacity(Swift.min(capacity, Self.listLimit)) }
                list.append(app)
                return
            }
            words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
            for member in list { words[Int(member) >> 6] |= 1 << UInt64(member & 63) }
            list = []
        }
        words[Int(app) >> 6] |= 1 << UInt64(app & 63)
    }

    /// Removes `app`, if it is there.
    @inline(__always)
    mutating func remove(_ app: Int32) {
        if capacity <= Self.inlineCapacity {
            guard app >= 0, Int(app) < capacity else { return }
            updateInlineWord(of: app) { $0 & ~(1 << UInt64(app & 63)) }
            return
        }
        if words.isEmpty {
            if let position = list.firstIndex(of: app) { list.swapAt(position, list.count - 1); list.removeLast() }
            return
        }
        let word = Int(app) >> 6
        guard app >= 0, word < words.count else { return }
        words[word] &= ~(1 << UInt64(app & 63))
    }

    /// Replaces the inline word holding `app`'s bit with `change` applied to it.
    @inline(__always)
    private mutating func updateInlineWord(of app: Int32, _ change: (UInt64) -> UInt64) {
        withUnsafeMutableBytes(of: &inline) { words in
            let offset = (Int(app) >> 6) * 8
            words.storeBytes(of: change(words.load(fromByteOffset: offset, as: UInt64.self)), toByteOffset: offset, as: UInt64.self)
        }
    }
}
