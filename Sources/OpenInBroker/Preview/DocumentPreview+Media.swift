import ContentSniffing

extension DocumentPreview {
    /// The duration, tracks and codecs of an audio or video file, as its container states them.
    ///
    /// Policy: WAV from the `fmt ` chunk and the `data` size (a `data` size beyond the end of
    /// the file is clamped to it); MP4/MOV from `moov/mvhd` (duration ÷ timescale) and each
    /// `trak/mdia` (`hdlr` handler, first `stsd` sample entry's four-character code, plus size or
    /// sample rate), boxes walked by offset with 64-bit sizes and size 0 ("to the end")
    /// understood and malformed sizes ending the walk; FLAC from `STREAMINFO`; Ogg from the
    /// Vorbis or Opus identification header, with the duration from the last page's granule
    /// position; MP3 from the first frame header and, for the duration, a Xing/Info header
    /// (without one the duration is left out rather than guessed). An ID3v2 tag before FLAC or
    /// MP3 data is skipped. Matroska/WebM and AVI are named, not read.
    public struct Media: Sendable, Hashable, Codable {
        /// One track of a container.
        public struct Track: Sendable, Hashable, Codable {
            /// `audio`, `video`, `subtitle`, or the container's handler code.
            public var kind: String
            /// The codec's four-character code or name (`avc1`, `mp4a`, `pcm`, `vorbis`, `opus`, `flac`, `mp3`).
            public var codec: String?
            /// The video width in pixels.
            public var width: Int?
            /// The video height in pixels.
            public var height: Int?
            /// The audio sample rate in Hz.
            public var sampleRate: Int?
            /// The number of audio channels.
            public var channels: Int?

            /// Creates a track.
            public init(
                kind: String, codec: String?, width: Int? = nil, height: Int? = nil, sampleRate: Int? = nil,
                channels: Int? = nil
            ) {
                self.kind = kind
                self.codec = codec
                self.width = width
                self.height = height
                self.sampleRate = sampleRate
                self.channels = channels
            }
        }

        /// `wav`, `mp4`, `mov`, `flac`, `ogg`, `mp3`, `matroska` or `avi`.
        public var container: String
        /// The duration in seconds, when the container states it.
        public var durationSeconds: Double?
        /// The sample rate of the (first) audio stream, in Hz.
        public var sampleRate: Int?
        /// The channel count of the (first) audio stream.
        public var channels: Int?
        /// The bits per sample of the (first) audio stream, for PCM-like formats.
        public var bitsPerSample: Int?
        /// The tracks, at most ``Limits/maximumEntries``.
        public var tracks: [Track]

        /// Creates audio/video facts.
        public init(
            container: String, durationSeconds: Double?, sampleRate: Int?, channels: Int?, bitsPerSample: Int?,
            tracks: [Track]
        ) {
            self.container = container
            self.durationSeconds = durationSeconds
            self.sampleRate = sampleRate
            self.channels = channels
            self.bitsPerSample = bitsPerSample
            self.tracks = tracks
        }

        static func read(from source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError)
            -> Media?
        {
            let head = try source.head(16)
            if head.has("RIFF") && head.has("WAVE", at: 8) { return try wav(source, limits: limits, notes: &notes) }
            if head.has("RIFF") && head.has("AVI ", at: 8) {
                notes.append("AVI streams are not read")
                return Media(
                    container: "avi", durationSeconds: nil, sampleRate: nil, channels: nil, bitsPerSample: nil,
                    tracks: [])
            }
            if head.has([0x1A, 0x45, 0xDF, 0xA3]) {
                notes.append("Matroska/WebM elements are not read")
                return Media(
                    container: "matroska", durationSeconds: nil, sampleRate: nil, channels: nil, bitsPerSample: nil,
                    tracks: [])
            }
            if head.has("OggS") { return try ogg(source, notes: &notes) }
            if head.has("ftyp", at: 4) || ["moov", "mdat", "free", "wide", "skip"].contains(head.fourCC(4) ?? "") {
                return try mp4(source, limits: limits, notes: &notes)
            }
            var start: Int64 = 0
            if head.has("ID3"), let sizeBytes = head.slice(6, 4), sizeBytes.allSatisfy({ $0 < 0x80 }) {
                let size = sizeBytes.reduce(0) { $0 << 7 | Int64($1) }
                let footer: Int64 = (head[5] ?? 0) & 0x10 != 0 ? 10 : 0
                start = 10 + size + footer
            }
            let afterTag = try source.read(at: start, count: 4)
            if afterTag.has("fLaC") { return try flac(source, at: start, notes: &notes) }
            if let mp3 = try mp3(source, at: start, notes: &notes) { return mp3 }
            notes.append("not a WAV, MP4/MOV, FLAC, Ogg or MP3 stream")
            return nil
        }

