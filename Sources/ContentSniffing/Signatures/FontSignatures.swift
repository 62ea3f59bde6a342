/// Signatures of font files: TrueType and OpenType (sfnt), their collections, WOFF and WOFF2.
/// (PostScript Type 1 fonts are recognised with PostScript, whose `%!` they share.)
enum FontSignatures {
    /// sfnt fonts: version `00 01 00 00` or `true` (TrueType), `OTTO` (OpenType with CFF
    /// outlines), with a table count and search range that agree (`00 01 00 00` alone is common
    /// in binary data); `ttcf` collections; `wOFF` and `wOF2`.
    static func font(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0) else { return nil }
        switch head {
        case 0x0001_0000, 0x7472_7565:  // "true"
            guard hasConsistentTableDirectory(b, at: 0) else { return nil }
            return SignatureMatch(KnownType.trueType, .strong, "TrueType offset table")
        case 0x4F54_544F:  // "OTTO"
            guard hasConsistentTableDirectory(b, at: 0) else { return nil }
            return SignatureMatch(KnownType.openType, .strong, "OpenType (CFF) offset table")
        case 0x7474_6366:  // "ttcf"
            guard let version = b.u32be(at: 4), version == 0x0001_0000 || version == 0x0002_0000,
                let fonts = b.u32be(at: 8), fonts > 0
            else { return nil }
            if let first = b.u32be(at: 12).flatMap({ Int(exactly: $0) }), b.u32be(at: first) == 0x4F54_544F {
                return SignatureMatch(KnownType.openTypeCollection, .strong, "font collection header, first font OpenType (CFF)")
            }
            return SignatureMatch(KnownType.trueTypeCollection, .strong, "TrueType collection header")
        case 0x774F_4646:  // "wOFF"
            return SignatureMatch(KnownType.woff, .strong, "WOFF header")
        case 0x774F_4632:  // "wOF2"
            return SignatureMatch(KnownType.woff2, .strong, "WOFF2 header")
        default:
            return nil
        }
    }

    /// Whether the sfnt offset table at `offset` has 1–256 tables and the search range that
    /// its table count implies (the largest power of two not above the count, times 16).
    private static func hasConsistentTableDirectory(_ b: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let tables = b.u16be(at: offset + 4), tables > 0, tables <= 256,
            let searchRange = b.u16be(at: offset + 6)
        else { return false }
        let power = 1 << (Int.bitWidth - 1 - Int(tables).leadingZeroBitCount)
        return Int(searchRange) == power * 16
    }
}
