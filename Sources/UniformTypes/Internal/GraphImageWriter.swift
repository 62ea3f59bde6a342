/// Builds a compiled graph image: 64-bit words and arrays of fixed-width integers,
/// little-endian, written in one order and read back by ``GraphImageReader`` in the same order.
///
/// The image keeps its words apart from its arrays' elements: a *directory* (every word, and
/// every array's element count) comes first, then the elements of each array in turn, each
/// array padded to 8 bytes. Opening an image thus reads one short run of words, not a word at
/// the head of each section spread over the whole file, and an array's pages are read only
/// when a lookup needs them.
///
/// Layout: the number of directory words, the directory, then the array elements.
struct GraphImageWriter {
    private var directory: [UInt64] = []
    private var elements: [UInt8] = []

    /// The finished image.
    var bytes: [UInt8] {
        var image: [UInt8] = []
        image.reserveCapacity(size)
        for word in [UInt64(directory.count)] + directory {
            withUnsafeBytes(of: word.littleEndian) { image.append(contentsOf: $0) }
        }
        image.append(contentsOf: elements)
        return image
    }

    /// The finished image's size in bytes.
    var size: Int { 8 + directory.count * 8 + elements.count }

    mutating func writeWord(_ word: UInt64) {
        directory.append(word)
    }

    mutating func writeArray<T: FixedWidthInteger>(_ values: [T]) {
        directory.append(UInt64(values.count))
        if UInt16(1).littleEndian == 1 {
            values.withUnsafeBytes { elements.append(contentsOf: $0) }
        } else {
            elements.reserveCapacity(elements.count + values.count * MemoryLayout<T>.size + 8)
            for value in values { withUnsafeBytes(of: value.littleEndian) { elements.append(contentsOf: $0) } }
        }
        while elements.count % 8 != 0 { elements.append(0) }
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

    /// Overwrites the `index`th word written (for header fields known only at the end).
    mutating func patchWord(atIndex index: Int, _ word: UInt64) {
        directory[index] = word
    }
}
