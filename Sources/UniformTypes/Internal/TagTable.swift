/// An immutable hash table from byte-string keys to small integer values, looked up without
/// allocating or reference counting. With `foldsCase`, keys are stored folded and lookups fold
/// ASCII letters while comparing, so `PNG`, `Png` and `png` find the same entry.
///
/// Every table places a key by the hash of its folded bytes (``hash(_:)``), whether it folds
/// case or not.
///
/// Open addressing with linear probing over a power-of-two array of cells; key bytes live in one
/// contiguous buffer. A cell holds all a lookup needs besides the key's bytes (its entry, where
/// its bytes are, its value), so a hit reads one cell and one key. The table reads memory owned
/// by its graph's ``GraphImage`` (compiled in memory or mapped from a file); it never owns or
/// frees anything itself.
struct TagTable: @unchecked Sendable {
    /// Four words a slot: entry index + 1 (0 = empty), key start, key end, value.
    private let cells: UnsafeBufferPointer<Int32>
    /// Where each key starts in `keyBytes`, in insertion order, plus a final end.
    private let keyOffsets: UnsafeBufferPointer<Int32>
    private let keyBytes: UnsafeBufferPointer<UInt8>
    private let mask: Int
    /// Bit `n` is set when some key is `n` bytes long (bit 63: 63 or more): most lookups of a
    /// key no entry could match end here, before hashing.
    private let lengths: UInt64
    /// Values at or above this are not entries (see ``init(reading:valueLimit:)``).
    private let valueLimit: Int
    let foldsCase: Bool

    /// An empty table.
    static let empty = TagTable()

    private init() {
        cells = UnsafeBufferPointer(start: nil, count: 0)
        keyOffsets = cells
        keyBytes = UnsafeBufferPointer(start: nil, count: 0)
        mask = 0
        lengths = 0
        valueLimit = 0
        foldsCase = true
    }

    /// Reads a table written by ``write(_:foldsCase:to:)``: its shape is checked here (section
    /// sizes, a power-of-two cell array with an empty cell), its contents on use — a lookup
    /// probes at most every slot once, and an entry that points outside the table or a value not
    /// below `valueLimit` is no entry. Opening a table therefore reads none of its pages; a
    /// damaged or hostile table can answer wrongly but never read out of bounds or loop.
    init?(reading reader: inout GraphImageReader, valueLimit: Int) {
        guard let flag = reader.readWord(), flag <= 1, let maskWord = reader.readWord(), let lengths = reader.readWord(),
            let cells = reader.readArray(of: Int32.self), let keyOffsets = reader.readArray(of: Int32.self),
            let keyBytes = reader.readArray(of: UInt8.self)
        else { return nil }
        guard maskWord < UInt64(Int32.max / 4), (Int(maskWord) + 1) * 4 == cells.count, (Int(maskWord) + 1) & Int(maskWord) == 0,
            !keyOffsets.isEmpty, keyOffsets.count - 1 <= Int(maskWord), keyBytes.count < Int(Int32.max)
        else { return nil }
        self.cells = cells
        self.keyOffsets = keyOffsets
        self.keyBytes = keyBytes
        self.mask = Int(maskWord)
        self.valueLimit = valueLimit
        self.foldsCase = flag == 1
        self.lengths = lengths
    }

