/// Appends the sections of a compiled graph image: 64-bit words and arrays of fixed-width
/// integers, each array preceded by its element count and padded to 8 bytes, little-endian.
struct GraphImageWriter {
    private(set) var bytes: [UInt8] = []

    mutating func writeWord(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func writeArray<T: FixedWidthInteger>(_ values: [T]) {
        writeWord(UInt64(values.count))
        if UInt16(1).littleEndian == 1 {
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        } else {
            bytes.reserveCapacity(bytes.count + values.count * MemoryLayout<T>.size + 8)
            for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        }
        while bytes.count % 8 != 0 { bytes.append(0) }
    }

    /// Writes each byte string's length offsets (`count + 1` of them) and the joined bytes.
    mutating func writeStrings(_ strings: [[UInt8]]) {
        var offsets: [Int32] = [0]
        var joined: [UInt8] = []
        for string in strings {
            joined.append(contentsOf: string)
            offsets.append(Int32(joined.count))
        }
        writeArray(offsets)
        writeArray(joined)
    }

    /// Overwrites the word at byte `offset` (for header fields known only at the end).
    mutating func patchWord(at offset: Int, _ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { raw in
            for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
        }
    }
}
