/// One compiled `<match>` element: a byte pattern (or a regex, or a count of nested matches),
/// the offsets it may start at, an optional mask, and where its nested checks end.
///
/// Number types are compiled to the bytes they occupy in a file (big-endian, little-endian, or
/// the machine's order for `host16`/`host32`), and `unicodeLE` strings to their UTF-16LE
/// bytes, so that those checks are masked byte comparisons at unaligned offsets. Checks are
/// stored in pre-order: the nested checks of the check at index `i` are `i + 1 ..< subtreeEnd`,
/// and its next sibling is at `subtreeEnd`.
struct MagicCheck: Sendable, Equatable {
    /// How a check tests the bytes.
    enum Kind: UInt8, Sendable {
        /// The pattern's bytes, masked if there is a mask (string, unicodeLE and the numbers).
        case bytes
        /// The pattern's bytes with ASCII letters compared without regard to case; the pool
        /// holds the pattern in lower case (stringignorecase).
        case caseInsensitive
        /// A regex: ``MagicCheck/patternStart`` is its index in the rule set's regexes.
        case regex
        /// No test of its own: at least ``MagicCheck/length`` of the nested checks must match
        /// (Tika's `minShouldMatch`).
        case least
    }

    /// How the check tests the bytes.
    var kind: Kind = .bytes
    /// The first offset the pattern may start at.
    var start: Int32
    /// How many consecutive offsets are tried, at least 1 (`offset="a:b"` gives `b - a + 1`).
    var span: Int32
    /// Where the pattern's bytes begin in the rule set's byte pool. When ``isMasked``, the
    /// pool holds `value & mask` followed by the mask, each ``length`` bytes. For a regex, the
    /// index of the compiled regex.
    var patternStart: Int32
    /// The pattern's length in bytes, at least 1; for ``Kind/least``, how many nested checks
    /// must match.
    var length: Int32
    /// Whether a mask follows the pattern in the pool; an all-ones mask is dropped when compiled.
    var isMasked: Bool
    /// The index just past this check's nested checks.
    var subtreeEnd: Int32

    /// One past the last byte offset this check needs to decide: `start + span - 1 + length`
    /// for bytes; for a regex, one past its last start (it looks at what follows as far as the
    /// buffer reaches, up to ``MagicRegex/window`` bytes); 0 for ``Kind/least``.
    var readEnd: Int {
        switch kind {
        case .bytes, .caseInsensitive: Int(start) + Int(span) - 1 + Int(length)
        case .regex: Int(start) + Int(span)
        case .least: 0
        }
    }
}
