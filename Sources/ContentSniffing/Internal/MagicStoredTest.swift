/// A ``MagicLineTest`` as ``MagicBinaryPrefilter`` keeps it: a record of fixed size whose
/// bytes lie in one pool shared by all tests, so that reading a prefilter allocates a handful of
/// arrays, not one per test. Its kinds and fields are those of the cache file.
struct MagicStoredTest: Sendable, Equatable {
    /// The kinds, numbered as in the cache file.
    enum Kind: UInt8, Sendable {
        case number = 1, string, search, string16, words
    }

    var kind: Kind
    /// Number: bit 0 little-endian, bit 1 unsigned. String and search: bit 0 case ignored.
    /// UTF-16 string: bit 0 big-endian.
    var flags: UInt8 = 0
    var relation: UInt8 = UInt8(ascii: "=")
    /// A number's width in bytes.
    var width: UInt8 = 0
    var offset: Int32 = 0
    /// A search's range (0: to the end).
    var range: Int32 = 0
    /// The pattern's first byte in the pool and its length; for words, the first word in the
    /// word table and how many.
    var start: Int32 = 0
    var count: Int32 = 0
    var mask: UInt64 = 0
    var value: UInt64 = 0

    /// One word of a regular expression, its bytes in the pool.
    struct Word: Sendable, Equatable {
        var start: Int32
        var count: Int32
        var lowest: Int32
        /// Bit 0: at a line start; bit 1: case ignored.
        var flags: UInt8
    }

    /// Whether `buffer` (libmagic's whole view: the bytes it is handed) can pass the test, as
    /// ``MagicLineTest`` describes; `folded` gives the same bytes in lower case, for tests that
    /// ignore case; `pool` and `words` hold the patterns.
    func mayPass(
        _ buffer: UnsafeRawBufferPointer, folded: () -> UnsafeRawBufferPointer, pool: UnsafeRawBufferPointer, words: [Word]
    ) -> Bool {
        let offset = Int(offset)
        let pattern = UnsafeRawBufferPointer(rebasing: pool[Int(start)..<(kind == .words ? Int(start) : Int(start + count))])
        switch kind {
        case .number:
            return number(buffer, at: offset)
        case .string:
            guard offset <= buffer.count - pattern.count else { return false }
            let source = flags & 1 != 0 ? folded() : buffer
            guard let index = pattern.indices.first(where: { source[offset + $0] != pattern[$0] }) else {
                return relation == UInt8(ascii: "=")
            }
            switch relation {
            case UInt8(ascii: "!"): return true
            case UInt8(ascii: "<"): return source[offset + index] < pattern[index]
            case UInt8(ascii: ">"): return source[offset + index] > pattern[index]
            default: return false
            }
        case .search:
            let highest = range == 0 ? nil : offset + Int(range) - 1
            return (flags & 1 != 0 ? folded() : buffer).holds(pattern, from: offset, through: highest, atLineStart: false)
        case .string16:
            return string16(buffer, at: offset, pattern: pattern, bigEndian: flags & 1 != 0)
        case .words:
            return words[Int(start)..<Int(start + count)].contains { word in
                (word.flags & 2 != 0 ? folded() : buffer).holds(
                    UnsafeRawBufferPointer(rebasing: pool[Int(word.start)..<Int(word.start + word.count)]), from: Int(word.lowest), through: nil,
                    atLineStart: word.flags & 1 != 0)
            }
        }
    }

    /// A number read at `offset`, masked when the line's mask is `&`, sign-extended unless the
    /// line is unsigned, compared as libmagic compares.
    private func number(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        let width = Int(width)
        guard offset <= buffer.count - width else { return false }
        let littleEndian = flags & 1 != 0, unsigned = flags & 2 != 0
        var read: UInt64 = 0
        for index in 0..<width {
            read |= UInt64(buffer[offset + (littleEndian ? index : width - 1 - index)]) << UInt64(8 * index)
        }
        if mask != 0 { read &= mask }
        if !unsigned, width < 8, read >> UInt64(8 * width - 1) & 1 == 1 { read |= ~0 << UInt64(8 * width) }
        switch relation {
        case UInt8(ascii: "="): return read == value
        case UInt8(ascii: "!"): return read != value
        case UInt8(ascii: "&"): return read & value == value
        case UInt8(ascii: "^"): return read & value != value
        case UInt8(ascii: "<"): return unsigned ? read < value : Int64(bitPattern: read) < Int64(bitPattern: value)
        case UInt8(ascii: ">"): return unsigned ? read > value : Int64(bitPattern: read) > Int64(bitPattern: value)
        default: return true
        }
    }

    /// A UTF-16 string compared by the low byte of each unit (a NUL low byte beside another byte
    /// reads as a space); one starting past the end is compared with NULs, and one that runs
    /// past it passes when the units within it agree (libmagic compares the rest with what an
    /// earlier test left).
    private func string16(_ buffer: UnsafeRawBufferPointer, at offset: Int, pattern: UnsafeRawBufferPointer, bigEndian: Bool) -> Bool {
        guard offset < buffer.count else { return pattern.allSatisfy { $0 == 0 } }
        for (index, expected) in pattern.enumerated() {
            let low = offset + 2 * index + (bigEndian ? 1 : 0)
            guard low < buffer.count else { return true }
            let high = bigEndian ? low - 1 : low + 1
            let read = buffer[low] == 0 && high < buffer.count && buffer[high] != 0 ? UInt8(ascii: " ") : buffer[low]
            if read != expected { return false }
        }
        return true
    }
}
