import UniformTypes

/// The text rule: decides text versus binary and the encoding (``TextEncodingGuess``), then
/// looks for a text format — markup (``MarkupSniffer``), JSON (``JSONShape``), delimited
/// values (``DelimitedShape``) — and otherwise answers plain text in its encoding. Other text
/// formats (armour, mail, diffs, modelines, source languages …) are plain text here: telling
/// them is ``TextClassifier``'s work, which a resolver asks about text that a name leaves open.
enum TextSignatures {
    /// The most UTF-16/UTF-32 code units narrowed to ASCII for the format checks.
    private static let maxNarrowedUnits = 2048

    /// Text, by encoding and format.
    static func text(_ probe: Probe) -> SignatureMatch? {
        let window = probe.textWindow
        let whole = probe.textWindowIsWholeFile
        guard let guess = TextEncodingGuess(window, isWholeFile: whole) else { return nil }
        let body = window.slice(from: guess.markLength)
        let unit = guess.encoding.unitSize
        if unit == 1 {
            return format(body, isWholeFile: whole) ?? plain(guess)
        }
        // UTF-16 and UTF-32: narrow the code units to bytes (non-ASCII units become 0x80)
        // and run the same format checks on them.
        let units = Swift.min(body.count / unit, maxNarrowedUnits)
        let little = guess.encoding == .utf16LittleEndian || guess.encoding == .utf32LittleEndian
        let match = withUnsafeTemporaryAllocation(byteCount: Swift.max(units, 1), alignment: 1) { narrowed -> SignatureMatch? in
            for index in 0..<units {
                let value = unit == 2
                    ? UInt32(body.u16(at: 2 * index, littleEndian: little) ?? 0x80)
                    : body.u32(at: 4 * index, littleEndian: little) ?? 0x80
                narrowed[index] = value < 0x80 ? UInt8(value) : 0x80
            }
            let narrowedWhole = whole && units * unit >= body.count - unit + 1
            return format(UnsafeRawBufferPointer(rebasing: narrowed[..<units]), isWholeFile: narrowedWhole)
        }
        return match ?? plain(guess)
    }

    /// A text format recognised from its content.
    private static func format(_ t: UnsafeRawBufferPointer, isWholeFile: Bool) -> SignatureMatch? {
        var offset = 0
        while offset < t.count, ASCII.isWhitespace(t[offset]) { offset += 1 }
        switch t.byte(at: offset) {
        case UInt8(ascii: "<")?:
            if let markup = MarkupSniffer.sniff(t) { return markup }
        case UInt8(ascii: "{")?, UInt8(ascii: "[")?:
            if let json = JSONShape.sniff(t, isWholeFile: isWholeFile) { return json }
        default:
            break
        }
        return DelimitedShape.sniff(t, isWholeFile: isWholeFile)
    }

    /// Text in a UTF-16 or UTF-32 encoding, named with whether a byte order mark opened it.
    private static func wide(_ type: TypeIdentifier, _ encoding: String, bom: Bool) -> SignatureMatch {
        SignatureMatch(type, .weak, "\(encoding) text \(bom ? "with" : "without") a byte order mark")
    }

    /// Plain text in the guessed encoding.
    private static func plain(_ guess: TextEncodingGuess) -> SignatureMatch {
        let bom = guess.markLength > 0
        switch guess.encoding {
        case .ascii: return SignatureMatch(KnownType.plainText, .weak, "ASCII text")
        case .utf8:
            return bom
                ? SignatureMatch(KnownType.utf8Text, .weak, "UTF-8 text with a byte order mark")
                : SignatureMatch(KnownType.utf8Text, .weak, "UTF-8 text")
        case .eightBit: return SignatureMatch(KnownType.plainText, .weak, "8-bit text, not UTF-8")
        case .utf16LittleEndian: return wide(KnownType.utf16Text, "UTF-16LE", bom: bom)
        case .utf16BigEndian: return wide(KnownType.utf16Text, "UTF-16BE", bom: bom)
        case .utf32LittleEndian: return wide(KnownType.plainText, "UTF-32LE", bom: bom)
        case .utf32BigEndian: return wide(KnownType.plainText, "UTF-32BE", bom: bom)
        }
    }
}
