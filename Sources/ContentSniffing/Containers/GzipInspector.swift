/// Looks inside a gzip stream for what it holds: a tar archive most often, else a format known
/// compressed (a PCF or PSF console font, an SVG image, a Gnumeric workbook).
///
/// The gzip header (RFC 1952) is skipped, its optional fields included, and the DEFLATE data
/// that follows in the prefix is inflated: first ``decisiveLength`` bytes, which show a PCF
/// font's `01 fcp`, a PSF font's magic, the XML root of an SVG image or a Gnumeric workbook,
/// or rule a tar header out; only a stream that could still be tar is inflated to one tar
/// header's worth of bytes (512), well within ``SniffingLimits/maxInflatedLength``, where a
/// tar header (ustar or GNU magic, or a valid checksum) makes it a compressed tar archive. Only
/// the prefix is read, so the look costs no I/O; a stream too short or broken stays plain gzip.
enum GzipInspector {
    /// How many inflated bytes are looked at: one tar header block.
    static let tarHeaderLength = 512

    /// gzip, or tar inside gzip; `nil` when the bytes are not a gzip header with the deflate method.
    static func check(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0), head & 0xFFFF_FF00 == 0x1F8B_0800, head & 0xE0 == 0 else { return nil }
        let gzip = SignatureMatch(KnownType.gzip, .strong, "gzip header with deflate method")
        guard let dataStart = deflateStart(b, flags: UInt8(truncatingIfNeeded: head)),
            probe.limits.maxInflatedLength >= tarHeaderLength
        else { return gzip }
        let input = b.slice(from: dataStart, to: dataStart + probe.limits.maxInflatedLength)
        return withUnsafeTemporaryAllocation(byteCount: tarHeaderLength, alignment: 1) { output -> SignatureMatch in
            // Most streams (manual pages, change logs) are told apart by their first bytes: only
            // those that could still begin a tar header are inflated to a whole one.
            let (start, _) = Inflater.inflate(input, into: UnsafeMutableRawBufferPointer(rebasing: output[..<decisiveLength]))
            let first = UnsafeRawBufferPointer(rebasing: output[..<start])
            if let payload = compressedFormat(first) { return payload }
            guard start == decisiveLength, couldBeTarHeader(first) else { return gzip }
            let (count, _) = Inflater.inflate(input, into: output)
            guard count == tarHeaderLength else { return gzip }
            let inner = Probe(
                bytes: UnsafeRawBufferPointer(output), isWholeFile: false, fileSize: nil, limits: probe.limits, extra: nil)
            guard ArchiveSignatures.tar(inner) != nil else { return gzip }
            return SignatureMatch(KnownType.tarGzip, .strong, "gzip stream whose first 512 inflated bytes are a tar header")
        }
    }

    /// A format known compressed whose mark the first inflated bytes `b` show: a PCF font
    /// (`01 fcp`), a PSF console font (PSF 1 `36 04` with a mode of 0–5 and a glyph height, or
    /// PSF 2 `72 B5 4A 86`), or XML whose root is an SVG image or a Gnumeric workbook.
    static func compressedFormat(_ b: UnsafeRawBufferPointer) -> SignatureMatch? {
        if b.has("\u{1}fcp") {
            return SignatureMatch(KnownType.pcfFont, .strong, "gzip stream holding a PCF font (01 fcp)")
        }
        if (b.u16be(at: 0) == 0x3604 && (b.byte(at: 2) ?? 0xFF) <= 5 && (b.byte(at: 3) ?? 0) > 0) || b.u32be(at: 0) == 0x72B5_4A86 {
            return SignatureMatch(KnownType.gzippedPSFFont, .strong, "gzip stream holding a PSF console font")
        }
        guard let markup = MarkupSniffer.sniff(b) else { return nil }
        if markup.identifier == KnownType.svg {
            return SignatureMatch(KnownType.compressedSVG, .strong, "gzip stream holding an SVG image (root element svg)")
        }
        // Gnumeric's namespace has been http://www.gnumeric.org/v10.dtd (gnm:) and, earlier,
        // http://www.gnome.org/gnumeric/ (gmr:).
        if markup.identifier == KnownType.xml, b.firstOffset(of: ":Workbook") != nil,
            b.firstOffset(of: "http://www.gnumeric.org/") != nil || b.firstOffset(of: "http://www.gnome.org/gnumeric/") != nil
        {
            return SignatureMatch(KnownType.gnumeric, .strong, "gzip stream holding a Gnumeric workbook")
        }
        return nil
    }

    /// How many inflated bytes tell whether a tar header is possible at all: through the magic
    /// at 257 (`ustar`, 6 or 8 bytes).
    static let decisiveLength = 265

    /// Whether the first ``decisiveLength`` bytes of a block could begin a header that
    /// `ArchiveSignatures.tar` accepts: it has the ustar or GNU magic at 257, or else a
    /// non-zero first byte and a well-formed octal checksum field at 148 (optional spaces, 1–8
    /// octal digits, then NULs or spaces), which its checksum test needs first.
    static func couldBeTarHeader(_ b: UnsafeRawBufferPointer) -> Bool {
        if b.has("ustar", at: 257) { return true }
        guard let first = b.byte(at: 0), first != 0, b.count >= 156 else { return false }
        return ArchiveSignatures.octal(b, from: 148, length: 8) != nil
    }

    /// Where the DEFLATE data begins: after the 10-byte header and the optional extra field,
    /// file name, comment and header CRC that `flags` announces; `nil` when they run past `b`.
    private static func deflateStart(_ b: UnsafeRawBufferPointer, flags: UInt8) -> Int? {
        var offset = 10
        if flags & 0x04 != 0 {  // FEXTRA
            guard let length = b.u16le(at: offset) else { return nil }
            offset += 2 + Int(length)
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: NUL-terminated
            guard let end = b.firstOffset(of: 0, from: offset) else { return nil }
            offset = end + 1
        }
        if flags & 0x02 != 0 { offset += 2 }  // FHCRC
        return offset < b.count ? offset : nil
    }
}
