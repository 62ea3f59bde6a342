import UniformTypes

/// Netpbm images: PBM, PGM and PPM in their plain (ASCII, `P1`–`P3`) and raw (`P4`–`P6`)
/// forms, PAM (`P7`), and the Portable FloatMap (`PF`, `Pf`) that follows their header style.
///
/// The header is `P` and the form's digit, whitespace, then the width, the height and (but for
/// bitmaps) the largest sample value as decimal numbers, with `#` comments to the end of a line
/// between them; PAM has a header of keyword lines instead, ending with `ENDHDR`. The two bytes
/// alone start many texts, so every number must be there, positive, and followed by whitespace,
/// and a plain form's first samples must be numbers too. Raw samples can be any bytes, so a
/// raw image often passes for 8-bit text: this check runs before text is considered.
enum NetpbmSignature {
    /// The most digits a header number may have.
    static let maximumDigits = 10

    static func check(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.byte(at: 0) == UInt8(ascii: "P"), let form = b.byte(at: 1), let separator = b.byte(at: 2), ASCII.isWhitespace(separator)
        else { return nil }
        if form == UInt8(ascii: "F") || form == UInt8(ascii: "f") { return floatMap(b) }
        guard (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(form) else { return nil }
        if form == UInt8(ascii: "7") { return arbitraryMap(b) }
        let isBitmap = form == UInt8(ascii: "1") || form == UInt8(ascii: "4")
        var offset = 2
        var largest: UInt32 = 0
        for _ in 0..<(isBitmap ? 2 : 3) {
            guard let (value, end) = number(b, from: offset), value > 0 else { return nil }
            largest = value
            offset = end
        }
        // The last number ends at a single whitespace byte, where raw samples start; the
        // largest sample value of a graymap or pixmap is at most 65535.
        guard let last = b.byte(at: offset), ASCII.isWhitespace(last), isBitmap || largest <= 65535 else { return nil }
        let isPlain = form <= UInt8(ascii: "3")
        if isPlain, !startsWithSamples(b, from: offset + 1) { return nil }
        let kind: TypeIdentifier
        let name: String
        switch form {
        case UInt8(ascii: "1"), UInt8(ascii: "4"): (kind, name) = (KnownType.portableBitmap, "PBM")
        case UInt8(ascii: "2"), UInt8(ascii: "5"): (kind, name) = (KnownType.portableGraymap, "PGM")
        default: (kind, name) = (KnownType.portablePixmap, "PPM")
        }
        return SignatureMatch(kind, .strong, "\(name) header, \(isPlain ? "plain" : "raw") form")
    }

    /// PAM: `P7`, a line break, keyword lines (`WIDTH`, `HEIGHT`, `DEPTH`, `MAXVAL`,
    /// `TUPLTYPE`, comments) and `ENDHDR`, all in the prefix.
    private static func arbitraryMap(_ b: UnsafeRawBufferPointer) -> SignatureMatch? {
        guard b.byte(at: 2) == 0x0A else { return nil }
        guard let end = b.firstOffset(of: "\nENDHDR", to: 512), let width = b.firstOffset(of: "\nWIDTH ", to: end),
            let height = b.firstOffset(of: "\nHEIGHT ", to: end), width < end, height < end
        else { return nil }
        return SignatureMatch(KnownType.portableArbitraryMap, .strong, "PAM header")
    }

    /// Portable FloatMap: `PF` (colour) or `Pf` (greyscale), whitespace, the width and the height
    /// as positive decimal numbers, then the scale factor as a non-zero decimal number (its sign
    /// gives the byte order of the samples) and a single whitespace byte before the samples.
    private static func floatMap(_ b: UnsafeRawBufferPointer) -> SignatureMatch? {
        guard let (width, afterWidth) = number(b, from: 2), width > 0, let (height, afterHeight) = number(b, from: afterWidth), height > 0,
            let afterScale = scaleFactorEnd(b, from: afterHeight), let last = b.byte(at: afterScale), ASCII.isWhitespace(last)
        else { return nil }
        return SignatureMatch(KnownType.portableFloatMap, .strong, "PFM header")
    }

    /// Where the non-zero decimal number after whitespace from `start` ends (`-1.0`, `0.5`,
    /// `1e-3`), or `nil` when there is none.
    private static func scaleFactorEnd(_ b: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var offset = start
        while let byte = b.byte(at: offset), ASCII.isWhitespace(byte) { offset += 1 }
        if let sign = b.byte(at: offset), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { offset += 1 }
        var digits = 0
        var nonZero = false
        var sawPoint = false
        while let byte = b.byte(at: offset), digits <= 2 * maximumDigits {
            if ASCII.isDigit(byte) {
                digits += 1
                nonZero = nonZero || byte != UInt8(ascii: "0")
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            offset += 1
        }
        guard digits > 0, digits <= 2 * maximumDigits, nonZero else { return nil }
        if let marker = b.byte(at: offset), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            offset += 1
            if let sign = b.byte(at: offset), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { offset += 1 }
            let exponentStart = offset
            while let byte = b.byte(at: offset), ASCII.isDigit(byte), offset - exponentStart < 4 { offset += 1 }
            guard offset > exponentStart else { return nil }
        }
        return offset
    }

    /// The decimal number after whitespace and comments from `offset`, and the offset after it.
    private static func number(_ b: UnsafeRawBufferPointer, from start: Int) -> (UInt32, Int)? {
        var offset = start
        while let byte = b.byte(at: offset) {
            if ASCII.isWhitespace(byte) {
                offset += 1
            } else if byte == UInt8(ascii: "#") {
                guard let lineEnd = b.firstOffset(of: 0x0A, from: offset, to: b.count) else { return nil }
                offset = lineEnd + 1
            } else {
                break
            }
        }
        var value: UInt32 = 0
        var digits = 0
        while let byte = b.byte(at: offset), ASCII.isDigit(byte) {
            digits += 1
            guard digits <= maximumDigits else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, product <= UInt32.max - UInt32(byte - UInt8(ascii: "0")) else { return nil }
            value = product + UInt32(byte - UInt8(ascii: "0"))
            offset += 1
        }
        return digits > 0 ? (value, offset) : nil
    }

    /// Whether the bytes from `offset` (up to 64 of them, or the end) are samples of a plain
    /// form: digits and whitespace, and at least one digit.
    private static func startsWithSamples(_ b: UnsafeRawBufferPointer, from offset: Int) -> Bool {
        var sawDigit = false
        var index = offset
        while index < Swift.min(b.count, offset + 64) {
            let byte = b[index]
            if ASCII.isDigit(byte) {
                sawDigit = true
            } else if !ASCII.isWhitespace(byte) {
                return false
            }
            index += 1
        }
        return sawDigit
    }
}
