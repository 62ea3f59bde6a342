/// Signatures of still-image formats whose magic sits at offset 0. (WebP lives in RIFF,
/// HEIF and AVIF in ISO-BMFF, SVG in XML.)
enum ImageSignatures {
    /// PNG: the whole 8-byte signature `89 'PNG' 0D 0A 1A 0A`; fewer bytes are not PNG. An
    /// animation control chunk (`acTL`) before the first `IDAT` makes it an animated PNG; the
    /// chunks are walked within the prefix (at most ``maxPNGChunks``).
    static func png(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u64be(at: 0) == 0x8950_4E47_0D0A_1A0A else { return nil }
        var offset = 8
        for _ in 0..<maxPNGChunks {
            guard let length = b.u32be(at: offset), let type = b.u32be(at: offset + 4) else { break }
            if type == 0x6163_544C {  // "acTL"
                return SignatureMatch(KnownType.apng, .strong, "PNG with an acTL chunk before IDAT (animated PNG)")
            }
            if type == 0x4944_4154 { break }  // "IDAT"
            // 12 bytes of length, type and CRC around the data; a huge length ends the walk.
            guard length < 0x8000_0000, b.count - offset > Int(length) + 12 else { break }
            offset += Int(length) + 12
        }
        return SignatureMatch(KnownType.png, .strong, "PNG signature at offset 0")
    }

    /// The most PNG chunks walked looking for `acTL`.
    static let maxPNGChunks = 64

    /// JPEG: start-of-image `FF D8` followed by a marker's `FF`.
    static func jpeg(_ probe: Probe) -> SignatureMatch? {
        guard let head = probe.bytes.u32be(at: 0), head & 0xFFFF_FF00 == 0xFFD8_FF00 else { return nil }
        return SignatureMatch(KnownType.jpeg, .strong, "JPEG start-of-image marker")
    }

    /// GIF: `GIF87a` or `GIF89a`.
    static func gif(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("GIF8"), b.has("7a", at: 4) || b.has("9a", at: 4) else { return nil }
        return SignatureMatch(KnownType.gif, .strong, "GIF87a/GIF89a signature")
    }

    /// BMP: `BM` and a known DIB header size at offset 14 (the two letters alone occur in text).
    static func bmp(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("BM"), let dibSize = b.u32le(at: 14) else { return nil }
        switch dibSize {
        case 12, 16, 40, 52, 56, 64, 108, 124:
            return SignatureMatch(KnownType.bmp, .strong, "BMP file header with a known DIB header size")
        default:
            return nil
        }
    }

