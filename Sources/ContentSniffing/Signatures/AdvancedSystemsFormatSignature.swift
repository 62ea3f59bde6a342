import UniformTypes

/// Advanced Systems Format (ASF) files, told apart by their streams: Windows Media video
/// (WMV), Windows Media audio (WMA), or ASF.
///
/// By the ASF specification every file opens with its Header Object (GUID
/// `75B22630-668E-11CF-A6D9-00AA0062CE6C`, stored little-endian), whose 64-bit size and 32-bit
/// count of header objects follow. Each header object is a GUID and a 64-bit size; one Stream
/// Properties Object (`B7DC0791-A9B7-11CF-8EE6-00C00C205365`) per stream names the stream's
/// type right after that. Policy:
/// - a video stream (`ASF_Video_Media`) makes the file Windows Media video, whatever else it
///   carries;
/// - audio streams (`ASF_Audio_Media`) without video make it Windows Media audio, once every
///   header object has been read (a stream not yet seen could be video);
/// - anything else is ASF: no stream properties at the top level, objects that do not add up,
///   or a header larger than a sniff may read.
///
/// Stream properties usually lie past the first 4 KiB (a Header Extension Object of padding
/// comes first), so object headers beyond the prefix are read one at a time, each charged to
/// ``SniffingLimits/maxExtraBytes``.
enum AdvancedSystemsFormatSignature {
    /// The most header objects walked; real files have a dozen at most.
    static let maximumHeaderObjects = 64

    /// The Header Object's GUID, as the file stores it.
    static let headerObject: [UInt8] = [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
    /// The Stream Properties Object's GUID.
    static let streamPropertiesObject: [UInt8] = [0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    /// `ASF_Audio_Media`, a stream type.
    static let audioMedia: [UInt8] = [0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]
    /// `ASF_Video_Media`, a stream type.
    static let videoMedia: [UInt8] = [0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]

    /// The Header Object's own fields: GUID, size, object count and two reserved bytes.
    static let headerFieldsLength = 30
    /// An object's GUID and size.
    static let objectHeaderLength = 24

    static func check(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard b.count >= headerFieldsLength, matches(b, headerObject, at: 0),
            let headerSize = b.u64le(at: 16), let objectCount = b.u32le(at: 24)
        else { return nil }
        let plain = SignatureMatch(KnownType.advancedSystemsFormat, .strong, "ASF Header Object")
        guard headerSize >= UInt64(headerFieldsLength) else { return plain }
        var end = Int64(clamping: headerSize)
        if let size = probe.knownSize { end = Swift.min(end, size) }
        var offset = Int64(headerFieldsLength)
        var audio = false
        for _ in 0..<Swift.min(Int(objectCount), maximumHeaderObjects) {
            guard offset + Int64(objectHeaderLength) <= end else { return plain }
            // The object's GUID and size, and for stream properties the stream type after them.
            let object = try probe.withBytes(at: offset, count: objectHeaderLength + 16) { object -> (size: UInt64, stream: StreamKind?)? in
                guard object.count >= objectHeaderLength, let size = object.u64le(at: 16) else { return nil }
                guard matches(object, streamPropertiesObject, at: 0) else { return (size, nil) }
                guard object.count >= objectHeaderLength + 16 else { return nil }
                let kind: StreamKind = matches(object, videoMedia, at: 24) ? .video : matches(object, audioMedia, at: 24) ? .audio : .other
                return (size, kind)
            }
            guard let object, object.size >= UInt64(objectHeaderLength), object.size <= UInt64(end - offset) else { return plain }
            switch object.stream {
            case .video?: return SignatureMatch(KnownType.windowsMediaVideo, .strong, "ASF header with a video stream")
            case .audio?: audio = true
            case .other?, nil: break
            }
            offset += Int64(object.size)
        }
        // Every object read, or the count ran past the bound: only a complete walk rules video out.
        guard audio, Int(objectCount) <= maximumHeaderObjects else { return plain }
        return SignatureMatch(KnownType.windowsMediaAudio, .strong, "ASF header with audio streams and no video stream")
    }

    /// What a stream carries, as far as the signature cares.
    private enum StreamKind { case audio, video, other }

    /// Whether `b` holds `guid` at `offset`.
    private static func matches(_ b: UnsafeRawBufferPointer, _ guid: [UInt8], at offset: Int) -> Bool {
        guard b.contains(offset: offset, length: guid.count) else { return false }
        for index in 0..<guid.count where b[offset + index] != guid[index] { return false }
        return true
    }
}