        // MARK: WAV

        static func wav(_ source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError) -> Media {
            var offset: Int64 = 12
            var format: Int?
            var channels: Int?
            var sampleRate: Int?
            var byteRate: Int?
            var bits: Int?
            var dataSize: Int64?
            for _ in 0..<limits.maximumSteps {
                let header = try source.read(at: offset, count: 8)
                guard let id = header.fourCC(0), let size = header.u32le(4) else { break }
                let body = offset + 8
                if id == "fmt " {
                    let fmt = try source.read(at: body, count: min(size, 40))
                    format = fmt.u16le(0)
                    channels = fmt.u16le(2)
                    sampleRate = fmt.u32le(4)
                    byteRate = fmt.u32le(8)
                    bits = fmt.u16le(14)
                    if format == 0xFFFE, let sub = fmt.u16le(24) { format = sub }
                } else if id == "data" {
                    let available = max(0, source.size - body)
                    if Int64(size) > available { notes.append("the data chunk is declared larger than the file") }
                    dataSize = min(Int64(size), available)
                }
                if format != nil && dataSize != nil { break }
                offset = body + Int64(size) + Int64(size & 1)
                if offset >= source.size { break }
            }
            let codec: String? =
                switch format {
                case 1: "pcm"
                case 2: "ms-adpcm"
                case 3: "pcm-float"
                case 6: "alaw"
                case 7: "ulaw"
                case 0x11: "ima-adpcm"
                case 0x55: "mp3"
                case let other?: "0x" + String(other, radix: 16)
                case nil: nil
                }
            if format == nil { notes.append("no fmt chunk") }
            var duration: Double?
            if let dataSize, let byteRate, byteRate > 0 { duration = Double(dataSize) / Double(byteRate) }
            return Media(
                container: "wav", durationSeconds: duration, sampleRate: sampleRate, channels: channels,
                bitsPerSample: bits,
                tracks: [Track(kind: "audio", codec: codec, sampleRate: sampleRate, channels: channels)])
        }

        // MARK: MP4 / MOV

        /// One box header: type, where its payload starts, and where the box ends.
        struct Box {
            var type: String
            var payload: Int64
            var end: Int64
        }

        /// Reads a box header at `offset` inside `[offset, limit)`; `nil` when malformed.
        static func box(at offset: Int64, limit: Int64, read: (Int64, Int) throws(HandOverError) -> PreviewBytes)
            throws(HandOverError) -> Box?
        {
            guard limit - offset >= 8 else { return nil }
            let header = try read(offset, 16)
            guard let box = header.bytes.withUnsafeBytes({ ISOBoxHeader($0) }), let type = header.fourCC(4) else { return nil }
            let end: Int64
            if let length = box.length {
                guard length <= limit - offset else { return nil }
                end = offset + length
            } else {
                end = limit  // size 0: to the end of the container
            }
            guard end >= offset + box.headerLength else { return nil }
            return Box(type: type, payload: offset + box.headerLength, end: end)
        }

