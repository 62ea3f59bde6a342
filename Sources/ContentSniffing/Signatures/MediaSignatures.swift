/// Signatures of audio and video containers and streams other than ISO-BMFF.
enum MediaSignatures {
    /// RIFF (and RF64) forms: WAVE, AVI, WebP, MIDI in RIFF (`RMID`), animated cursors
    /// (`ACON`), DLS instrument collections (`DLS `), Qualcomm PureVoice (`QLCM`) and CorelDRAW drawings (`CDR` and a version
    /// letter or digit, in either case). WAVE also in `RIFX`, RIFF's big-endian twin.
    static func riff(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0), head == 0x5249_4646 || head == 0x5246_3634 || head == 0x5249_4658, let form = b.u32be(at: 8)
        else { return nil }
        switch form {
        case 0x5741_5645:  // "WAVE"
            let container = head == 0x5249_4646 ? "RIFF" : head == 0x5249_4658 ? "RIFX (big-endian RIFF)" : "RF64"
            return SignatureMatch(KnownType.wave, .strong, "\(container) form WAVE")
        case 0x4156_4920 where head == 0x5249_4646:  // "AVI "
            return SignatureMatch(KnownType.avi, .strong, "RIFF form AVI")
        case 0x5745_4250 where head == 0x5249_4646:  // "WEBP"
            return SignatureMatch(KnownType.webp, .strong, "RIFF form WEBP")
        case 0x524D_4944 where head == 0x5249_4646:  // "RMID"
            return SignatureMatch(KnownType.midi, .strong, "RIFF form RMID (MIDI)")
        case 0x4143_4F4E where head == 0x5249_4646:  // "ACON"
            return SignatureMatch(KnownType.animatedCursor, .strong, "RIFF form ACON (animated cursor)")
        case 0x444C_5320 where head == 0x5249_4646:  // "DLS "
            return SignatureMatch(KnownType.downloadableSound, .strong, "RIFF form DLS (downloadable sounds)")
        case 0x514C_434D where head == 0x5249_4646:  // "QLCM"
            return SignatureMatch(KnownType.qualcommPureVoice, .strong, "RIFF form QLCM (Qualcomm PureVoice)")
        default:
            break
        }
        if head == 0x5249_4646, form & 0xDFDF_DF00 == 0x4344_5200, let version = b.byte(at: 11), ASCII.isLetter(version) || ASCII.isDigit(version) {
            return SignatureMatch(KnownType.corelDraw, .strong, "RIFF form CDR (CorelDRAW)")
        }
        return nil
    }

    /// AIFF and AIFF-C: an IFF `FORM` of type `AIFF` / `AIFC`.
    static func aiff(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("FORM") else { return nil }
        if b.has("AIFF", at: 8) { return SignatureMatch(KnownType.aiff, .strong, "IFF form AIFF") }
        if b.has("AIFC", at: 8) { return SignatureMatch(KnownType.aifc, .strong, "IFF form AIFC") }
        return nil
    }

    /// Olympus Digital Speech Standard dictation: `\u{2}dss` (DSS SP) or `\u{3}ds2` (DSS Pro).
    static func digitalSpeechStandard(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard (b.byte(at: 0) == 2 && b.has("dss", at: 1)) || (b.byte(at: 0) == 3 && b.has("ds2", at: 1)) else { return nil }
        return SignatureMatch(KnownType.digitalSpeechStandard, .strong, "DSS dictation header")
    }

    /// Creative Voice File (VOC): the text `Creative Voice File`, `1A`, and a header size; the
    /// version's check word (`~version + 0x1234`) when the header holds it.
    static func creativeVoice(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("Creative Voice File\u{1A}"), let headerSize = b.u16le(at: 20), headerSize >= 26 else { return nil }
        if let version = b.u16le(at: 22), let check = b.u16le(at: 24), check != (~version &+ 0x1234) { return nil }
        return SignatureMatch(KnownType.creativeVoice, .strong, "Creative Voice File header")
    }

    /// MIDI: `MThd` with its fixed header length 6.
    static func midi(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("MThd"), probe.bytes.u32be(at: 4) == 6 else { return nil }
        return SignatureMatch(KnownType.midi, .strong, "MIDI MThd header")
    }

    /// FLAC: `fLaC` (then normally the STREAMINFO block).
    static func flac(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("fLaC") else { return nil }
        return SignatureMatch(KnownType.flac, .strong, "fLaC stream marker")
    }

    /// Ogg: the first pages' first packets name the codecs (`\x01vorbis`, `OpusHead`,
    /// `\x80theora`, `\x7FFLAC`, `Speex   `, Dirac's `BBCD`, OGM's `\x01video`). A stream
    /// with a video codec is video, whatever audio it also holds; a Skeleton stream
    /// (`fishead`) names no codec and is passed over. The beginning-of-stream pages at the
    /// start of the file are walked within the prefix.
    static func ogg(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("OggS"), b.byte(at: 4) == 0 else { return nil }
        var offset = 0
        var audio: SignatureMatch?
        for _ in 0..<8 {
            guard b.has("OggS", at: offset), let flags = b.byte(at: offset + 5), flags & 0x02 != 0,
                let segments = b.byte(at: offset + 26)
            else { break }
            let tableEnd = offset + 27 + Int(segments)
            guard tableEnd <= b.count else { break }
            var bodyLength = 0
            for index in (offset + 27)..<tableEnd { bodyLength += Int(b[index]) }
            let packet = tableEnd
            if let video = oggVideo(b, packet: packet) { return video }
            if audio == nil { audio = oggAudio(b, packet: packet) }
            offset = tableEnd + bodyLength
        }
        return audio ?? SignatureMatch(KnownType.ogg, .strong, "OggS page header")
    }

    /// The video type a beginning-of-stream packet names, if it names one.
    private static func oggVideo(_ b: UnsafeRawBufferPointer, packet: Int) -> SignatureMatch? {
        if b.byte(at: packet) == 0x80, b.has("theora", at: packet + 1) {
            return SignatureMatch(KnownType.oggTheora, .strong, "Ogg stream with a Theora header packet")
        }
        if b.has("\u{1}video\0\0\0", at: packet) {
            return SignatureMatch(KnownType.oggMedia, .strong, "Ogg stream with an OGM video header packet")
        }
        if b.has("BBCD\0", at: packet) {
            return SignatureMatch(KnownType.oggDirac, .strong, "Ogg stream with a Dirac sequence header")
        }
        if b.has("OVP80", at: packet) || (b.byte(at: packet) == 0x80 && b.has("kate", at: packet + 1)) {
            return SignatureMatch(KnownType.oggVideo, .strong, "Ogg stream with a video header packet")
        }
        return nil
    }

    /// The audio type a beginning-of-stream packet names, if it names one.
    private static func oggAudio(_ b: UnsafeRawBufferPointer, packet: Int) -> SignatureMatch? {
        if b.has("\u{1}vorbis", at: packet) {
            return SignatureMatch(KnownType.oggVorbis, .strong, "Ogg stream with a Vorbis header packet")
        }
        if b.has("OpusHead", at: packet) {
            return SignatureMatch(KnownType.oggOpus, .strong, "Ogg stream with an OpusHead packet")
        }
        if b.has("\u{7F}FLAC", at: packet) {
            return SignatureMatch(KnownType.oggFLAC, .strong, "Ogg stream with a FLAC mapping header")
        }
        if b.has("Speex   ", at: packet) {
            return SignatureMatch(KnownType.oggSpeex, .strong, "Ogg stream with a Speex header packet")
        }
        return nil
    }

    /// ID3v2-tagged audio: the tag is skipped (reading past the prefix when it is large, as
    /// tags with cover art are) and what follows it decides: a FLAC, Monkey's Audio (`MAC `),
    /// Musepack (`MPCK`, `MP+`), WavPack (`wvpk`) or TrueAudio (`TTA1`) stream, an ADTS AAC or
    /// MPEG audio frame; MP3 when nothing can be read there. Taggers put ID3v2 tags in front of
    /// all of these, so the tag alone does not make an MP3.
    static func id3(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("ID3"), let version = b.byte(at: 3), (2...4).contains(version), let revision = b.byte(at: 4),
            revision != 0xFF, let flags = b.byte(at: 5), let s0 = b.byte(at: 6), let s1 = b.byte(at: 7),
            let s2 = b.byte(at: 8), let s3 = b.byte(at: 9), (s0 | s1 | s2 | s3) & 0x80 == 0
        else { return nil }
        let size = Int(s0) << 21 | Int(s1) << 14 | Int(s2) << 7 | Int(s3)
        let tagEnd = Int64(10 + size + (version == 4 && flags & 0x10 != 0 ? 10 : 0))
        let after: SignatureMatch? = try probe.withBytes(at: tagEnd, count: 6) { h in
            if h.has("fLaC") {
                return SignatureMatch(KnownType.flac, .strong, "FLAC stream after an ID3v2 tag")
            }
            if h.has("MAC "), let version = h.u16le(at: 4), (3800...4999).contains(version) {
                return SignatureMatch(KnownType.monkeysAudio, .strong, "Monkey's Audio header after an ID3v2 tag")
            }
            if h.has("MPCK") || h.has("MP+") {
                return SignatureMatch(KnownType.musepack, .strong, "Musepack stream after an ID3v2 tag")
            }
            if h.has("wvpk") {
                return SignatureMatch(KnownType.wavPack, .strong, "WavPack block after an ID3v2 tag")
            }
            if h.has("TTA1") {
                return SignatureMatch(KnownType.trueAudio, .strong, "TrueAudio header after an ID3v2 tag")
            }
            switch MPEGAudioFrame(h, at: 0)?.family {
            case .adts?: return SignatureMatch(KnownType.aac, .strong, "ADTS frame after an ID3v2 tag")
            case .mpeg(layer: 2)?: return SignatureMatch(KnownType.mp2, .strong, "MPEG layer II frame after an ID3v2 tag")
            default: return nil
            }
        }
        return after ?? SignatureMatch(KnownType.mp3, .strong, "ID3v2 tag")
    }

    /// Untagged MPEG audio and ADTS AAC: a frame header at offset 0 and the next one right
    /// after it, with the same version, layer and sample rate. Frame sync is 11 or 12 bits, so
    /// this is weak.
    static func audioFrames(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.byte(at: 0) == 0xFF, let (first, count) = MPEGAudioFrame.consecutiveFrames(in: b, at: 0, limit: 3),
            count >= 2
        else { return nil }
        switch first.family {
        case .adts: return SignatureMatch(KnownType.aac, .weak, "consecutive ADTS frame headers")
        case .mpeg(layer: 2): return SignatureMatch(KnownType.mp2, .weak, "consecutive MPEG layer II frame headers")
        case .mpeg: return SignatureMatch(KnownType.mp3, .weak, "consecutive MPEG audio frame headers")
        }
    }

    /// Dolby Digital (AC-3) and Dolby Digital Plus (E-AC-3) elementary streams: a sync frame at
    /// offset 0 and the next one right where its length says, each with a valid header (read
    /// past the prefix when a high-rate frame fills it: up to 4 KiB each). E-AC-3 when any of the
    /// first frames is (an AC-3 core may lead E-AC-3 frames), else AC-3. One frame alone says too
    /// little (its sync word is two bytes) and is left to the magic rules.
    static func dolbyDigital(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard b.byte(at: 0) == 0x0B, let first = DolbyAudioFrame(b, at: 0),
            let second = try probe.withBytes(at: Int64(first.length), count: 6, { DolbyAudioFrame($0, at: 0) })
        else { return nil }
        let later = DolbyAudioFrame.consecutiveFrames(in: b, at: first.length + second.length, limit: 2)
        let isEnhanced = first.isEnhanced || second.isEnhanced || later.isEnhanced
        return isEnhanced
            ? SignatureMatch(KnownType.enhancedAC3, .strong, "consecutive E-AC-3 sync frames")
            : SignatureMatch(KnownType.ac3, .strong, "consecutive AC-3 sync frames")
    }

    /// Matroska and WebM: the EBML magic `1A 45 DF A3`, then the EBML header's `DocType`
    /// element (`0x4282`) says `webm` or `matroska` (the default when it is absent). A Matroska
    /// file whose `Tracks` element (in the prefix) lists audio tracks and no video track is
    /// Matroska audio (`.mka`); any other is Matroska video, as most are.
    static func matroska(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u32be(at: 0) == 0x1A45_DFA3, let (headerSize, sizeLength) = vint(b, at: 4, keepMarker: false) else {
            return nil
        }
        var offset = 4 + sizeLength
        let end = Int(clamping: Swift.min(UInt64(b.count), UInt64(offset) &+ Swift.min(headerSize, 1 << 20)))
        for _ in 0..<32 where offset < end {
            guard let (id, size, dataStart) = element(b, at: offset), id < 1 << 32, size < 1 << 20 else { break }
            if id == 0x4282 {
                let docType = b.slice(from: dataStart, to: dataStart + Int(size))
                if docType.has("webm") {
                    return SignatureMatch(KnownType.webm, .strong, "EBML DocType webm")
                }
                if docType.has("matroska") {
                    if matroskaTrackKinds(b, segmentAt: 4 + sizeLength + Int(headerSize)) == .audioOnly {
                        return SignatureMatch(KnownType.matroskaAudio, .strong, "EBML DocType matroska, audio tracks only")
                    }
                    return SignatureMatch(KnownType.matroska, .strong, "EBML DocType matroska")
                }
                return nil
            }
            offset = dataStart + Int(size)
        }
        return SignatureMatch(KnownType.matroska, .weak, "EBML header without a DocType")
    }

    /// What the tracks of a Matroska segment carry, as far as the prefix tells.
    enum MatroskaTrackKinds { case unknown, audioOnly, other }

    /// The kinds of track listed by the `Tracks` element (`16 54 AE 6B`) of the segment
    /// (`18 53 80 67`) that starts at `start`: each `TrackEntry` (`AE`) has a `TrackType` (`83`),
    /// 1 for video and 2 for audio. `unknown` when the prefix does not hold the whole element.
    static func matroskaTrackKinds(_ b: UnsafeRawBufferPointer, segmentAt start: Int) -> MatroskaTrackKinds {
        guard start > 0, let (segmentID, _, segmentData) = element(b, at: start), segmentID == 0x1853_8067 else { return .unknown }
        var offset = segmentData
        for _ in 0..<16 {
            guard let (id, size, dataStart) = element(b, at: offset), id < 1 << 32, size < UInt64(b.count) else { return .unknown }
            let dataEnd = dataStart + Int(size)
            if id == 0x1654_AE6B {
                guard dataEnd <= b.count else { return .unknown }
                return trackKinds(b, from: dataStart, to: dataEnd)
            }
            if id == 0x1F43_B675 { return .unknown }  // a Cluster: the tracks were not listed first
            offset = dataEnd
        }
        return .unknown
    }

    /// The kinds of the track entries between `start` and `end` (see ``matroskaTrackKinds(_:segmentAt:)``).
    private static func trackKinds(_ b: UnsafeRawBufferPointer, from start: Int, to end: Int) -> MatroskaTrackKinds {
        var offset = start
        var audio = 0
        for _ in 0..<64 where offset < end {
            guard let (id, size, dataStart) = element(b, at: offset), size <= UInt64(end - offset) else { return .unknown }
            let dataEnd = dataStart + Int(size)
            guard dataEnd <= end else { return .unknown }
            if id == 0xAE {
                switch trackType(b, from: dataStart, to: dataEnd) {
                case 2: audio += 1
                case .some: return .other
                case nil: return .unknown
                }
            }
            offset = dataEnd
        }
        return audio > 0 ? .audioOnly : .unknown
    }

    /// The `TrackType` (`83`) of the track entry whose fields lie between `start` and `end`;
    /// `nil` when it has none or a field is malformed.
    private static func trackType(_ b: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt8? {
        var field = start
        var kind: UInt8? = nil
        for _ in 0..<64 where field < end {
            guard let (id, size, valueStart) = element(b, at: field), size <= UInt64(end - field) else { return nil }
            if id == 0x83, size == 1 { kind = b.byte(at: valueStart) }
            field = valueStart + Int(size)
        }
        return kind
    }

    /// The header of the EBML element at `offset`: its ID (length marker kept, so an ID of at
    /// most four bytes is below 2³²), its data size, and where its data starts.
    private static func element(_ b: UnsafeRawBufferPointer, at offset: Int) -> (id: UInt64, size: UInt64, dataStart: Int)? {
        guard let (id, idLength) = vint(b, at: offset, keepMarker: true),
            let (size, sizeLength) = vint(b, at: offset + idLength, keepMarker: false)
        else { return nil }
        return (id, size, offset + idLength + sizeLength)
    }

    /// An EBML variable-length integer at `offset`: its value (with or without the length
    /// marker bit) and its length in bytes.
    private static func vint(_ b: UnsafeRawBufferPointer, at offset: Int, keepMarker: Bool) -> (UInt64, Int)? {
        guard let first = b.byte(at: offset), first != 0 else { return nil }
        let length = first.leadingZeroBitCount + 1
        guard b.contains(offset: offset, length: length) else { return nil }
        var value = UInt64(keepMarker ? first : first & (0xFF >> length))
        for index in 1..<length {
            value = value << 8 | UInt64(b[offset + index])
        }
        return (value, length)
    }

    /// MPEG transport stream: the sync byte `0x47` at the start of every 188-byte packet in the
    /// prefix (or every 192 bytes, after a 4-byte timestamp, for M2TS), and a binary first
    /// packet (a NUL or `FF` stuffing byte), since `G` starts many texts. Three or more packets
    /// are strong, two are weak.
    static func transportStream(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let packets = syncedPackets(b, length: 188, start: 0) ?? syncedPackets(b, length: 192, start: 4),
            b.firstOffset(of: 0x00, to: 192) != nil || b.firstOffset(of: 0xFF, to: 192) != nil
        else { return nil }
        return packets >= 3
            ? SignatureMatch(KnownType.mpegTransportStream, .strong, "MPEG-TS sync byte in every packet")
            : SignatureMatch(KnownType.mpegTransportStream, .weak, "MPEG-TS sync byte in two packets")
    }

    /// How many packets of `length` bytes, from `start`, all begin with `0x47` (at most 64;
    /// `nil` unless at least two do and none in the prefix fails).
    private static func syncedPackets(_ b: UnsafeRawBufferPointer, length: Int, start: Int) -> Int? {
        guard b.byte(at: start) == 0x47 else { return nil }
        let packets = Swift.min((b.count - start) / length, 64)
        guard packets >= 2 else { return nil }
        for index in 1..<packets where b[start + index * length] != 0x47 {
            return nil
        }
        return packets
    }

    /// MPEG program stream: a pack header `00 00 01 BA` with MPEG-1 or MPEG-2 marker bits
    /// (strong); a bare video sequence header `00 00 01 B3` (weak).
    static func programStream(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0) else { return nil }
        if head == 0x0000_01BA, let next = b.byte(at: 4) {
            if next & 0xC4 == 0x44 {
                return SignatureMatch(KnownType.mpeg, .strong, "MPEG-2 program stream pack header")
            }
            if next & 0xF1 == 0x21 {
                return SignatureMatch(KnownType.mpeg, .strong, "MPEG-1 system stream pack header")
            }
            return nil
        }
        if head == 0x0000_01B3 {
            return SignatureMatch(KnownType.mpeg, .weak, "MPEG video sequence header")
        }
        return nil
    }

    /// Flash Video: `FLV`, version 1, reserved flag bits clear, header length 9.
    static func flashVideo(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("FLV\u{1}"), let flags = b.byte(at: 4), flags & 0xFA == 0, b.u32be(at: 5) == 9 else { return nil }
        return SignatureMatch(KnownType.flashVideo, .strong, "FLV header")
    }

    /// Flash movies (SWF, and FutureSplash before it): `FWS` (uncompressed), `CWS` (zlib) or
    /// `ZWS` (LZMA), a version byte, then the movie's uncompressed length, which counts the
    /// 8-byte header itself (unless the bytes end before it).
    static func flashMovie(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let first = b.byte(at: 0), first == UInt8(ascii: "F") || first == UInt8(ascii: "C") || first == UInt8(ascii: "Z"),
            b.byte(at: 1) == UInt8(ascii: "W"), b.byte(at: 2) == UInt8(ascii: "S"),
            let version = b.byte(at: 3), (1...60).contains(version), b.u32le(at: 4).map({ $0 >= 8 }) ?? true
        else { return nil }
        return SignatureMatch(KnownType.flashMovie, .strong, "SWF header, version \(version)")
    }
}
