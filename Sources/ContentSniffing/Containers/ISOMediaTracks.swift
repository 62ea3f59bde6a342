/// What kinds of media the tracks of an MPEG-4 file carry, from the handler (`hdlr`) of each
/// track's media box: `moov` → `trak` → `mdia` → `hdlr`.
///
/// A file whose `ftyp` names only a generic brand (`isom`, `mp42` …) says nothing of whether it
/// is a movie or audio; its tracks do. The walk reads box headers only, at most
/// ``maxBoxReads`` of them, so a file with a huge or lying box tree costs the same bounded work.
struct ISOMediaTracks {
    /// Tracks whose handler is `soun`.
    var audio = 0
    /// Tracks whose handler is `vide` or `pict` (video, still images).
    var visual = 0
    /// Tracks of other kinds (hints, text, metadata).
    var other = 0

    /// The most box headers read in one walk.
    static let maxBoxReads = 96

    /// Whether the file carries sound and nothing to look at.
    var isAudioOnly: Bool { audio > 0 && visual == 0 }

    /// Walks the file's boxes from offset 0; `nil` when no `moov` with tracks was found within
    /// the bounds (an unknown size, a box cut short, the read budget spent).
    static func read(_ probe: Probe) throws(SniffingError) -> ISOMediaTracks? {
        var budget = maxBoxReads
        var tracks = ISOMediaTracks()
        guard let end = probe.knownSize,
            let moov = try find(0x6D6F_6F76, in: 0..<end, probe, &budget)  // "moov"
        else { return nil }
        var offset = moov.lowerBound
        while offset < moov.upperBound, budget > 0 {
            guard let (type, box) = try header(at: offset, within: moov.upperBound, probe, &budget) else { break }
            if type == 0x7472_616B,  // "trak"
                let media = try find(0x6D64_6961, in: box, probe, &budget),  // "mdia"
                let handler = try find(0x6864_6C72, in: media, probe, &budget)  // "hdlr"
            {
                // hdlr: version and flags (4), pre_defined (4), handler_type (4).
                let kind = try probe.withBytes(at: handler.lowerBound + 8, count: 4) { $0.u32be(at: 0) }
                switch kind {
                case 0x736F_756E: tracks.audio += 1  // "soun"
                case 0x7669_6465, 0x7069_6374: tracks.visual += 1  // "vide", "pict"
                default: tracks.other += 1
                }
            }
            offset = box.upperBound
        }
        return tracks.audio + tracks.visual + tracks.other > 0 ? tracks : nil
    }

    /// The payload range of the first box of `type` among the boxes that fill `range`.
    private static func find(_ type: UInt32, in range: Range<Int64>, _ probe: Probe, _ budget: inout Int) throws(SniffingError) -> Range<Int64>? {
        var offset = range.lowerBound
        while offset < range.upperBound, budget > 0 {
            guard let (found, payload) = try header(at: offset, within: range.upperBound, probe, &budget) else { return nil }
            if found == type { return payload }
            offset = payload.upperBound
        }
        return nil
    }

    /// The type of the box at `offset` and its payload (after the header, to the box's end),
    /// which must lie within `limit`.
    private static func header(at offset: Int64, within limit: Int64, _ probe: Probe, _ budget: inout Int) throws(SniffingError) -> (UInt32, Range<Int64>)? {
        budget -= 1
        guard limit - offset >= 8 else { return nil }
        let count = Int(Swift.min(16, limit - offset))
        guard let box = try probe.withBytes(at: offset, count: count, { ISOBoxHeader($0) }) else { return nil }
        let length = box.length ?? (limit - offset)
        guard length >= box.headerLength, length <= limit - offset else { return nil }
        return (box.type, (offset + box.headerLength)..<(offset + length))
    }
}
