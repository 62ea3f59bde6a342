/// One compiled `<match>` element: a byte pattern, the offsets it may start at, an optional
/// mask, and where its nested checks end.
///
/// Number types are compiled to the bytes they occupy in a file (big-endian, little-endian, or
/// the machine's order for `host16`/`host32`), so that every check is a masked byte comparison
/// at unaligned offsets. Checks are stored in pre-order: the nested checks of the check at
/// index `i` are `i + 1 ..< subtreeEnd`, and its next sibling is at `subtreeEnd`.
struct MagicCheck: Sendable, Equatable {
    /// The first offset the pattern may start at.
    var start: Int32
    /// How many consecutive offsets are tried, at least 1 (`offset="a:b"` gives `b - a + 1`).
    var span: Int32
    /// Where the pattern's bytes begin in the rule set's byte pool. When ``isMasked``, the
    /// pool holds `value & mask` followed by the mask, each ``length`` bytes.
    var patternStart: Int32
    /// The pattern's length in bytes, at least 1.
    var length: Int32
    /// Whether a mask follows the pattern in the pool; an all-ones mask is dropped when compiled.
    var isMasked: Bool
    /// The index just past this check's nested checks.
    var subtreeEnd: Int32

    /// One past the last byte offset this check can read: `start + span - 1 + length`.
    var readEnd: Int { Int(start) + Int(span) - 1 + Int(length) }
}