        static func mp4(_ source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError) -> Media {
            var container = "mp4"
            var offset: Int64 = 0
            var moov: Box?
            var steps = 0
            let fileRead: (Int64, Int) throws(HandOverError) -> PreviewBytes = { offset, count throws(HandOverError) in
                try source.read(at: offset, count: count)
            }
            while offset < source.size && steps < limits.maximumSteps {
                steps += 1
                guard let found = try box(at: offset, limit: source.size, read: fileRead) else {
                    notes.append("a malformed box ends the walk at offset \(offset)")
                    break
                }
                if found.type == "ftyp", try source.read(at: found.payload, count: 4).fourCC(0) == "qt  " {
                    container = "mov"
                }
                if found.type == "moov" {
                    moov = found
                    break
                }
                offset = found.end
            }
            guard let moov else {
                notes.append("no moov box was found")
                return Media(
                    container: container, durationSeconds: nil, sampleRate: nil, channels: nil, bitsPerSample: nil,
                    tracks: [])
            }
            // Read the movie box into memory (bounded by the budget) and walk it there.
            let length = moov.end - moov.payload
            let data = try source.read(at: moov.payload, count: Int(min(length, Int64(Int32.max))))
            if Int64(data.count) < length { notes.append("the moov box was read only in part") }
            let memoryRead: (Int64, Int) throws(HandOverError) -> PreviewBytes = {
                offset, count throws(HandOverError) in
                guard offset >= 0, offset < Int64(data.count), count > 0 else { return PreviewBytes([]) }
                let end = Int(min(Int64(data.count), offset + Int64(count)))
                return PreviewBytes(Array(data.bytes[Int(offset)..<end]))
            }
            var walker = MovieWalker(read: memoryRead, limit: Int64(data.count), maximumSteps: limits.maximumSteps)
            var duration: Double?
            var tracks: [Track] = []
            var children: [Box] = []
            try walker.children(of: 0, end: Int64(data.count)) { child throws(HandOverError) in children.append(child) }
            for child in children {
                if child.type == "mvhd" {
                    duration = try movieDuration(memoryRead, child)
                } else if child.type == "trak", tracks.count < limits.maximumEntries {
                    if let track = try walker.track(child) { tracks.append(track) }
                }
            }
            if walker.stepsLeft <= 0 { notes.append("gave up after \(limits.maximumSteps) boxes") }
            let audio = tracks.first { $0.kind == "audio" }
            return Media(
                container: container, durationSeconds: duration, sampleRate: audio?.sampleRate,
                channels: audio?.channels,
                bitsPerSample: nil, tracks: tracks)
        }

        static func movieDuration(_ read: (Int64, Int) throws(HandOverError) -> PreviewBytes, _ mvhd: Box)
            throws(HandOverError) -> Double?
        {
            let body = try read(mvhd.payload, 32)
            guard let version = body[0] else { return nil }
            let timescale: Int?
            let duration: UInt64?
            if version == 1 {
                timescale = body.u32be(20)
                duration = body.u64be(24)
            } else {
                timescale = body.u32be(12)
                duration = body.u32be(16).map { UInt64($0) }
            }
            guard let timescale, timescale > 0, let duration, duration != UInt64.max,
                duration != 0xFFFF_FFFF || version == 1
            else { return nil }
            return Double(duration) / Double(timescale)
        }

        /// Walks boxes inside the in-memory movie box with one shared step budget.
        struct MovieWalker {
            let read: (Int64, Int) throws(HandOverError) -> PreviewBytes
            let limit: Int64
            var stepsLeft: Int

            init(read: @escaping (Int64, Int) throws(HandOverError) -> PreviewBytes, limit: Int64, maximumSteps: Int) {
                self.read = read
                self.limit = limit
                self.stepsLeft = maximumSteps
            }

            mutating func children(of start: Int64, end: Int64, _ visit: (Box) throws(HandOverError) -> Void)
                throws(HandOverError)
            {
                var offset = start
                let end = min(end, limit)
                while offset < end && stepsLeft > 0 {
                    stepsLeft -= 1
                    guard let child = try Media.box(at: offset, limit: end, read: read) else { return }
                    try visit(child)
                    offset = child.end
                }
            }

