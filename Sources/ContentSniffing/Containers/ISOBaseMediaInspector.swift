/// Tells ISO base media files (MP4, QuickTime, 3GPP, HEIF, AVIF, ...) apart by the brands of
/// their `ftyp` box; for old QuickTime files that start with another box, walks the top-level
/// boxes (at most ``SniffingLimits/maxTopLevelBoxes``) looking for `ftyp` or `moov`.
enum ISOBaseMediaInspector {
    /// ISO-BMFF files.
    static func check(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard let type = b.u32be(at: 4) else { return nil }
        if type == 0x6674_7970 {  // "ftyp"
            // A real ftyp box is a few dozen bytes; text that happens to read "ftyp" at offset 4
            // has a size made of letters.
            guard let size = b.u32be(at: 0), size >= 12, size <= 1024, let major = b.u32be(at: 8) else { return nil }
            let end = Swift.min(Int(size), b.count, 16 + 4 * 64)
            let match = classify(major: major, compatible: b.slice(from: 16, to: end))
            // A generic brand says only "MPEG-4": tracks that all carry sound make it audio.
            if match.identifier == KnownType.mpeg4, match.strength == .strong, let tracks = try ISOMediaTracks.read(probe), tracks.isAudioOnly {
                return SignatureMatch(KnownType.mpeg4Audio, .strong, "ISO base media ftyp with an MPEG-4 brand, \(tracks.audio) sound track(s) and no video")
            }
            return match
        }
        guard isTopLevelBox(type), type != 0x7575_6964 else { return nil }  // not "uuid": too vague to start with
        return try walkBoxes(probe)
    }

    /// The box types accepted at the top level when walking a file that does not start with `ftyp`.
    private static func isTopLevelBox(_ type: UInt32) -> Bool {
        switch type {
        case 0x6D6F_6F76, 0x6D64_6174, 0x7769_6465, 0x6672_6565, 0x736B_6970, 0x706E_6F74, 0x7575_6964, 0x6674_7970:
            return true  // moov, mdat, wide, free, skip, pnot, uuid, ftyp
        default:
            return false
        }
    }

    /// Walks top-level boxes from offset 0: `ftyp` gives brands, `moov` without `ftyp` is a
    /// QuickTime movie. Two or more well-formed known boxes without either are weakly QuickTime.
    private static func walkBoxes(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        var offset: Int64 = 0
        var boxes = 0
        while boxes < probe.limits.maxTopLevelBoxes, !probe.isPastEnd(offset) {
            guard let (type, length) = try probe.withBytes(at: offset, count: 16, { h -> (UInt32, Int64)? in
                guard let box = ISOBoxHeader(h), isTopLevelBox(box.type) else { return nil }
                return (box.type, box.length ?? 0)  // 0: extends to the end of the file
            }) else { break }
            if let size = probe.knownSize, length > size - offset { break }
            boxes += 1
            if type == 0x6674_7970 {  // "ftyp" after other boxes
                return try probe.withBytes(at: offset, count: Int(Swift.min(length, 16 + 4 * 64))) { f in
                    guard let major = f.u32be(at: 8) else { return nil }
                    return classify(major: major, compatible: f.slice(from: 16))
                }
            }
            if type == 0x6D6F_6F76, length < 0x2000_0000 {  // "moov", not a size made of letters
                return SignatureMatch(KnownType.quickTime, .strong, "QuickTime moov box without ftyp")
            }
            guard length > 0 else { break }
            let (next, overflow) = offset.addingReportingOverflow(length)
            if overflow { break }
            offset = next
        }
        return boxes >= 2 ? SignatureMatch(KnownType.quickTime, .weak, "QuickTime top-level boxes without ftyp or moov") : nil
    }

