import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// The GUIDs of ASF objects and stream types, as files store them.
private enum GUID {
    static let header: [UInt8] = [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
    static let streamProperties: [UInt8] = [0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    static let audio: [UInt8] = [0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]
    static let video: [UInt8] = [0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]
    /// `ASF_Command_Media`: a script stream, neither audio nor video.
    static let command: [UInt8] = [0xC0, 0xCF, 0xDA, 0x59, 0xE6, 0x59, 0xD0, 0x11, 0xA3, 0xAC, 0x00, 0xA0, 0xC9, 0x03, 0x48, 0xF6]
    /// The File Properties Object's GUID (its fields do not matter here).
    static let fileProperties: [UInt8] = [0xA1, 0xDC, 0xAB, 0x8C, 0x47, 0xA9, 0xCF, 0x11, 0x8E, 0xE4, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    /// The Header Extension Object's GUID.
    static let headerExtension: [UInt8] = [0xB5, 0x03, 0xBF, 0x5F, 0x2E, 0xA9, 0xCF, 0x11, 0x8E, 0xE3, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
}

/// ASF files are Windows Media video when a stream is video, Windows Media audio when every
/// stream the header lists is audio, and ASF otherwise; stream properties past the prefix are
/// read from the file.
@Suite("ASF: WMA or WMV by the streams")
struct AdvancedSystemsFormatTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    static func littleEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A header object: its GUID, its size, its data.
    static func object(_ guid: [UInt8], _ data: [UInt8]) -> [UInt8] {
        guid + littleEndian(UInt64(24 + data.count), bytes: 8) + data
    }

    /// An ASF file: the Header Object holding File Properties, a Header Extension of `padding`
    /// bytes (which pushes what follows past the prefix, as in real files), one Stream
    /// Properties Object per stream type, then the start of a Data Object.
    static func file(streams: [[UInt8]], padding: Int = 64) -> [UInt8] {
        var objects = [object(GUID.fileProperties, [UInt8](repeating: 0, count: 80)), object(GUID.headerExtension, [UInt8](repeating: 0, count: padding))]
        for (number, type) in streams.enumerated() {
            // Stream type, error correction type, time offset, lengths, flags (stream number), reserved.
            objects.append(object(GUID.streamProperties, type + [UInt8](repeating: 0, count: 16 + 8 + 4 + 4) + [UInt8(number + 1), 0] + [0, 0, 0, 0]))
        }
        let body = objects.flatMap { $0 }
        let header = GUID.header + littleEndian(UInt64(30 + body.count), bytes: 8) + littleEndian(UInt64(objects.count), bytes: 4) + [0x01, 0x02]
        let data: [UInt8] = [0x36, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
        return header + body + data + ByteFixtures.pseudoRandom(count: 256, seed: 29)
    }

    func type(_ mime: String) throws -> UniformType { try #require(resolver.graph.type(mimeType: mime)) }

    @Test("audio streams alone: Windows Media audio, under its name and under none", arguments: [1, 2])
    func audioOnly(streamCount: Int) throws {
        let wma = try type("audio/x-ms-wma")
        let bytes = Self.file(streams: Array(repeating: GUID.audio, count: streamCount))
        #expect(resolver.resolve(bytes: bytes, name: nil).type == wma)
        let named = resolver.resolve(bytes: bytes, name: "song.wma")
        #expect(named.type == wma)
        #expect(named.conflict == nil)
    }

    @Test("a video stream, with or without audio: Windows Media video", arguments: [[GUID.video], [GUID.audio, GUID.video], [GUID.video, GUID.audio]])
    func video(streams: [[UInt8]]) throws {
        let wmv = try type("video/x-ms-wmv")
        let bytes = Self.file(streams: streams)
        #expect(resolver.resolve(bytes: bytes, name: nil).type == wmv)
        #expect(resolver.resolve(bytes: bytes, name: "clip.wmv").conflict == nil)
    }

    @Test("no audio or video stream: ASF", arguments: [[[UInt8]](), [GUID.command]])
    func neither(streams: [[UInt8]]) throws {
        let asf = try type("application/vnd.ms-asf")
        #expect(resolver.resolve(bytes: Self.file(streams: streams), name: nil).type == asf)
    }

    @Test("stream properties past the prefix are read from the file")
    func farStreams() throws {
        let directory = TemporaryDirectory()
        let audioPath = try directory.write("sample", bytes: Self.file(streams: [GUID.audio], padding: 6_000))
        #expect(try resolver.resolve(path: audioPath).type == type("audio/x-ms-wma"))
        let videoPath = try directory.write("clip", bytes: Self.file(streams: [GUID.audio, GUID.video], padding: 9_000))
        #expect(try resolver.resolve(path: videoPath).type == type("video/x-ms-wmv"))
    }

    @Test("a header cut short, or objects that do not add up, give ASF and never read past the bytes")
    func truncatedOrMalformed() throws {
        let asf = try type("application/vnd.ms-asf")
        let wmv = try type("video/x-ms-wmv")
        let full = Self.file(streams: [GUID.audio, GUID.video])
        for length in stride(from: 30, to: full.count, by: 7) {
            let answer = resolver.resolve(bytes: Array(full.prefix(length)), name: nil).type
            #expect(answer == asf || answer == wmv, "\(length) bytes: \(answer.identifier)")
        }
        // Audio only, cut before the header ends: a video stream could follow, so not WMA.
        let audio = Self.file(streams: [GUID.audio, GUID.audio])
        #expect(resolver.resolve(bytes: Array(audio.prefix(audio.count - 300)), name: nil).type == asf)
        // An object of size zero would never advance the walk.
        var zeroSized = Self.file(streams: [GUID.audio])
        for index in 30 + 16..<30 + 24 { zeroSized[index] = 0 }
        #expect(resolver.resolve(bytes: zeroSized, name: nil).type == asf)
        // A count of objects no file has, and a header size past the end.
        var huge = Self.file(streams: [GUID.audio])
        for index in 24..<28 { huge[index] = 0xFF }
        for index in 16..<24 { huge[index] = 0xFF }
        #expect(resolver.resolve(bytes: huge, name: nil).type == asf)
    }

    @Test("text named .wma or .wmv lacks the header every ASF file opens with", arguments: ["notes.wma", "notes.wmv"])
    func textUnderTheName(name: String) throws {
        let resolution = resolver.resolve(bytes: Array("Shopping list: milk, eggs, bread.\n".utf8), name: name)
        #expect(resolution.type.conforms(to: try #require(resolver.graph[.plainText])))
        #expect(resolution.conflict != nil)
    }
}
