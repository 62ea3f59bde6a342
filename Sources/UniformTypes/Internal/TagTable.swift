/// An immutable hash table from byte-string keys to small integer values, looked up without
/// allocating. With `foldsCase`, keys are stored folded and lookups fold ASCII letters while
/// hashing, so `PNG`, `Png` and `png` find the same entry.
///
/// Open addressing with linear probing over a power-of-two slot array; key bytes live in one
/// contiguous buffer.
struct TagTable: Sendable {
    private var slots: [Int32]  // entry index + 1, 0 = empty
    private var keyOffsets: [Int32] = []  // start of each key in keyBytes, plus a final end
    private var keyBytes: [UInt8] = []
    private var values: [Int32] = []
    private var mask: Int
    let foldsCase: Bool

    /// Creates a table from distinct keys (already unique after folding) and their values.
    init(_ entries: [(key: [UInt8], value: Int32)], foldsCase: Bool) {
        self.foldsCase = foldsCase
        var capacity = 8
        while capacity < entries.count * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        keyOffsets.reserveCapacity(entries.count + 1)
        for (index, entry) in entries.enumerated() {
            let key = foldsCase ? entry.key.map(ASCIICaseFolding.fold) : entry.key
            keyOffsets.append(Int32(keyBytes.count))
            keyBytes.append(contentsOf: key)
            values.append(entry.value)
            var slot = key.withUnsafeBufferPointer { Int(truncatingIfNeeded: TagTable.hash($0, fold: false)) } & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
        keyOffsets.append(Int32(keyBytes.count))
    }

    /// An empty table.
    static let empty = TagTable([], foldsCase: true)

    var count: Int { values.count }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        if fold {
            for byte in bytes { hash = (hash ^ UInt64(ASCIICaseFolding.fold(byte))) &* 0x0000_0100_0000_01b3 }
        } else {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return hash ^ (hash >> 29)
    }

    /// The value stored for `key`, or `nil`.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>) -> Int32? {
        if values.isEmpty { return nil }
        var slot = Int(truncatingIfNeeded: TagTable.hash(key, fold: foldsCase)) & mask
        return slots.withUnsafeBufferPointer { slotBuffer in
            keyBytes.withUnsafeBufferPointer { stored in
                keyOffsets.withUnsafeBufferPointer { offsets in
                    while true {
                        let entry = Int(slotBuffer[slot])
                        if entry == 0 { return nil }
                        let start = Int(offsets[entry - 1])
                        let end = Int(offsets[entry])
                        if end - start == key.count {
                            var equal = true
                            var position = start
                            for byte in key {
                                let candidate = foldsCase ? ASCIICaseFolding.fold(byte) : byte
                                if stored[position] != candidate {
                                    equal = false
                                    break
                                }
                                position += 1
                            }
                            if equal { return values[entry - 1] }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
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

    /// Memory held by the table, in bytes.
    var byteSize: Int { slots.count * 4 + keyOffsets.count * 4 + keyBytes.count + values.count * 4 }
}
