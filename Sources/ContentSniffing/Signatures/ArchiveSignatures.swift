/// Signatures of compressed streams and archives other than ZIP: only their headers are
/// read, except that the start of a gzip stream is inflated (within bounds) to see a tar
/// header (``GzipInspector``).
enum ArchiveSignatures {
    /// gzip `1F 8B 08` (or tar inside it), bzip2 `BZh1`–`BZh9` + block magic, xz, zstd, LZ4 (frame and legacy),
    /// Unix compress `1F 9D`: the stream formats.
    static func compressedStream(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0) else { return nil }
        switch head {
        case 0x28B5_2FFD:
            return SignatureMatch(KnownType.zstd, .strong, "Zstandard frame magic")
        case 0x0422_4D18, 0x0221_4C18:
            return SignatureMatch(KnownType.lz4, .strong, "LZ4 frame magic")
        case 0xFD37_7A58:
            guard b.u16be(at: 4) == 0x5A00 else { return nil }
            return SignatureMatch(KnownType.xz, .strong, "xz stream header")
        default:
            break
        }
        if let gzip = GzipInspector.check(probe) { return gzip }
        if head & 0xFFFF_0000 == 0x1F9D_0000, head & 0x6000 == 0 {
            return SignatureMatch(KnownType.compress, .strong, "Unix compress (LZW) header")
        }
        if head & 0xFFFF_FF00 == 0x425A_6800, (UInt8(truncatingIfNeeded: head) &- 0x31) < 9 {
            // Block magic (pi) or end-of-stream magic (sqrt(pi)) after the level digit.
            guard let block = b.u64be(at: 4) else {
                return probe.isWholeFile ? nil : SignatureMatch(KnownType.bzip2, .weak, "BZh header, block not seen")
            }
            let magic = block >> 16
            guard magic == 0x3141_5926_5359 || magic == 0x1772_4538_5090 else { return nil }
            return SignatureMatch(KnownType.bzip2, .strong, "bzip2 header and block magic")
        }
        return nil
    }

    /// 7-Zip and RAR (4 and 5).
    static func sevenZipOrRAR(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u64be(at: 0) else { return nil }
        if head >> 16 == 0x377A_BCAF_271C {
            return SignatureMatch(KnownType.sevenZip, .strong, "7-Zip signature header")
        }
        if head == 0x5261_7221_1A07_0100 {
            return SignatureMatch(KnownType.rar, .strong, "RAR 5 signature")
        }
        if head >> 8 == 0x52_6172_211A_0700 {
            return SignatureMatch(KnownType.rar, .strong, "RAR 4 signature")
        }
        return nil
    }

    /// tar: the POSIX `ustar\0` or GNU `ustar  \0` magic at offset 257, or an old (v7)
    /// header whose octal checksum matches its bytes.
    static func tar(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.count >= 512 else { return nil }
        if b.has("ustar\u{0}", at: 257) {
            return SignatureMatch(KnownType.tar, .strong, "POSIX ustar magic at offset 257")
        }
        if b.has("ustar  \u{0}", at: 257) {
            return SignatureMatch(KnownType.tar, .strong, "GNU tar magic at offset 257")
        }
        guard let first = b.byte(at: 0), first != 0, let recorded = octal(b, from: 148, length: 8) else { return nil }
        // The checksum is the sum of the header's bytes with its own field counted as spaces;
        // some old writers summed signed bytes.
        var unsigned = 8 * 0x20
        var signed = 8 * 0x20
        for index in 0..<512 where index < 148 || index >= 156 {
            unsigned += Int(b[index])
            signed += Int(Int8(bitPattern: b[index]))
        }
        guard recorded == unsigned || recorded == signed else { return nil }
        return SignatureMatch(KnownType.tar, .strong, "tar header with a valid checksum")
    }

    /// An octal field: optional leading spaces, 1–`length` octal digits, then NUL or space.
    static func octal(_ b: UnsafeRawBufferPointer, from start: Int, length: Int) -> Int? {
        var index = start
        let end = start + length
        while index < end, b[index] == 0x20 { index += 1 }
        var value = 0
        var digits = 0
        while index < end, ASCII.isOctalDigit(b[index]) {
            value = value * 8 + Int(b[index] &- 0x30)
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        while index < end {
            guard b[index] == 0 || b[index] == 0x20 else { return nil }
            index += 1
        }
        return value
    }

    /// cpio: new ASCII `070701`/`070702` (hex fields), old ASCII `070707` (octal fields), old
    /// binary `0x71C7` in either byte order with a NUL-terminated name.
    static func cpio(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        if b.has("07070"), let variant = b.byte(at: 5) {
            switch variant {
            case UInt8(ascii: "1"), UInt8(ascii: "2"):
                guard b.count >= 110, (6..<110).allSatisfy({ ASCII.isHexDigit(b[$0]) }) else { return nil }
                return SignatureMatch(KnownType.cpio, .strong, "cpio new ASCII header (070701)")
            case UInt8(ascii: "7"):
                guard b.count >= 76, (6..<76).allSatisfy({ ASCII.isOctalDigit(b[$0]) }) else { return nil }
                return SignatureMatch(KnownType.cpio, .strong, "cpio old ASCII header (070707)")
            default:
                return nil
            }
        }
        guard let magic = b.u16le(at: 0), magic == 0x71C7 || magic == 0xC771 else { return nil }
        let little = magic == 0x71C7
        guard let nameSize = b.u16(at: 20, littleEndian: little), nameSize >= 2,
            b.byte(at: 26 + Int(nameSize) - 1) == 0, let firstName = b.byte(at: 26), firstName != 0
        else { return nil }
        return SignatureMatch(KnownType.cpio, .strong, "cpio old binary header")
    }

    /// ar `!<arch>\n`, and a Debian package when the first member is `debian-binary`.
    static func ar(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("!<arch>\n") else { return nil }
        if b.has("debian-binary", at: 8), let after = b.byte(at: 21), after == 0x20 || after == UInt8(ascii: "/") {
            return SignatureMatch(KnownType.deb, .strong, "ar archive whose first member is debian-binary")
        }
        return SignatureMatch(KnownType.ar, .strong, "ar archive magic")
    }

    /// A Git pack: `PACK`, then format version 2 or 3 (big-endian), then the object count.
    static func gitPack(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("PACK"), let version = b.u32be(at: 4), version == 2 || version == 3, b.u32be(at: 8) != nil else { return nil }
        return SignatureMatch(KnownType.gitPack, .strong, "Git pack, version \(version)")
    }

    /// RPM: lead magic `ED AB EE DB`, major version 3 or 4, package type binary or source.
    static func rpm(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u32be(at: 0) == 0xEDAB_EEDB, let major = b.byte(at: 4), major == 3 || major == 4,
            let type = b.u16be(at: 6)
        else { return nil }
        switch type {
        case 0: return SignatureMatch(KnownType.rpm, .strong, "RPM lead, binary package")
        case 1: return SignatureMatch(KnownType.sourceRPM, .strong, "RPM lead, source package")
        default: return nil
        }
    }

    /// ISO 9660: `CD001` in the first volume descriptor, at 32769. Needs the prefix to reach
    /// that far or a read there: only tried after everything else failed.
    static func iso9660(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let offset: Int64 = 16 * 2048 + 1
        guard !probe.isPastEnd(offset + 4) else { return nil }
        guard try probe.withBytes(at: offset, count: 5, { $0.count == 5 && $0.has("CD001") }) else { return nil }
        return SignatureMatch(KnownType.iso9660, .strong, "ISO 9660 volume descriptor (CD001) at 32769")
    }
}
