/// Reads the words and arrays a ``GraphImageWriter`` wrote, in the same order, from memory the
/// caller keeps alive. Every read is bounds-checked: a truncated or malformed image yields
/// `nil`, never a read outside the image. Reading an array reads only its count: its elements
/// are touched when the caller reads them.
struct GraphImageReader {
    private let base: UnsafeRawBufferPointer
    /// Byte offsets of the next directory word, the directory's end, and the next array's
    /// elements; a directory that does not fit the image leaves all three at 0, so every read
    /// fails.
    private var wordOffset = 0
    private var directoryEnd = 0
    private var elementOffset = 0

    init(_ base: UnsafeRawBufferPointer) {
        self.base = base
        guard base.count >= 8 else { return }
        let words = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
        guard words <= UInt64(base.count / 8 - 1) else { return }
        wordOffset = 8
        directoryEnd = 8 + Int(words) * 8
        elementOffset = directoryEnd
    }

    /// Whether every word and every array element has been read.
    var isAtEnd: Bool { wordOffset == directoryEnd && elementOffset == base.count && directoryEnd > 0 }

    mutating func readWord() -> UInt64? {
        guard directoryEnd - wordOffset >= 8 else { return nil }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: wordOffset, as: UInt64.self))
        wordOffset += 8
        return word
    }

    /// An array written by ``GraphImageWriter/writeArray(_:)``, read in place.
    mutating func readArray<T: FixedWidthInteger>(of type: T.Type) -> UnsafeBufferPointer<T>? {
        guard let countWord = readWord(), countWord <= UInt64(base.count) else { return nil }
        let count = Int(countWord)
        let size = count * MemoryLayout<T>.stride
        let padded = (size + 7) & ~7
        guard base.count - elementOffset >= padded, let start = base.baseAddress else { return nil }
        let pointer = (start + elementOffset).assumingMemoryBound(to: T.self)
        elementOffset += padded
        return UnsafeBufferPointer(start: count == 0 ? nil : pointer, count: count)
    }

    /// Strings written by ``GraphImageWriter/writeStrings(_:)``. Their offsets are checked when
    /// a string is read, not here.
    mutating func readStrings() -> ByteStrings? {
        guard let offsets = readArray(of: Int32.self), let bytes = readArray(of: UInt8.self), !offsets.isEmpty else { return nil }
        return ByteStrings(offsets: offsets, bytes: bytes)
    }
}

/// A list of byte strings stored as offsets into one buffer (read from a graph image).
struct ByteStrings: @unchecked Sendable {
    let offsets: UnsafeBufferPointer<Int32>
    let bytes: UnsafeBufferPointer<UInt8>

    var count: Int { offsets.count - 1 }

    /// String `index`; empty when the image places it outside the bytes (a damaged image
    /// answers less, never out of bounds).
    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(offsets[index]), end = Int(offsets[index + 1])
        guard start >= 0, start <= end, end <= bytes.count else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
