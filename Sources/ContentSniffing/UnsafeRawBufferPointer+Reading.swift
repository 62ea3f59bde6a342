#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bounds-checked reads of fixed-size values and ASCII literals at byte offsets: the one byte
/// reader of the signature checks, the container inspectors and the document previews.
///
/// Every accessor returns `nil` (or `false`) when the value does not lie wholly inside the
/// buffer, so that signature checks can be written against untrusted, truncated input without
/// index arithmetic of their own. Offsets are `Int`; callers turn declared 32/64-bit offsets
/// into `Int` with ``Int/init(exactly:)`` or checked arithmetic first. The integer readers are
/// public:
///
/// ```swift
/// let width = bytes.withUnsafeBytes { $0.u32be(at: 16) }  // nil when the buffer is shorter than 20 bytes
/// ```
extension UnsafeRawBufferPointer {
    /// Whether `length` bytes starting at `offset` lie inside the buffer.
    @inline(__always)
    func contains(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count &- length
    }

    /// The byte at `offset`.
    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < count else { return nil }
        return self[offset]
    }

    /// The big-endian `UInt16` at `offset`.
    @inline(__always)
    public func u16be(at offset: Int) -> UInt16? {
        guard contains(offset: offset, length: 2) else { return nil }
        return UInt16(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// The little-endian `UInt16` at `offset`.
    @inline(__always)
    public func u16le(at offset: Int) -> UInt16? {
        guard contains(offset: offset, length: 2) else { return nil }
        return UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// The `UInt16` at `offset` in the given byte order.
    @inline(__always)
    public func u16(at offset: Int, littleEndian: Bool) -> UInt16? {
        littleEndian ? u16le(at: offset) : u16be(at: offset)
    }

    /// The big-endian 24-bit value at `offset`.
    @inline(__always)
    public func u24be(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 3) else { return nil }
        return UInt32(self[offset]) << 16 | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2])
    }

    /// The little-endian 24-bit value at `offset`.
    @inline(__always)
    public func u24le(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 3) else { return nil }
        return UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
    }

    /// The big-endian `UInt32` at `offset`.
    @inline(__always)
    public func u32be(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 4) else { return nil }
        return UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The little-endian `UInt32` at `offset`.
    @inline(__always)
    public func u32le(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 4) else { return nil }
        return UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The `UInt32` at `offset` in the given byte order.
    @inline(__always)
    public func u32(at offset: Int, littleEndian: Bool) -> UInt32? {
        littleEndian ? u32le(at: offset) : u32be(at: offset)
    }

    /// The big-endian `UInt64` at `offset`.
    @inline(__always)
    public func u64be(at offset: Int) -> UInt64? {
        guard contains(offset: offset, length: 8) else { return nil }
        return UInt64(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The little-endian `UInt64` at `offset`.
    @inline(__always)
    public func u64le(at offset: Int) -> UInt64? {
        guard contains(offset: offset, length: 8) else { return nil }
        return UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The `UInt64` at `offset` in the given byte order.
    @inline(__always)
    public func u64(at offset: Int, littleEndian: Bool) -> UInt64? {
        littleEndian ? u64le(at: offset) : u64be(at: offset)
    }

    /// Whether the buffer holds the ASCII literal `text` at `offset`.
    @inline(__always)
    func has(_ text: StaticString, at offset: Int = 0) -> Bool {
        let length = text.utf8CodeUnitCount
        guard contains(offset: offset, length: length) else { return false }
        let literal = text.utf8Start
        for index in 0..<length where self[offset + index] != literal[index] {
            return false
        }
        return true
    }

    /// Whether the buffer holds `text` at `offset`, ignoring ASCII case; `text` must be lower case.
    @inline(__always)
    func has(caseInsensitive text: StaticString, at offset: Int = 0) -> Bool {
        let length = text.utf8CodeUnitCount
        guard contains(offset: offset, length: length) else { return false }
        let literal = text.utf8Start
        for index in 0..<length where ASCII.lowercased(self[offset + index]) != literal[index] {
            return false
        }
        return true
    }

    /// The first offset in `start..<end` (clamped to the buffer) where `text` begins.
    func firstOffset(of text: StaticString, from start: Int = 0, to end: Int = .max) -> Int? {
        let length = text.utf8CodeUnitCount
        guard length > 0 else { return nil }
        let first = text.utf8Start[0]
        let limit = Swift.min(end, count)
        var offset = Swift.max(start, 0)
        while let candidate = firstOffset(of: first, from: offset, to: limit - length + 1) {
            if has(text, at: candidate) { return candidate }
            offset = candidate + 1
        }
        return nil
    }

    /// The first offset in `start..<end` (clamped to the buffer) holding `byte`.
    func firstOffset(of byte: UInt8, from start: Int = 0, to end: Int = .max) -> Int? {
        let lower = Swift.max(start, 0)
        let upper = Swift.min(end, count)
        guard lower < upper, let base = baseAddress, let found = memchr(base + lower, Int32(byte), upper - lower) else {
            return nil
        }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Whether `pattern` occurs starting between `lowest` and `highest` (`nil`: any offset from
    /// `lowest`), and when `atLineStart`, at `lowest`, the buffer's start or after a line feed.
    /// Candidates are found by the pattern's first byte that is not a NUL, which binary data
    /// is full of.
    func holds(_ pattern: UnsafeRawBufferPointer, from lowest: Int, through highest: Int?, atLineStart: Bool) -> Bool {
        guard !pattern.isEmpty else { return false }
        let last = Swift.min(highest ?? Int.max, count - pattern.count)
        let anchor = pattern.firstIndex { $0 != 0 } ?? 0
        var from = lowest
        while from <= last, let found = firstOffset(of: pattern[anchor], from: from + anchor, to: last + anchor + 1) {
            let start = found - anchor
            if pattern.indices.allSatisfy({ self[start + $0] == pattern[$0] }),
                !atLineStart || start == 0 || start == lowest || self[start - 1] == 0x0A
            {
                return true
            }
            from = start + 1
        }
        return false
    }

    /// The first offset from `start` that does not hold a blank (space or tab); `count` when
    /// only blanks follow.
    func offset(pastBlanksFrom start: Int) -> Int {
        var offset = Swift.min(Swift.max(start, 0), count)
        while offset < count, ASCII.isBlank(self[offset]) { offset += 1 }
        return offset
    }

    /// The buffer from `start` to `end`, both clamped to the buffer.
    func slice(from start: Int, to end: Int = .max) -> UnsafeRawBufferPointer {
        let lower = Swift.min(Swift.max(start, 0), count)
        let upper = Swift.max(Swift.min(end, count), lower)
        return UnsafeRawBufferPointer(rebasing: self[lower..<upper])
    }
}

extension UnsafeRawBufferPointer {
    /// The first offset where `text` (lower case) occurs, ignoring ASCII case.
    func firstOffset(caseInsensitive text: StaticString) -> Int? {
        let length = text.utf8CodeUnitCount
        guard length > 0, count >= length else { return nil }
        let first = text.utf8Start[0]
        for offset in 0...(count - length) where ASCII.lowercased(self[offset]) == first {
            if has(caseInsensitive: text, at: offset) { return offset }
        }
        return nil
    }
}
