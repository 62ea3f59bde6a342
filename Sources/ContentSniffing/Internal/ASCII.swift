/// Character classes of ASCII bytes, for text heuristics and header fields.
enum ASCII {
    /// `b` with `A`–`Z` mapped to `a`–`z`.
    @inline(__always)
    static func lowercased(_ b: UInt8) -> UInt8 {
        (b &- 0x41) < 26 ? b | 0x20 : b
    }

    /// Space, tab, line feed, carriage return, form feed.
    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C
    }

    /// Space or tab: the blanks inside a line.
    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// `0`–`9`.
    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { (b &- 0x30) < 10 }

    /// `0`–`7`.
    @inline(__always)
    static func isOctalDigit(_ b: UInt8) -> Bool { (b &- 0x30) < 8 }

    /// `0`–`9`, `a`–`f`, `A`–`F`.
    @inline(__always)
    static func isHexDigit(_ b: UInt8) -> Bool {
        (b &- 0x30) < 10 || (lowercased(b) &- 0x61) < 6
    }

    /// `a`–`z`, `A`–`Z`.
    @inline(__always)
    static func isLetter(_ b: UInt8) -> Bool { (lowercased(b) &- 0x61) < 26 }

    /// Printable ASCII, space to tilde.
    @inline(__always)
    static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }
}
