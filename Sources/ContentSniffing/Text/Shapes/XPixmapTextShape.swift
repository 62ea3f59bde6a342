/// Images written as C source: XPM (`/* XPM */`) and XBM (`#define NAME_width N`, then
/// `#define NAME_height N`). (ASCII Netpbm images are told by their header in the signature
/// table, ``NetpbmSignature``, before text is considered.)
enum XPixmapTextShape {
    /// An XPM or XBM image.
    static func recognize(_ t: UnsafeRawBufferPointer, from start: Int) -> TextStructureMatch? {
        if t.has("/* XPM */", at: start) {
            return TextStructureMatch(mimeType: "image/x-xpixmap", detail: "/* XPM */ comment")
        }
        guard let widthEnd = dimension("_width", in: t, at: start),
            dimension("_height", in: t, at: widthEnd) != nil
        else { return nil }
        return TextStructureMatch(mimeType: "image/x-xbitmap", detail: "#define NAME_width and NAME_height lines")
    }

    /// The end of a line `#define NAME<suffix> DIGITS` at `start` (line breaks before it
    /// skipped), or `nil`.
    private static func dimension(_ suffix: StaticString, in t: UnsafeRawBufferPointer, at start: Int) -> Int? {
        var offset = start
        while let byte = t.byte(at: offset), ASCII.isWhitespace(byte) { offset += 1 }
        guard t.has("#define ", at: offset) else { return nil }
        var nameEnd = offset + 8
        // The name is the image's file name as its writer made it, dots and dashes included.
        while let byte = t.byte(at: nameEnd), ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        {
            nameEnd += 1
        }
        let suffixLength = suffix.utf8CodeUnitCount
        guard nameEnd - suffixLength > offset + 8, t.has(suffix, at: nameEnd - suffixLength) else { return nil }
        var digits = t.offset(pastBlanksFrom: nameEnd)
        let firstDigit = digits
        while let byte = t.byte(at: digits), ASCII.isDigit(byte) { digits += 1 }
        guard digits > firstDigit, let end = t.byte(at: digits), end == 0x0A || end == 0x0D else { return nil }
        return digits
    }
}
