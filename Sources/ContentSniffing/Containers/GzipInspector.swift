/// Looks inside a gzip stream for the tar archive it most often holds.
///
/// The gzip header (RFC 1952) is skipped, its optional fields included, and the DEFLATE data
/// that follows in the prefix is inflated into one tar header's worth of bytes (512), well
/// within ``SniffingLimits/maxInflatedLength``; a tar header there (ustar or GNU magic, or a
/// valid checksum) makes the stream a compressed tar archive; a stream whose first bytes
/// already rule such a header out is inflated no further. Only the prefix is read, so the
/// look costs no I/O; a stream too short or broken to show 512 bytes stays plain gzip.
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
        let isTar = withUnsafeTemporaryAllocation(byteCount: tarHeaderLength, alignment: 1) { output -> Bool in
            // Most streams (manual pages, change logs) are told apart by their first bytes: only
            // those that could still begin a tar header are inflated to a whole one.
            let (start, _) = Inflater.inflate(input, into: UnsafeMutableRawBufferPointer(rebasing: output[..<decisiveLength]))
            guard start == decisiveLength, couldBeTarHeader(UnsafeRawBufferPointer(rebasing: output[..<decisiveLength])) else { return false }
            let (count, _) = Inflater.inflate(input, into: output)
            guard count == tarHeaderLength else { return false }
            let inner = Probe(
                bytes: UnsafeRawBufferPointer(output), isWholeFile: false, fileSize: nil, limits: probe.limits, extra: nil)
            return ArchiveSignatures.tar(inner) != nil
        }
        return isTar ? SignatureMatch(KnownType.tarGzip, .strong, "gzip stream whose first 512 inflated bytes are a tar header") : gzip
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
        var index = 148
        while index < 156, b[index] == 0x20 { index += 1 }
        let digitsStart = index
        while index < 156, ASCII.isOctalDigit(b[index]) { index += 1 }
        guard index > digitsStart else { return false }
        while index < 156 {
            guard b[index] == 0 || b[index] == 0x20 else { return false }
            index += 1
        }
        return true
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
