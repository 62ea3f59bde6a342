/// Whether bytes are text, and in which encoding: the binary-versus-text rule.
///
/// The rule, applied to at most ``SniffingLimits/prefixLength`` bytes:
/// 1. A byte order mark decides the encoding: UTF-8 `EF BB BF`, UTF-32LE `FF FE 00 00`,
///    UTF-32BE `00 00 FE FF`, UTF-16LE `FF FE`, UTF-16BE `FE FF` (UTF-32 is checked before
///    UTF-16, whose mark it starts with). The rest must then decode: no U+0000, paired
///    surrogates, code points in range.
/// 2. Without a mark, a NUL byte means binary — unless the bytes are UTF-32 or UTF-16 without
///    a mark: at least 8 code units, no U+0000, and at least three quarters of them ASCII
///    (printable or whitespace) with the zero bytes on the same side every time (UTF-32 is
///    tried first: its ASCII units hold a zero 16-bit half).
/// 3. Control characters other than tab, line feed, carriage return, form feed and escape
///    (`\t \n \r \f \e`) may make up at most 1/64 of the bytes (for UTF-16 and UTF-32, of the
///    code units); more is binary. DEL is counted as text, and so are ISO 2022's shift out and
///    shift in (`SO` `SI`) in bytes with an escape: ISO-2022-KR and ISO-2022-CN text designates
///    its character set with an escape sequence (`ESC $ ) C`), then switches to it and back on
///    every run of it (RFC 1557, RFC 1922).
/// 4. Valid UTF-8 (with non-ASCII bytes) is UTF-8; all-ASCII is ASCII; otherwise the bytes are
///    8-bit text in some legacy encoding. A multi-byte sequence cut off by the end of the
///    window is allowed when the window is not the whole file.
struct TextEncodingGuess: Equatable {
    /// An encoding.
    enum Encoding: Equatable {
        case ascii, utf8, eightBit, utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian

        /// Bytes per code unit.
        var unitSize: Int {
            switch self {
            case .ascii, .utf8, .eightBit: 1
            case .utf16LittleEndian, .utf16BigEndian: 2
            case .utf32LittleEndian, .utf32BigEndian: 4
            }
        }
    }

    /// The encoding.
    var encoding: Encoding
    /// The length of the byte order mark (0 without one).
    var markLength: Int