    /// The type for a major brand and its compatible brands.
    ///
    /// A specific major brand decides (`qt  `, `M4A `, `heic`, `avif`, `3gp5`, ...), except
    /// that the generic HEIF brands (`mif1`, `msf1`) defer to a more specific compatible
    /// brand. A generic major brand (`isom`, `mp42`, ...) looks through the compatible brands;
    /// with nothing specific it is MPEG-4.
    static func classify(major: UInt32, compatible: UnsafeRawBufferPointer) -> SignatureMatch {
        let majorMatch = brand(major)
        if let majorMatch, major != 0x6D69_6631, major != 0x6D73_6631 {  // "mif1", "msf1"
            return majorMatch
        }
        var best: SignatureMatch?
        var offset = 0
        while let value = compatible.u32be(at: offset) {
            offset += 4
            guard let match = brand(value) else { continue }
            if value == 0x6D69_6631 || value == 0x6D73_6631 {
                if best == nil { best = match }
                continue
            }
            if match.identifier == KnownType.quickTime && major != 0x7174_2020 {
                continue  // "qt  " as a compatible brand of an MP4 says little
            }
            return match
        }
        if let majorMatch { return majorMatch }
        if let best { return best }
        if isGenericMPEG4(major) {
            return SignatureMatch(KnownType.mpeg4, .strong, "ISO base media ftyp with an MPEG-4 brand")
        }
        return SignatureMatch(KnownType.mpeg4, .weak, "ISO base media ftyp with an unknown brand")
    }

    /// Brands that only say "ISO base media / MPEG-4".
    private static func isGenericMPEG4(_ brand: UInt32) -> Bool {
        switch brand {
        case 0x6973_6F6D, 0x6973_6F32...0x6973_6F39, 0x6D70_3431, 0x6D70_3432, 0x6D70_3731, 0x6176_6331, 0x6461_7368,
            0x6D6D_7034, 0x4D53_4E56, 0x4E44_4153, 0x5841_5643, 0x636D_6663, 0x636D_6666:
            // isom, iso2-iso9, mp41, mp42, mp71, avc1, dash, mmp4, MSNV, NDAS, XAVC, cmfc, cmff
            return true
        default:
            return false
        }
    }

    /// The type a specific brand names.
    private static func brand(_ brand: UInt32) -> SignatureMatch? {
        switch brand {
        case 0x7174_2020: return SignatureMatch(KnownType.quickTime, .strong, "ftyp brand qt")
        case 0x4D34_4120: return SignatureMatch(KnownType.m4a, .strong, "ftyp brand M4A")
        case 0x4D34_4220: return SignatureMatch(KnownType.m4b, .strong, "ftyp brand M4B")
        case 0x4D34_5020: return SignatureMatch(KnownType.m4p, .strong, "ftyp brand M4P")
        case 0x4D34_5620, 0x4D34_5648, 0x4D34_5650: return SignatureMatch(KnownType.m4v, .strong, "ftyp brand M4V")
        case 0x6865_6963, 0x6865_6978, 0x6865_696D, 0x6865_6973:
            return SignatureMatch(KnownType.heic, .strong, "ftyp brand heic")
        case 0x6865_7663, 0x6865_7678, 0x6865_766D, 0x6865_7673:
            return SignatureMatch(KnownType.heics, .strong, "ftyp brand hevc (HEIF image sequence)")
        case 0x6D69_6631, 0x6D69_6632: return SignatureMatch(KnownType.heif, .strong, "ftyp brand mif1 (HEIF)")
        case 0x6D73_6631: return SignatureMatch(KnownType.heifs, .strong, "ftyp brand msf1 (HEIF image sequence)")
        case 0x6176_6966, 0x6176_6973: return SignatureMatch(KnownType.avif, .strong, "ftyp brand avif")
        case 0x6634_7620, 0x6634_7020: return SignatureMatch(KnownType.flashVideo, .strong, "ftyp brand f4v")
        case 0x6A70_3220, 0x6A70_7820: return SignatureMatch(KnownType.jpeg2000, .strong, "ftyp brand jp2")
        default: break
        }
        switch brand >> 8 {
        case 0x33_6770, 0x33_6772, 0x33_6773, 0x33_6765, 0x33_6767:  // 3gp*, 3gr*, 3gs*, 3ge*, 3gg*
            return SignatureMatch(KnownType.threeGPP, .strong, "ftyp brand 3gp")
        case 0x33_6732:  // 3g2*
            return SignatureMatch(KnownType.threeGPP2, .strong, "ftyp brand 3g2")
        default:
            return nil
        }
    }
}
