/// Images written as text: ASCII Netpbm (`P1` bitmap, `P2` graymap, `P3` pixmap: the magic,
/// then width and height — and for P2/P3 the maximum value — as decimal numbers, `#` comments
/// allowed between them) and XPM (`/* XPM */`).
enum NetpbmTextShape {
    /// An ASCII Netpbm image or an XPM.
    static func recognize(_ t: UnsafeRawBufferPointer, from start: Int) -> TextStructureMatch? {
        if t.has("/* XPM */", at: start) {
            return TextStructureMatch(mimeType: "image/x-xpixmap", detail: "/* XPM */ comment")
        }
        guard t.byte(at: start) == UInt8(ascii: "P"), let kind = t.byte(at: start + 1),
              kind >= UInt8(ascii: "1"), kind <= UInt8(ascii: "3"),
              let after = t.byte(at: start + 2), ASCII.isWhitespace(after)
        else { return nil }
        var offset = start + 2
        let numbers = kind == UInt8(ascii: "1") ? 2 : 3
        for _ in 0..<numbers {
            offset = skipSpaceAndComments(t, from: offset)
            let digits = offset
            while let byte = t.byte(at: offset), ASCII.isDigit(byte), offset - digits < 6 { offset += 1 }
            guard offset > digits, let end = t.byte(at: offset), ASCII.isWhitespace(end) else { return nil }
        }
        switch kind {
        case UInt8(ascii: "1"): return TextStructureMatch(mimeType: "image/x-portable-bitmap", detail: "ASCII PBM header")
        case UInt8(ascii: "2"): return TextStructureMatch(mimeType: "image/x-portable-graymap", detail: "ASCII PGM header")
        default: return TextStructureMatch(mimeType: "image/x-portable-pixmap", detail: "ASCII PPM header")
        }
    }

    private static func skipSpaceAndComments(_ t: UnsafeRawBufferPointer, from start: Int) -> Int {
        var offset = start
        while let byte = t.byte(at: offset) {
            if ASCII.isWhitespace(byte) {
                offset += 1
            } else if byte == UInt8(ascii: "#") {
                offset = (t.firstOffset(of: 0x0A, from: offset) ?? t.count - 1) + 1
            } else {
                break
            }
        }
        return offset
    }
}