            /// The first child of `parent` with `type`.
            mutating func child(_ type: String, of parent: Box) throws(HandOverError) -> Box? {
                var found: Box?
                try children(of: parent.payload, end: parent.end) { child throws(HandOverError) in
                    if found == nil && child.type == type { found = child }
                }
                return found
            }

            mutating func track(_ trak: Box) throws(HandOverError) -> Track? {
                guard let mdia = try child("mdia", of: trak) else { return nil }
                var handler = "unknown"
                if let hdlr = try child("hdlr", of: mdia), let code = try read(hdlr.payload + 8, 4).fourCC(0) {
                    handler = code
                }
                let kind: String =
                    switch handler {
                    case "vide": "video"
                    case "soun": "audio"
                    case "text", "sbtl", "subt", "clcp": "subtitle"
                    default: handler
                    }
                var track = Track(kind: kind, codec: nil)
                guard let minf = try child("minf", of: mdia), let stbl = try child("stbl", of: minf),
                    let stsd = try child("stsd", of: stbl)
                else { return track }
                // stsd: version/flags (4), entry count (4), then the first sample entry box.
                let entryStart = stsd.payload + 8
                guard let entry = try Media.box(at: entryStart, limit: stsd.end, read: read) else { return track }
                track.codec = entry.type
                let fields = try read(entry.payload, 28)
                if kind == "video" {
                    track.width = fields.u16be(24)
                    track.height = fields.u16be(26)
                } else if kind == "audio" {
                    track.channels = fields.u16be(16)
                    track.sampleRate = fields.u32be(24).map { $0 >> 16 }
                }
                return track
            }
        }

        // MARK: FLAC

        static func flac(_ source: PreviewSource, at start: Int64, notes: inout [String]) throws(HandOverError) -> Media
        {
            let block = try source.read(at: start + 4, count: 4 + 34)
            guard let header = block[0], header & 0x7F == 0, block.u24be(1) == 34, let info = block.slice(4, 34) else {
                notes.append("the first FLAC metadata block is not STREAMINFO")
                return Media(
                    container: "flac", durationSeconds: nil, sampleRate: nil, channels: nil, bitsPerSample: nil,
                    tracks: [])
            }
            let bytes = PreviewBytes(Array(info))
            // Bits 80..99 sample rate, 100..102 channels-1, 103..107 bits-1, 108..143 total samples.
            let packed = bytes.u64be(10) ?? 0
            let sampleRate = Int(packed >> 44)
            let channels = Int((packed >> 41) & 0x7) + 1
            let bits = Int((packed >> 36) & 0x1F) + 1
            let total = packed & 0xF_FFFF_FFFF
            let duration: Double? = sampleRate > 0 && total > 0 ? Double(total) / Double(sampleRate) : nil
            return Media(
                container: "flac", durationSeconds: duration, sampleRate: sampleRate > 0 ? sampleRate : nil,
                channels: channels,
                bitsPerSample: bits,
                tracks: [Track(kind: "audio", codec: "flac", sampleRate: sampleRate, channels: channels)])
        }

        // MARK: Ogg

