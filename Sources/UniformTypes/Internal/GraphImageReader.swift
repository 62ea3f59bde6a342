/// Reads the sections a ``GraphImageWriter`` wrote, in the same order, from memory the caller
/// keeps alive. Every read is bounds-checked: a truncated or malformed image yields `nil`,
/// never a read outside the image.
struct GraphImageReader {
    private let base: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ base: UnsafeRawBufferPointer) { self.base = base }

    var isAtEnd: Bool { offset == base.count }

    mutating func readWord() -> UInt64? {
        guard base.count - offset >= 8 else { return nil }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
        return word
    }

    /// An array written by ``GraphImageWriter/writeArray(_:)``, read in place.
    mutating func readArray<T: FixedWidthInteger>(of type: T.Type) -> UnsafeBufferPointer<T>? {
        guard let countWord = readWord(), countWord <= UInt64(base.count) else { return nil }
        let count = Int(countWord)
        let size = count * MemoryLayout<T>.stride
        let padded = (size + 7) & ~7
        guard base.count - offset >= padded, let start = base.baseAddress else { return nil }
        let pointer = (start + offset).assumingMemoryBound(to: T.self)
        offset += padded
        return UnsafeBufferPointer(start: count == 0 ? nil : pointer, count: count)
    }

    /// Strings written by ``GraphImageWriter/writeStrings(_:)``: checked offsets and bytes.
    mutating func readStrings() -> ByteStrings? {
        guard let offsets = readArray(of: Int32.self), let bytes = readArray(of: UInt8.self), !offsets.isEmpty,
            GraphImageChecks.offsetsAreValid(offsets, lists: offsets.count - 1, total: bytes.count)
        else { return nil }
        return ByteStrings(offsets: offsets, bytes: bytes)
    }
}

/// A list of byte strings stored as offsets into one buffer (read from a graph image).
struct ByteStrings: @unchecked Sendable {
    let offsets: UnsafeBufferPointer<Int32>
    let bytes: UnsafeBufferPointer<UInt8>

    var count: Int { offsets.count - 1 }

    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(offsets[index])..<Int(offsets[index + 1])])
    }
}
