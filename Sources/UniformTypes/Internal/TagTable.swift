/// An immutable hash table from byte-string keys to small integer values, looked up without
/// allocating or reference counting. With `foldsCase`, keys are stored folded and lookups fold
/// ASCII letters while hashing, so `PNG`, `Png` and `png` find the same entry.
///
/// Open addressing with linear probing over a power-of-two slot array; key bytes live in one
/// contiguous buffer. The table reads memory owned by its graph's ``GraphImage`` (compiled in
/// memory or mapped from a file); it never owns or frees anything itself.
struct TagTable: @unchecked Sendable {
    private let slots: UnsafeBufferPointer<Int32>  // entry index + 1, 0 = empty
    private let keyOffsets: UnsafeBufferPointer<Int32>  // start of each key in keyBytes, plus a final end
    private let keyBytes: UnsafeBufferPointer<UInt8>
    private let values: UnsafeBufferPointer<Int32>
    private let mask: Int
    let foldsCase: Bool

    /// An empty table.
    static let empty = TagTable()

    private init() {
        slots = UnsafeBufferPointer(start: nil, count: 0)
        keyOffsets = slots
        keyBytes = UnsafeBufferPointer(start: nil, count: 0)
        values = slots
        mask = 0
        foldsCase = true
    }

    /// Reads a table written by ``write(_:foldsCase:to:)``, checking that every probe stays
    /// inside the table and every value is below `valueLimit`; `nil` when it does not.
    init?(reading reader: inout GraphImageReader, valueLimit: Int) {
        guard let flag = reader.readWord(), flag <= 1, let maskWord = reader.readWord(),
            let slots = reader.readArray(of: Int32.self), let keyOffsets = reader.readArray(of: Int32.self),
            let keyBytes = reader.readArray(of: UInt8.self), let values = reader.readArray(of: Int32.self)
        else { return nil }
        let count = values.count
        guard maskWord < UInt64(Int32.max), Int(maskWord) + 1 == slots.count, slots.count & Int(maskWord) == 0,
            count < slots.count || (count == 0 && slots.isEmpty), keyOffsets.count == count + 1
        else { return nil }
        var previous: Int32 = 0
        for offset in keyOffsets {
            guard offset >= previous, Int(offset) <= keyBytes.count else { return nil }
            previous = offset
        }
        guard keyOffsets[0] == 0 else { return nil }
        // Every probe must reach an empty slot: no more occupied slots than entries.
        var occupied = 0
        for slot in slots {
            guard slot >= 0, Int(slot) <= count else { return nil }
            if slot != 0 { occupied += 1 }
        }
        guard occupied <= count, occupied < slots.count else { return nil }
        for value in values where value < 0 || Int(value) >= valueLimit { return nil }
        self.slots = slots
        self.keyOffsets = keyOffsets
        self.keyBytes = keyBytes
        self.values = values
        self.mask = Int(maskWord)
        self.foldsCase = flag == 1
    }

    /// Writes a table of distinct keys (already unique after folding) and their values.
    static func write(_ entries: [(key: [UInt8], value: Int32)], foldsCase: Bool, to writer: inout GraphImageWriter) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        var keyOffsets: [Int32] = []
        var keyBytes: [UInt8] = []
        var values: [Int32] = []
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
        writer.writeWord(foldsCase ? 1 : 0)
        writer.writeWord(UInt64(mask))
        writer.writeArray(slots)
        writer.writeArray(keyOffsets)
        writer.writeArray(keyBytes)
        writer.writeArray(values)
    }

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
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            let start = Int(keyOffsets[entry - 1])
            let end = Int(keyOffsets[entry])
            if end - start == key.count {
                var equal = true
                var position = start
                for byte in key {
                    let candidate = foldsCase ? ASCIICaseFolding.fold(byte) : byte
                    if keyBytes[position] != candidate {
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

    /// The stored (folded, for a folding table) bytes of entry `entry`, in insertion order.
    func key(at entry: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: keyBytes[Int(keyOffsets[entry])..<Int(keyOffsets[entry + 1])])
    }

    /// Memory the table reads, in bytes.
    var byteSize: Int { slots.count * 4 + keyOffsets.count * 4 + keyBytes.count + values.count * 4 }
}