    /// TIFF: `II*\0` or `MM\0*` with a first IFD offset of at least 8; BigTIFF `II+\0` / `MM\0+`.
    static func tiff(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0) else { return nil }
        switch head {
        case 0x4949_2A00, 0x4D4D_002A:
            let little = head == 0x4949_2A00
            guard let offset = b.u32(at: 4, littleEndian: little), offset >= 8 else { return nil }
            if try firstDirectoryHasDNGVersion(probe, at: Int64(offset), littleEndian: little) {
                return SignatureMatch(KnownType.digitalNegative, .strong, "TIFF header, DNGVersion tag in the first IFD")
            }
            return SignatureMatch(KnownType.tiff, .strong, "TIFF header")
        case 0x4949_2B00, 0x4D4D_002B:
            guard b.u16(at: 4, littleEndian: head == 0x4949_2B00) == 8 else { return nil }
            return SignatureMatch(KnownType.tiff, .strong, "BigTIFF header")
        default:
            return nil
        }
    }

    /// ICO and CUR: `00 00 01 00` / `00 00 02 00`, an image count, and a sane first directory
    /// entry (these four bytes alone are common in binary data).
    static func icon(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0), head == 0x0000_0100 || head == 0x0000_0200,
            let images = b.u16le(at: 4), images > 0,
            let reserved = b.byte(at: 9), reserved == 0,
            let length = b.u32le(at: 14), length > 0,
            let offset = b.u32le(at: 18), offset >= 6 + 16 * UInt32(images)
        else { return nil }
        if head == 0x0000_0200 {
            return SignatureMatch(KnownType.cursor, .strong, "Windows cursor directory")
        }
        guard let planes = b.u16le(at: 10), planes <= 1, let depth = b.u16le(at: 12) else { return nil }
        switch depth {
        case 0, 1, 2, 4, 8, 16, 24, 32: break
        default: return nil
        }
        return SignatureMatch(KnownType.ico, .strong, "Windows icon directory")
    }

    /// Paint Shop Pro: the text `Paint Shop Pro Image File`, a line feed and `1A`.
    static func paintShopPro(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("Paint Shop Pro Image File\n\u{1A}") else { return nil }
        return SignatureMatch(KnownType.paintShopPro, .strong, "Paint Shop Pro file signature")
    }

    /// Whether the first image file directory, at `offset`, holds the `DNGVersion` tag (50706),
    /// which the DNG specification requires in IFD 0 of every DNG file. At most
    /// ``maxTIFFDirectoryEntries`` entries are read; past the prefix, within the sniff's budget.
    private static func firstDirectoryHasDNGVersion(_ probe: Probe, at offset: Int64, littleEndian: Bool) throws(SniffingError) -> Bool {
        guard let count = try probe.withBytes(at: offset, count: 2, { $0.u16(at: 0, littleEndian: littleEndian) }) else { return false }
        let entries = Swift.min(Int(count), maxTIFFDirectoryEntries)
        return try probe.withBytes(at: offset + 2, count: entries * 12) { directory in
            var entry = 0
            // Tags come in ascending order: the walk stops past DNGVersion.
            while entry < entries, let tag = directory.u16(at: entry * 12, littleEndian: littleEndian), tag <= 0xC612 {
                if tag == 0xC612 { return true }
                entry += 1
            }
            return false
        }
    }

    /// The most entries of a TIFF directory read looking for a tag.
    static let maxTIFFDirectoryEntries = 256

    /// XISF (PixInsight's image format): the monolithic file signature `XISF0100`.
    static func xisf(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("XISF0100"), let headerLength = probe.bytes.u32le(at: 8), headerLength > 0 else { return nil }
        return SignatureMatch(KnownType.xisf, .strong, "XISF monolithic file signature")
    }

    /// SGI image (`.sgi`, `.rgb`, `.bw`): the magic number 474, then a storage format (0
    /// verbatim, 1 run-length), 1 or 2 bytes per channel, 1 to 3 dimensions and sizes above
    /// zero; the colour-map field, when the prefix holds it, is 0 to 3.
    static func sgi(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u16be(at: 0) == 474, let storage = b.byte(at: 2), storage <= 1, let bytesPerChannel = b.byte(at: 3),
            (1...2).contains(bytesPerChannel), let dimension = b.u16be(at: 4), (1...3).contains(dimension),
            let width = b.u16be(at: 6), width > 0, let height = b.u16be(at: 8), height > 0,
            let channels = b.u16be(at: 10), channels > 0
        else { return nil }
        if let colorMap = b.u32be(at: 104), colorMap > 3 { return nil }
        return SignatureMatch(KnownType.sgi, .strong, "SGI image header (magic 474)")
    }

    /// FITS (Flexible Image Transport System): by the FITS standard (4.0, section 4.4.1.1) a
    /// file opens with its primary header, 80-byte ASCII cards whose first three are the
    /// mandatory `SIMPLE`, `BITPIX` and `NAXIS` keywords in that order, each name padded to
    /// eight columns and followed by `= `; `SIMPLE`'s value is the logical `T` (or `F` for a
    /// file that does not conform) in column 30. The header reads as text, so this runs before
    /// text is considered.
    static func fits(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("SIMPLE  = "), let value = b.byte(at: 29), value == UInt8(ascii: "T") || value == UInt8(ascii: "F"),
            b.has("BITPIX  = ", at: 80), b.has("NAXIS   = ", at: 160)
        else { return nil }
        return SignatureMatch(KnownType.fits, .strong, "FITS primary header (SIMPLE, BITPIX and NAXIS cards)")
    }

    /// Kodak Photo CD image pacs: `PCD_IPI` (an image pac) or `PCD_OPA` (an overview pac) at
    /// offset 2048, after the first 2 KiB sector. Looked for in the prefix only (it holds offset
    /// 2048 unless a caller shortens it), so files that are not one cost no read.
    static func photoCD(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("PCD_IPI", at: 2048) || b.has("PCD_OPA", at: 2048) else { return nil }
        return SignatureMatch(KnownType.photoCD, .strong, "Photo CD image pac (PCD_IPI or PCD_OPA at 2048)")
    }

    /// Photoshop: `8BPS`, version 1 (PSD) or 2 (PSB), six reserved zero bytes.
    static func photoshop(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("8BPS"), let version = b.u16be(at: 4), let reserved = b.u32be(at: 6), reserved == 0,
            b.u16be(at: 10) == 0
        else { return nil }
        switch version {
        case 1: return SignatureMatch(KnownType.photoshop, .strong, "Photoshop 8BPS header, version 1")
        case 2: return SignatureMatch(KnownType.photoshopLarge, .strong, "Photoshop 8BPS header, version 2 (PSB)")
        default: return nil
        }
    }

    /// JPEG XL in its ISO-BMFF container (`JXL ` signature box) and the JPEG 2000 family
    /// (`jP  ` box); both begin with a 12-byte signature box. For JPEG 2000 the brand of the
    /// `ftyp` box that follows names the member: `jp2 `, `jpx `, `jpm `, `mjp2` / `mj2s`.
    static func signatureBox(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u32be(at: 0) == 12, b.u32be(at: 8) == 0x0D0A_870A else { return nil }
        switch b.u32be(at: 4) {
        case 0x4A58_4C20:  // "JXL "
            return SignatureMatch(KnownType.jpegXL, .strong, "JPEG XL container signature box")
        case 0x6A50_2020:  // "jP  "
            guard b.u32be(at: 16) == 0x6674_7970 else {  // "ftyp"
                return SignatureMatch(KnownType.jpeg2000, .strong, "JPEG 2000 signature box")
            }
            switch b.u32be(at: 20) {
            case 0x6A70_7820: return SignatureMatch(KnownType.jpx, .strong, "JPEG 2000 signature box, brand jpx")
            case 0x6A70_6D20: return SignatureMatch(KnownType.jpm, .strong, "JPEG 2000 signature box, brand jpm")
            case 0x6D6A_7032, 0x6D6A_3273: return SignatureMatch(KnownType.mj2, .strong, "JPEG 2000 signature box, brand mjp2")
            default: return SignatureMatch(KnownType.jpeg2000, .strong, "JPEG 2000 signature box, brand jp2")
            }
        default:
            return nil
        }
    }

    /// Bare codestreams: JPEG 2000 `FF 4F FF 51` (SOC + SIZ, strong) and JPEG XL `FF 0A`
    /// (two bytes, so weak).
    static func codestream(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        if b.u32be(at: 0) == 0xFF4F_FF51 {
            return SignatureMatch(KnownType.jpeg2000Codestream, .strong, "JPEG 2000 codestream SOC and SIZ markers")
        }
        guard b.u16be(at: 0) == 0xFF0A, b.count > 2 else { return nil }
        return SignatureMatch(KnownType.jpegXL, .weak, "JPEG XL codestream marker FF 0A")
    }
}