    @inline(__always)
    static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// Writes a table of distinct keys (already unique after folding) and their values.
    static func write(_ entries: [(key: [UInt8], value: Int32)], foldsCase: Bool, to writer: inout GraphImageWriter) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity <<= 1 }
        var cells = [Int32](repeating: 0, count: capacity * 4)
        let mask = capacity - 1
        var keyOffsets: [Int32] = []
        var keyBytes: [UInt8] = []
        keyOffsets.reserveCapacity(entries.count + 1)
        for (index, entry) in entries.enumerated() {
            let key = foldsCase ? entry.key.map(ASCIICaseFolding.fold) : entry.key
            let start = Int32(keyBytes.count)
            keyOffsets.append(start)
            keyBytes.append(contentsOf: key)
            var slot = key.withUnsafeBufferPointer { Int(truncatingIfNeeded: TagTable.hash($0)) } & mask
            while cells[slot * 4] != 0 { slot = (slot + 1) & mask }
            cells[slot * 4] = Int32(index + 1)
            cells[slot * 4 + 1] = start
            cells[slot * 4 + 2] = Int32(keyBytes.count)
            cells[slot * 4 + 3] = entry.value
        }
        keyOffsets.append(Int32(keyBytes.count))
        writer.writeWord(foldsCase ? 1 : 0)
        writer.writeWord(UInt64(mask))
        writer.writeWord(entries.reduce(0) { $0 | TagTable.lengthBit($1.key.count) })
        writer.writeArray(cells)
        writer.writeArray(keyOffsets)
        writer.writeArray(keyBytes)
    }

    var count: Int { keyOffsets.count - 1 }

    /// A hash of `bytes` with ASCII letters folded to lower case, so a key and its folded form
    /// hash alike; read eight bytes at a time. A key of 8 bytes or more ends with the word of its
    /// last 8 bytes (overlapping the one before), a shorter key is one word.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { hashNotingCase(bytes).hash }

    /// ``hash(_:)``, and whether the key may differ from its folded form: `false` when every
    /// byte already has bit 5 set (no upper-case letter among them), and such a key equals a
    /// stored (folded) key exactly when their bytes are equal, so its compares need not fold.
    @inline(__always)
    static func hashNotingCase(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, mayFold: Bool) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return (hash, false) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var changed: UInt64 = 0
        // Words are folded by setting bit 5 of every byte (`A` → `a`, also `_` → DEL: a few more
        // keys share a hash, none is missed) and combined by rotate and xor, which keeps the
        // chain from word to word short; the multiplication at the end spreads every bit.
        @inline(__always) func mix(_ word: UInt64) {
            let folded = word | 0x2020_2020_2020_2020
            changed |= folded ^ word
            hash = ((hash << 23) | (hash >> 41)) ^ folded
        }
        if count < 8 {
            let word = shortWord(raw, count: count)
            // Bytes above the key stay zero, so a key and its folded form hash alike.
            let folded = word | (0x2020_2020_2020_2020 >> UInt64((8 - count) * 8))
            changed |= folded ^ word
            hash ^= folded
        } else {
            var offset = 0
            while count - offset > 8 {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            mix(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        // Every input bit reaches the low bits that choose the slot: the high half folded onto
        // the low one, one multiplication, and the product's high half folded back.
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        return (hash ^ (hash >> 32), changed != 0)
    }

    /// Eight bytes with `A`–`Z` mapped to `a`–`z`, all at once.
    @inline(__always)
    static func foldWord(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & ~high
        let atLeastA = low7 &+ (0x80 - 0x41) &* ones
        let aboveZ = low7 &+ (0x80 - 0x5B) &* ones
        let isUpper = atLeastA & ~aboveZ & ~word & high
        return word | (isUpper >> 2)
    }

    /// A key of fewer than 8 bytes as one word (zero above its bytes), read without going past
    /// them: at most one 4-, one 2- and one 1-byte load.
    @inline(__always)
    static func shortWord(_ pointer: UnsafeRawPointer, count: Int) -> UInt64 {
        var word: UInt64 = 0
        var offset = 0
        if count & 4 != 0 {
            word = UInt64(pointer.loadUnaligned(as: UInt32.self))
            offset = 4
        }
        if count & 2 != 0 {
            word |= UInt64(pointer.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << UInt64(offset * 8)
            offset += 2
        }
        if count & 1 != 0 {
            word |= UInt64(pointer.load(fromByteOffset: offset, as: UInt8.self)) << UInt64(offset * 8)
        }
        return word
    }

    /// The value stored for `key`, or `nil`.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>) -> Int32? {
        // A length no key has ends the lookup before hashing.
        if lengths & TagTable.lengthBit(key.count) == 0 { return nil }
        let (hash, mayFold) = TagTable.hashNotingCase(key)
        // A key without upper-case letters is compared as it is, even in a folding table.
        return probe(key, hash: hash, fold: foldsCase && mayFold)
    }

    /// Probes from the slot `hash` chooses until `key` or an empty slot is found, folding `key`
    /// while comparing when `fold` is set.
    @inline(__always)
    private func probe(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, fold: Bool) -> Int32? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0...mask {
            let cell = slot &* 4
            guard cells[cell] > 0 else { return nil }
            let start = Int(cells[cell + 1])
            let end = Int(cells[cell + 2])
            if end - start == key.count, start >= 0, end <= keyBytes.count,
                TagTable.equal(key, UnsafeBufferPointer(rebasing: keyBytes[start..<end]), fold: fold)
            {
                let value = cells[cell + 3]
                return value >= 0 && Int(value) < valueLimit ? value : nil
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether `key` (folded first, with `fold`) equals `stored`, a key of the same length,
    /// compared eight bytes at a time as ``hash(_:)`` reads them.
    @inline(__always)
    static func equal(_ key: UnsafeBufferPointer<UInt8>, _ stored: UnsafeBufferPointer<UInt8>, fold: Bool) -> Bool {
        let count = key.count
        guard count == stored.count, let keyBase = key.baseAddress, let storedBase = stored.baseAddress else {
            return key.count == stored.count
        }
        let a = UnsafeRawPointer(keyBase)
        let b = UnsafeRawPointer(storedBase)
        @inline(__always) func same(_ left: UInt64, _ right: UInt64) -> Bool { (fold ? foldWord(left) : left) == right }
        if count < 8 { return same(shortWord(a, count: count), shortWord(b, count: count)) }
        var offset = 0
        while count - offset > 8 {
            if !same(a.loadUnaligned(fromByteOffset: offset, as: UInt64.self), b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
                return false
            }
            offset += 8
        }
        return same(a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// The value stored for `key`, or `nil`.
    @inline(__always)
    func value(for key: String) -> Int32? {
        var key = key
        return key.withUTF8 { value(for: $0) }
    }

    /// The value stored for `key`, or `nil`.
    @inline(__always)
    func value(for key: Substring) -> Int32? {
        var key = key
        return key.withUTF8 { value(for: $0) }
    }

    /// The stored (folded, for a folding table) bytes of entry `entry`, in insertion order; empty
    /// for an entry the table does not hold or whose bytes lie outside it.
    func key(at entry: Int) -> UnsafeBufferPointer<UInt8> {
        guard entry >= 0, entry + 1 < keyOffsets.count else { return UnsafeBufferPointer(rebasing: keyBytes[0..<0]) }
        let start = Int(keyOffsets[entry]), end = Int(keyOffsets[entry + 1])
        guard start >= 0, start <= end, end <= keyBytes.count else { return UnsafeBufferPointer(rebasing: keyBytes[0..<0]) }
        return UnsafeBufferPointer(rebasing: keyBytes[start..<end])
    }

    /// Whether entry `entry` (in insertion order) is stored as exactly the bytes of `key`. A
    /// folding table stores keys folded, so a key with upper-case letters is never such an
    /// entry (``value(for:)`` still finds it). `false` for an entry the table does not hold.
    func entry(_ entry: Int, isExactly key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry >= 0, entry + 1 < keyOffsets.count else { return false }
        let start = Int(keyOffsets[entry]), end = Int(keyOffsets[entry + 1])
        guard end - start == key.count, start >= 0, end <= keyBytes.count else { return false }
        return TagTable.equal(key, UnsafeBufferPointer(rebasing: keyBytes[start..<end]), fold: false)
    }

    /// Memory the table reads, in bytes.
    var byteSize: Int { cells.count * 4 + keyOffsets.count * 4 + keyBytes.count }
}
