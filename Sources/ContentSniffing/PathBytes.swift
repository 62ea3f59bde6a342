/// File paths as the kernel knows them (bytes) carried in a `String` without loss.
///
/// Policy: Linux file names are bytes, and old archives hold names that are not UTF-8 (`0xff
/// 0xfe`). Decoding such a name as UTF-8 replaces the bad bytes with U+FFFD and names a file
/// that does not exist. Instead, ``string(from:)`` keeps every valid UTF-8 sequence and writes
/// each byte that is not part of one as the scalar U+10FF00 + byte (U+10FF80–U+10FFFF, private
/// use); so that the mapping is exact both ways, the valid UTF-8 encodings of those 128
/// scalars are written byte by byte the same way. ``withCString(_:_:)`` and ``bytes(of:)``
/// restore the original bytes, and every system call that takes a path goes through them.
/// Paths that are valid UTF-8 are unchanged.
///
/// ```swift
/// let path = PathBytes.string(from: Array("/tmp/a".utf8) + [0xFF, 0xFE])
/// PathBytes.bytes(of: path)   // [0x2F, 0x74, 0x6D, 0x70, 0x2F, 0x61, 0xFF, 0xFE]
/// ```
public enum PathBytes {
    /// The first scalar that stands for a raw byte: U+10FF00 + byte, for bytes 0x80–0xFF.
    static let rawByteBase: UInt32 = 0x10FF00

    /// `bytes` as a string that ``bytes(of:)`` turns back into exactly `bytes`.
    public static func string(from bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isRawByte) {
            return text
        }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0,
                let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first,
                !isRawByte(scalar)
            {
                result.append(scalar)
                index += length
            } else {
                let byte = bytes[index]
                // ASCII is always valid; only bytes 0x80–0xFF reach here.
                result.append(Unicode.Scalar(rawByteBase + UInt32(byte))!)
                index += 1
            }
        }
        return String(result)
    }

    /// The bytes `path` stands for (see the policy), without a terminating NUL.
    public static func bytes(of path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: isRawByte) else { return Array(path.utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isRawByte(scalar) {
                result.append(UInt8(scalar.value - rawByteBase))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Calls `body` with `path`'s original bytes as a NUL-terminated C string.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard path.unicodeScalars.contains(where: isRawByte) else { return try path.withCString(body) }
        let raw = bytes(of: path) + [0]
        return try raw.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { try body($0) }
        }
    }

    /// Whether `scalar` stands for a raw byte.
    public static func isRawByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= rawByteBase + 0x80 && scalar.value <= rawByteBase + 0xFF
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 if none starts there.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2; second = 0x80...0xBF
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; second = 0x80...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4; second = 0x80...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
