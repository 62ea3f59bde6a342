/// Small helpers for building binary test inputs inline: integers in either byte order, ASCII
/// text, and the CRC-32 that ZIP and PNG use.
///
/// ```swift
/// let header = ByteFixtures.ascii("RIFF") + ByteFixtures.le32(36) + ByteFixtures.ascii("WAVE")
/// ```
public enum ByteFixtures {
    /// The bytes of `text` in ASCII/UTF-8.
    public static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `value` as 2 little-endian bytes.
    public static func le16(_ value: Int) -> [UInt8] { littleEndian(UInt64(truncatingIfNeeded: value), 2) }
    /// `value` as 3 little-endian bytes.
    public static func le24(_ value: Int) -> [UInt8] { littleEndian(UInt64(truncatingIfNeeded: value), 3) }
    /// `value` as 4 little-endian bytes.
    public static func le32(_ value: Int) -> [UInt8] { littleEndian(UInt64(truncatingIfNeeded: value), 4) }
    /// `value` as 8 little-endian bytes.
    public static func le64(_ value: UInt64) -> [UInt8] { littleEndian(value, 8) }
    /// `value` as 2 big-endian bytes.
    public static func be16(_ value: Int) -> [UInt8] { le16(value).reversed() }
    /// `value` as 3 big-endian bytes.
    public static func be24(_ value: Int) -> [UInt8] { le24(value).reversed() }
    /// `value` as 4 big-endian bytes.
    public static func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }
    /// `value` as 8 big-endian bytes.
    public static func be64(_ value: UInt64) -> [UInt8] { le64(value).reversed() }

    /// `count` zero bytes.
    public static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

    /// The CRC-32 (IEEE 802.3, as in ZIP, PNG and gzip) of `bytes`.
    public static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Deterministic pseudo-random text: lowercase letters, spaces and newlines.
    public static func text(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyz \n".utf8)
        return (0..<count).map { _ in letters[Int(generator.next() % UInt64(letters.count))] }
    }

    /// Deterministic pseudo-random bytes (SplitMix64) for content and fuzz inputs.
    public static func pseudoRandom(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    private static func littleEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

/// A tiny deterministic random number generator (SplitMix64) for reproducible tests.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed gives the same sequence.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