        static func ogg(_ source: PreviewSource, notes: inout [String]) throws(HandOverError) -> Media {
            let page = try source.head(27 + 255 + 64)
            guard let segments = page[26], let serial = page.u32le(14) else {
                return Media(
                    container: "ogg", durationSeconds: nil, sampleRate: nil, channels: nil, bitsPerSample: nil,
                    tracks: [])
            }
            let packet = 27 + Int(segments)
            var codec: String?
            var sampleRate: Int?
            var channels: Int?
            var preSkip = 0
            var granuleRate: Int?
            if page.has([0x01] + Array("vorbis".utf8), at: packet) {
                codec = "vorbis"
                channels = page[packet + 11].map(Int.init)
                sampleRate = page.u32le(packet + 12)
                granuleRate = sampleRate
            } else if page.has("OpusHead", at: packet) {
                codec = "opus"
                channels = page[packet + 9].map(Int.init)
                preSkip = page.u16le(packet + 10) ?? 0
                sampleRate = page.u32le(packet + 12)
                granuleRate = 48_000  // Opus granule positions always count 48 kHz samples
            } else if page.has([0x7F] + Array("FLAC".utf8), at: packet) {
                codec = "flac"
            } else if page.has([0x80] + Array("theora".utf8), at: packet) {
                codec = "theora"
            } else if page.has("Speex   ", at: packet) {
                codec = "speex"
            } else {
                notes.append("unknown Ogg stream")
            }
            var duration: Double?
            if let granuleRate, granuleRate > 0 {
                let tailLength = min(source.size, 64 * 1024)
                let tail = try source.read(at: source.size - tailLength, count: Int(tailLength))
                var position = tail.count
                while let found = tail.lastIndex(of: Array("OggS".utf8), before: position - 1) {
                    if tail.u32le(found + 14) == serial, let granule = tail.u64le(found + 6), granule != UInt64.max {
                        let samples = Int64(clamping: granule) - Int64(preSkip)
                        if samples >= 0 { duration = Double(samples) / Double(granuleRate) }
                        break
                    }
                    position = found
                    if found == 0 { break }
                }
            }
            let isVideo = codec == "theora"
            return Media(
                container: "ogg", durationSeconds: duration, sampleRate: sampleRate, channels: channels,
                bitsPerSample: nil,
                tracks: [
                    Track(kind: isVideo ? "video" : "audio", codec: codec, sampleRate: sampleRate, channels: channels)
                ])
        }

        // MARK: MP3

        static func mp3(_ source: PreviewSource, at start: Int64, notes: inout [String]) throws(HandOverError) -> Media?
        {
            let window = try source.read(at: start, count: 4096)
            var frame: Int?
            var index = 0
            while index + 4 <= window.count {
                if window[index] == 0xFF, let second = window[index + 1], second & 0xE0 == 0xE0,
                    MP3Header(window, at: index) != nil
                {
                    frame = index
                    break
                }
                index += 1
            }
            guard let frame, let header = MP3Header(window, at: frame) else { return nil }
            let codec = ["mp1", "mp2", "mp3"][header.layer - 1]
            var duration: Double?
            let sideInfo: Int = header.isMPEG1 ? (header.channels == 1 ? 17 : 32) : (header.channels == 1 ? 9 : 17)
            let xing = try source.read(at: start + Int64(frame + 4 + sideInfo), count: 12)
            if xing.has("Xing") || xing.has("Info") {
                if let flags = xing.u32be(4), flags & 1 != 0, let frames = xing.u32be(8), frames > 0 {
                    duration = Double(frames) * Double(header.samplesPerFrame) / Double(header.sampleRate)
                }
            } else {
                notes.append("no Xing/Info header: the duration is not computed")
            }
            return Media(
                container: "mp3", durationSeconds: duration, sampleRate: header.sampleRate, channels: header.channels,
                bitsPerSample: nil,
                tracks: [Track(kind: "audio", codec: codec, sampleRate: header.sampleRate, channels: header.channels)])
        }

        /// A validated MPEG audio frame header.
        struct MP3Header {
            var isMPEG1: Bool
            var layer: Int
            var sampleRate: Int
            var channels: Int
            var samplesPerFrame: Int

            init?(_ bytes: PreviewBytes, at index: Int) {
                guard let word = bytes.u32be(index), word >> 21 == 0x7FF else { return nil }
                let versionBits = (word >> 19) & 0x3
                let layerBits = (word >> 17) & 0x3
                let bitrateIndex = (word >> 12) & 0xF
                let rateIndex = (word >> 10) & 0x3
                guard versionBits != 1, layerBits != 0, bitrateIndex != 0xF, rateIndex != 3 else { return nil }
                isMPEG1 = versionBits == 3
                layer = 4 - layerBits
                let base = [44_100, 48_000, 32_000][rateIndex]
                sampleRate = versionBits == 3 ? base : (versionBits == 2 ? base / 2 : base / 4)
                channels = (word >> 6) & 0x3 == 3 ? 1 : 2
                samplesPerFrame = layer == 1 ? 384 : (layer == 2 || isMPEG1 ? 1152 : 576)
            }
        }
    }
}
