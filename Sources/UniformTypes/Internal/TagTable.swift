/// An immutable hash table from byte-string keys to small integer values, looked up without
/// allocating or reference counting. With `foldsCase`, keys are stored folded and lookups fold
/// ASCII letters while hashing, so `PNG`, `Png` and `png` find the same entry.
///
/// Open addressing with linear probing over a power-of-two slot array; key bytes live in one
/// contiguous buffer. The buffers are owned by a final class and read through raw pointers.
struct TagTable: Sendable {
    private let buffers: Buffers
    let foldsCase: Bool

    final class Buffers: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Int32>  // entry index + 1, 0 = empty
        let keyOffsets: UnsafeMutableBufferPointer<Int32>  // start of each key in keyBytes, plus a final end
        let keyBytes: UnsafeMutableBufferPointer<UInt8>
        let values: UnsafeMutableBufferPointer<Int32>
        let mask: Int

        init(slots: [Int32], keyOffsets: [Int32], keyBytes: [UInt8], values: [Int32], mask: Int) {
            func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
                let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
                _ = buffer.initialize(from: array)
                return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
            }
            self.slots = copy(slots)
            self.keyOffsets = copy(keyOffsets)
            self.keyBytes = copy(keyBytes)
            self.values = copy(values)
            self.mask = mask
        }

        deinit {
            for base in [UnsafeMutableRawPointer(slots.baseAddress), UnsafeMutableRawPointer(keyOffsets.baseAddress),
                UnsafeMutableRawPointer(keyBytes.baseAddress), UnsafeMutableRawPointer(values.baseAddress)] {
                base?.deallocate()
            }
        }
    }

    /// Creates a table from distinct keys (already unique after folding) and their values.
    init(_ entries: [(key: [UInt8], value: Int32)], foldsCase: Bool) {
        self.foldsCase = foldsCase
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
        buffers = Buffers(slots: slots, keyOffsets: keyOffsets, keyBytes: keyBytes, values: values, mask: mask)
    }

    /// An empty table.
    static let empty = TagTable([], foldsCase: true)

    var count: Int { buffers.values.count }

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
        let buffers = self.buffers
        if buffers.values.isEmpty { return nil }
        let slots = buffers.slots
        let stored = buffers.keyBytes
        let offsets = buffers.keyOffsets
        var slot = Int(truncatingIfNeeded: TagTable.hash(key, fold: foldsCase)) & buffers.mask
        while true {
            let entry = Int(slots[slot])
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
                if equal { return buffers.values[entry - 1] }
            }
            slot = (slot + 1) & buffers.mask
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
    var byteSize: Int { buffers.slots.count * 4 + buffers.keyOffsets.count * 4 + buffers.keyBytes.count + buffers.values.count * 4 }
}
