/// ASCII-only case folding, the comparison rule of type identifiers, filename extensions and
/// MIME types. Non-ASCII bytes compare as they are.
public enum ASCIICaseFolding {
    /// The byte with `A`–`Z` mapped to `a`–`z`.
    @inlinable
    public static func fold(_ byte: UInt8) -> UInt8 {
        (byte &- 0x41) < 26 ? byte | 0x20 : byte
    }

    /// `text` with ASCII letters in lower case.
    public static func folded(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { ($0 &- 0x41) < 26 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() { buffer[index] = fold(byte) }
                return bytes.count
            }
        } ?? text
    }

    /// Whether two strings are equal after folding, without allocating.
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let a?, let b?): if fold(a) != fold(b) { return false }
            default: return false
            }
        }
    }

    /// Whether `text` starts with `prefix`, which must already be folded.
    public static func hasPrefix(_ text: String, folded prefix: String) -> Bool {
        var iterator = text.utf8.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = iterator.next(), fold(byte) == expected else { return false }
        }
        return true
    }
}
