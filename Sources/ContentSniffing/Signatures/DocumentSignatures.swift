/// Signatures of page-description and rich-text documents: PDF, PostScript (and EPS), RTF,
/// and PostScript Type 1 fonts, which share PostScript's `%!` start.
enum DocumentSignatures {
    /// PDF: `%PDF-` at offset 0.
    static func pdf(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("%PDF-") else { return nil }
        return SignatureMatch(KnownType.pdf, .strong, "%PDF- header at offset 0")
    }

    /// PDF whose header follows some junk: readers accept `%PDF-` anywhere in the first 1024
    /// bytes. Here it must also start a line (or follow a non-text byte) and carry a version
    /// (`%PDF-1.4`), so that a source file or a text about PDF is not taken for one; and it is
    /// weak, since text can still say it. Only tried late, after every offset-0 signature failed.
    static func pdfAfterJunk(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        var from = 1
        while let offset = b.firstOffset(of: "%PDF-", from: from, to: 1024) {
            from = offset + 1
            let before = b[offset - 1]
            guard before == 0x0A || before == 0x0D || before >= 0x80 || (before < 0x20 && before != 0x09) else { continue }
            guard let major = b.byte(at: offset + 5), ASCII.isDigit(major), b.byte(at: offset + 6) == UInt8(ascii: "."),
                let minor = b.byte(at: offset + 7), ASCII.isDigit(minor)
            else { continue }
            return SignatureMatch(KnownType.pdf, .weak, "%PDF- header at a line start within the first 1024 bytes")
        }
        return nil
    }

    /// PostScript Type 1 fonts and PostScript:
    /// - `%!PS-AdobeFont` or `%!FontType1` (PFA), or the PFB segment header `80 01` + length
    ///   followed by one of them: a Type 1 font. Checked first because `%!PS-AdobeFont` also
    ///   starts with `%!PS`.
    /// - `%!PS` (or `^D%!PS`), with ` EPSF-` on the first line for EPS; the DOS EPS binary
    ///   header `C5 D0 D3 C6`: PostScript. A bare `%!` is weak.
    static func postScript(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        if b.has("%!PS-AdobeFont") || b.has("%!FontType1") {
            return SignatureMatch(KnownType.type1ASCII, .strong, "PostScript Type 1 font header (PFA)")
        }
        if b.u16be(at: 0) == 0x8001, b.has("%!PS-AdobeFont", at: 6) || b.has("%!FontType1", at: 6) {
            return SignatureMatch(KnownType.type1Binary, .strong, "PostScript Type 1 font segment header (PFB)")
        }
        if b.u32be(at: 0) == 0xC5D0_D3C6 {
            return SignatureMatch(KnownType.encapsulatedPostScript, .strong, "DOS EPS binary header")
        }
        let start = b.byte(at: 0) == 0x04 ? 1 : 0
        guard b.has("%!", at: start) else { return nil }
        guard b.has("PS", at: start + 2) else {
            guard b.count > start + 2 else { return nil }
            return SignatureMatch(KnownType.postScript, .weak, "%! at offset 0")
        }
        let lineEnd = b.firstOffset(of: 0x0A, from: start, to: 256) ?? Swift.min(b.count, 256)
        if b.firstOffset(of: " EPSF-", from: start, to: lineEnd) != nil {
            return SignatureMatch(KnownType.encapsulatedPostScript, .strong, "%!PS header with EPSF conformance")
        }
        return SignatureMatch(KnownType.postScript, .strong, "%!PS header")
    }

    /// WordPerfect's file header: `\xFFWPC`, the document area's offset, then the product (1,
    /// WordPerfect) and the file type, which tells a document (10) from a WordPerfect Graphics
    /// image (22). Other file types (macros, keyboards, printer resources) are left to the
    /// magic rules.
    static func wordPerfect(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u32be(at: 0) == 0xFF57_5043, let documentArea = b.u32le(at: 4), documentArea >= 16,
            b.byte(at: 8) == 1, let fileType = b.byte(at: 9)
        else { return nil }
        switch fileType {
        case 10: return SignatureMatch(KnownType.wordPerfect, .strong, "WordPerfect header, file type document")
        case 22: return SignatureMatch(KnownType.wordPerfectGraphics, .strong, "WordPerfect header, file type graphics (WPG)")
        default: return nil
        }
    }

    /// RTF: `{\rtf`.
    static func rtf(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("{\\rtf") else { return nil }
        return SignatureMatch(KnownType.rtf, .strong, "{\\rtf header")
    }
}
