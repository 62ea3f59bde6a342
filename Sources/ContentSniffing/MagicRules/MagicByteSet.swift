/// A set of byte values, 256 bits: a regex character class, `.`, or one literal byte (both
/// cases of it under `(?i)`).
struct MagicByteSet: Sendable, Equatable {
    private var low: UInt64 = 0
    private var lowMiddle: UInt64 = 0
    private var highMiddle: UInt64 = 0
    private var high: UInt64 = 0

    /// The empty set.
    init() {}

    /// The set whose bits are `words`, bytes 0–63 in the first word's bits 0–63 and so on.
    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        (low, lowMiddle, highMiddle, high) = words
    }

    /// The set's bits, as ``init(words:)`` takes them.
    var words: [UInt64] { [low, lowMiddle, highMiddle, high] }

    /// The set of one byte.
    init(_ byte: UInt8) { insert(byte) }

    /// The set of the bytes `range` spans.
    init(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return low & bit != 0
        case 1: return lowMiddle & bit != 0
        case 2: return highMiddle & bit != 0
        default: return high & bit != 0
        }
    }

    /// Adds `byte`.
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: low |= bit
        case 1: lowMiddle |= bit
        case 2: highMiddle |= bit
        default: high |= bit
        }
    }

    /// Adds every byte of `other`.
    mutating func formUnion(_ other: MagicByteSet) {
        low |= other.low
        lowMiddle |= other.lowMiddle
        highMiddle |= other.highMiddle
        high |= other.high
    }

    /// Every byte not in the set.
    var inverted: MagicByteSet {
        var result = MagicByteSet()
        result.low = ~low
        result.lowMiddle = ~lowMiddle
        result.highMiddle = ~highMiddle
        result.high = ~high
        return result
    }

    /// The set with the other case of every ASCII letter in it added.
    var addingOtherCases: MagicByteSet {
        var result = self
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") where contains(byte) || contains(byte - 32) {
            result.insert(byte)
            result.insert(byte - 32)
        }
        return result
    }

    /// How many bytes the set holds.
    var count: Int {
        low.nonzeroBitCount + lowMiddle.nonzeroBitCount + highMiddle.nonzeroBitCount + high.nonzeroBitCount
    }

    /// The bytes in the set, ascending.
    var members: [UInt8] {
        var members: [UInt8] = []
        members.reserveCapacity(count)
        for (index, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                members.append(UInt8(index * 64 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return members
    }
}
