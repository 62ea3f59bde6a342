/// Evaluates compiled checks against one buffer, without allocating.
///
/// A check passes when its pattern (masked, if it has a mask) equals the buffer's bytes at one
/// of its offsets; an offset whose pattern would run past the end of the buffer fails, so a
/// truncated file never matches more than the whole file would. A check with nested checks
/// matches only when it passes and one of its nested checks matches too
/// (`<a><b/><c/></a>` means "a and (b or c)", as in the shared-mime-info specification and
/// xdgmime's `_xdg_mime_magic_matchlet_compare_level`).
///
/// Only valid inside the `withUnsafeBufferPointer` calls that made its pointers.
struct MagicEvaluator {
    /// The file's leading bytes.
    let bytes: UnsafeRawBufferPointer
    /// The rule set's checks.
    let checks: UnsafeBufferPointer<MagicCheck>
    /// The rule set's patterns and masks.
    let pool: UnsafeBufferPointer<UInt8>

    /// Whether one of the sibling checks in `first ..< end` matches (passes, and has no nested
    /// checks or one of them matches).
    func anyMatches(from first: Int, to end: Int) -> Bool {
        var index = first
        while index < end {
            let check = checks[index]
            let next = Int(check.subtreeEnd)
            if passes(check), next == index + 1 || anyMatches(from: index + 1, to: next) {
                return true
            }
            index = next
        }
        return false
    }

    /// Whether `check`'s own pattern is found at one of its offsets (nested checks aside).
    @inline(__always)
    func passes(_ check: MagicCheck) -> Bool {
        let length = Int(check.length)
        let first = Int(check.start)
        // The last offset the pattern may start at and still end inside the buffer.
        let last = Swift.min(first + Int(check.span) - 1, bytes.count - length)
        guard first <= last, length > 0, let base = bytes.baseAddress, let patterns = pool.baseAddress else {
            return false
        }
        let pattern = patterns + Int(check.patternStart)
        if check.isMasked {
            let mask = pattern + length
            for offset in first...last where Self.equal(base + offset, pattern, mask: mask, length) {
                return true
            }
            return false
        }
        if first == last {
            return Self.equal(base + first, pattern, length)
        }
        // A range: jump from one occurrence of the pattern's first byte to the next (memchr).
        var offset = first
        while let found = bytes.firstOffset(of: pattern[0], from: offset, to: last + 1) {
            if Self.equal(base + found, pattern, length) { return true }
            offset = found + 1
        }
        return false
    }

    /// Whether the `length` bytes at `data` equal `pattern`.
    @inline(__always)
    static func equal(_ data: UnsafeRawPointer, _ pattern: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var index = 0
        while index < length {
            if data.load(fromByteOffset: index, as: UInt8.self) != pattern[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether the `length` bytes at `data`, masked, equal `pattern` (already masked).
    @inline(__always)
    static func equal(_ data: UnsafeRawPointer, _ pattern: UnsafePointer<UInt8>, mask: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var index = 0
        while index < length {
            if data.load(fromByteOffset: index, as: UInt8.self) & mask[index] != pattern[index] { return false }
            index += 1
        }
        return true
    }
}