    /// Classifies `b`; `nil` for binary (and for no bytes).
    init?(_ b: UnsafeRawBufferPointer, isWholeFile: Bool) {
        guard !b.isEmpty else { return nil }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            let body = b.slice(from: 3)
            guard let scan = TextEncodingGuess.scanBytes(body), !scan.sawNUL, scan.controlsAcceptable else { return nil }
            guard scan.firstHigh == nil || TextEncodingGuess.isValidUTF8(body, from: scan.firstHigh ?? 0, isWholeFile: isWholeFile)
            else { return nil }
            self.init(encoding: .utf8, markLength: 3)
            return
        }
        if b.u32be(at: 0) == 0xFFFE_0000 {
            guard TextEncodingGuess.isUTF32(b.slice(from: 4), littleEndian: true, isWholeFile: isWholeFile) else { return nil }
            self.init(encoding: .utf32LittleEndian, markLength: 4)
            return
        }
        if b.u32be(at: 0) == 0x0000_FEFF {
            guard TextEncodingGuess.isUTF32(b.slice(from: 4), littleEndian: false, isWholeFile: isWholeFile) else { return nil }
            self.init(encoding: .utf32BigEndian, markLength: 4)
            return
        }
        if let mark = b.u16be(at: 0), mark == 0xFFFE || mark == 0xFEFF {
            let little = mark == 0xFFFE
            guard TextEncodingGuess.isUTF16(b.slice(from: 2), littleEndian: little, isWholeFile: isWholeFile, requireASCII: false)
            else { return nil }
            self.init(encoding: little ? .utf16LittleEndian : .utf16BigEndian, markLength: 2)
            return
        }
        guard let scan = TextEncodingGuess.scanBytes(b) else { return nil }
        if scan.sawNUL {
            // UTF-32 first: its ASCII units hold a zero 16-bit half.
            for encoding: Encoding in [.utf32LittleEndian, .utf32BigEndian, .utf16LittleEndian, .utf16BigEndian] {
                let little = encoding == .utf32LittleEndian || encoding == .utf16LittleEndian
                let decodes = encoding.unitSize == 4
                    ? TextEncodingGuess.isUTF32(b, littleEndian: little, isWholeFile: isWholeFile, requireASCII: true)
                    : TextEncodingGuess.isUTF16(b, littleEndian: little, isWholeFile: isWholeFile, requireASCII: true)
                if decodes {
                    self.init(encoding: encoding, markLength: 0)
                    return
                }
            }
            return nil
        }
        guard scan.controlsAcceptable else { return nil }
        guard let firstHigh = scan.firstHigh else {
            self.init(encoding: .ascii, markLength: 0)
            return
        }
        let valid = TextEncodingGuess.isValidUTF8(b, from: firstHigh, isWholeFile: isWholeFile)
        self.init(encoding: valid ? .utf8 : .eightBit, markLength: 0)
    }

    private init(encoding: Encoding, markLength: Int) {
        self.encoding = encoding
        self.markLength = markLength
    }

    /// What one pass over single bytes found.
    private struct ByteScan {
        var sawNUL = false
        var controls = 0
        /// Shift outs and shift ins, counted as controls unless an escape was seen.
        var shifts = 0
        var sawEscape = false
        var count = 0
        var firstHigh: Int?

        var controlsAcceptable: Bool { (controls + (sawEscape ? 0 : shifts)) * 64 <= count }

        /// Counts `byte`, below 0x20 and not NUL.
        @inline(__always)
        mutating func noteControl(_ byte: UInt8) {
            switch byte {
            case 0x0E, 0x0F: shifts += 1
            case 0x1B: sawEscape = true
            default: if isCountedControl(UInt32(byte)) { controls += 1 }
            }
        }
    }

    /// Whether bytes the rule calls binary for their control characters alone are still text
    /// when a name says they are: no NUL, at most one byte in eight a control character the rule
    /// counts, and at least three in four printable ASCII or blank space. Vim's keymaps hold a
    /// literal `^V` on every other line; compressed and random bytes hold a NUL within a few
    /// hundred bytes and are printable ASCII only about a third of the time.
    static func isTextWithControls(_ b: UnsafeRawBufferPointer) -> Bool {
        guard !b.isEmpty else { return false }
        var controls = 0
        var printable = 0
        for byte in b {
            if byte == 0 { return false }
            if isCountedControl(UInt32(byte)) {
                controls += 1
            } else if byte < 0x7F {
                printable += 1
            }
        }
        return controls * 8 <= b.count && printable * 4 >= b.count * 3
    }

    /// Whether `unit` is a control character the rule counts (not NUL, not `\t \n \f \r \e`).
    @inline(__always)
    private static func isCountedControl(_ unit: UInt32) -> Bool {
        unit < 0x20 && unit != 0x09 && unit != 0x0A && unit != 0x0C && unit != 0x0D && unit != 0x1B && unit != 0
    }

    /// One pass, eight bytes at a time: NUL bytes, counted controls, the first non-ASCII byte.
    private static func scanBytes(_ b: UnsafeRawBufferPointer) -> ByteScan? {
        var scan = ByteScan()
        scan.count = b.count
        let high: UInt64 = 0x8080_8080_8080_8080
        let spaces: UInt64 = 0x2020_2020_2020_2020
        var offset = 0
        while offset + 8 <= b.count {
            let word = UInt64(littleEndian: b.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if word & high != 0, scan.firstHigh == nil {
                scan.firstHigh = offset + (word & high).trailingZeroBitCount >> 3
            }
            // The bytes below 0x20: the borrow trick flags every one of them (and possibly a
            // few bytes above one, which the check below rejects).
            var below = (word &- spaces) & ~word & high
            while below != 0 {
                let byte = b[offset + below.trailingZeroBitCount >> 3]
                if byte == 0 {
                    scan.sawNUL = true
                    return scan
                }
                scan.noteControl(byte)
                below &= below &- 1
            }
            offset += 8
        }
        while offset < b.count {
            let byte = b[offset]
            if byte == 0 {
                scan.sawNUL = true
                return scan
            }
            if byte < 0x20 { scan.noteControl(byte) }
            if byte >= 0x80, scan.firstHigh == nil { scan.firstHigh = offset }
            offset += 1
        }
        return scan
    }

    /// Whether `b` is valid UTF-8 from `start` on (bytes before it are ASCII). A sequence cut
    /// off by the end is accepted unless `b` is the whole file.
    static func isValidUTF8(_ b: UnsafeRawBufferPointer, from start: Int, isWholeFile: Bool) -> Bool {
        var offset = start
        let count = b.count
        while offset < count {
            let lead = b[offset]
            if lead < 0x80 {
                if offset + 8 <= count, b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    offset += 8
                } else {
                    offset += 1
                }
                continue
            }
            let length: Int
            var minimum: UInt8 = 0x80
            var maximum: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; minimum = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; maximum = 0x9F
            case 0xF0: length = 4; minimum = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; maximum = 0x8F
            default: return false
            }
            for index in 1..<length {
                guard offset + index < count else { return !isWholeFile }
                let byte = b[offset + index]
                let low = index == 1 ? minimum : 0x80
                let high = index == 1 ? maximum : 0xBF
                guard byte >= low, byte <= high else { return false }
            }
            offset += length
        }
        return true
    }

    /// Whether `b` is UTF-16 text in the given byte order. With `requireASCII` (no byte order
    /// mark) at least 8 units are needed and three quarters must be ASCII.
    private static func isUTF16(_ b: UnsafeRawBufferPointer, littleEndian: Bool, isWholeFile: Bool, requireASCII: Bool) -> Bool {
        let units = b.count / 2
        if b.count % 2 != 0, isWholeFile { return false }
        if requireASCII, units < 8 { return false }
        var controls = 0
        var ascii = 0
        var index = 0
        while index < units {
            guard let unit = b.u16(at: 2 * index, littleEndian: littleEndian) else { break }
            if unit == 0 { return false }
            if unit < 0x80 {
                if isCountedControl(UInt32(unit)) { controls += 1 } else { ascii += 1 }
            } else if unit >= 0xD800, unit <= 0xDBFF {
                guard let low = b.u16(at: 2 * index + 2, littleEndian: littleEndian) else { return !isWholeFile }
                guard low >= 0xDC00, low <= 0xDFFF else { return false }
                index += 1
            } else if unit >= 0xDC00, unit <= 0xDFFF {
                return false
            }
            index += 1
        }
        if requireASCII, ascii * 4 < units * 3 { return false }
        return controls * 64 <= Swift.max(units, 1)
    }

    /// Whether `b` is UTF-32 text in the given byte order. With `requireASCII` (no byte order
    /// mark) at least 8 units are needed and three quarters must be ASCII.
    private static func isUTF32(_ b: UnsafeRawBufferPointer, littleEndian: Bool, isWholeFile: Bool, requireASCII: Bool = false) -> Bool {
        if b.count % 4 != 0, isWholeFile { return false }
        let units = b.count / 4
        if requireASCII, units < 8 { return false }
        var controls = 0
        var ascii = 0
        for index in 0..<units {
            guard let unit = b.u32(at: 4 * index, littleEndian: littleEndian) else { return false }
            if unit == 0 || unit > 0x10FFFF || (unit >= 0xD800 && unit <= 0xDFFF) { return false }
            if isCountedControl(unit) { controls += 1 } else if unit < 0x80 { ascii += 1 }
        }
        if requireASCII, ascii * 4 < units * 3 { return false }
        return controls * 64 <= Swift.max(units, 1)
    }
}
