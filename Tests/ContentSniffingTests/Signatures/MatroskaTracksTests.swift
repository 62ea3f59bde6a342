import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A Matroska file whose `Tracks` element lists only audio tracks is Matroska audio; one with a
/// video track, or whose tracks the prefix does not show, is Matroska video.
@Suite("Matroska: audio or video by the tracks")
struct MatroskaTracksTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// An EBML element: its ID's bytes, a one-byte size, the data.
    static func element(_ id: [UInt8], _ data: [UInt8]) -> [UInt8] { id + [0x80 | UInt8(data.count)] + data }

    /// A Matroska file: the EBML header (DocType `matroska`), a segment of unknown size with
    /// Info, then Tracks holding one entry per track type (1 video, 2 audio, 17 subtitles).
    static func file(trackTypes: [UInt8], tracksFirst: Bool = true) -> [UInt8] {
        let header = element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x86], [1]) + element([0x42, 0x82], Array("matroska".utf8)))
        let info = element([0x15, 0x49, 0xA9, 0x66], element([0x2A, 0xD7, 0xB1], [0x0F, 0x42, 0x40]))
        let entries = trackTypes.enumerated().flatMap { number, type in
            element([0xAE], element([0xD7], [UInt8(number + 1)]) + element([0x83], [type]) + element([0x86], Array("A_OPUS".utf8)))
        }
        let tracks = element([0x16, 0x54, 0xAE, 0x6B], entries)
        let cluster = element([0x1F, 0x43, 0xB6, 0x75], element([0xE7], [0]))
        let body = tracksFirst ? info + tracks + cluster : info + cluster + tracks
        return header + [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + body
            + ByteFixtures.pseudoRandom(count: 512, seed: 11)
    }

    @Test("audio tracks only: Matroska audio, under its name and under none", arguments: [[UInt8(2)], [2, 2], [2, 17]])
    func audioOnly(trackTypes: [UInt8]) throws {
        let audio = try #require(resolver.graph.type(mimeType: "audio/x-matroska"))
        let bytes = Self.file(trackTypes: trackTypes.filter { $0 != 17 })
        #expect(resolver.resolve(bytes: bytes, name: nil).type == audio)
        let named = resolver.resolve(bytes: bytes, name: "no-tags.mka")
        #expect(named.type == audio)
        #expect(named.conflict == nil)
    }

    @Test("a video track, subtitles beside audio, or tracks after the first cluster: Matroska video",
          arguments: [([UInt8(1)], true), ([1, 2], true), ([2, 17], true), ([2], false)])
    func video(trackTypes: [UInt8], tracksFirst: Bool) throws {
        let video = try #require(resolver.graph.type(mimeType: "video/x-matroska"))
        let bytes = Self.file(trackTypes: trackTypes, tracksFirst: tracksFirst)
        #expect(resolver.resolve(bytes: bytes, name: nil).type == video)
        #expect(resolver.resolve(bytes: bytes, name: "film.mkv").conflict == nil)
    }

    @Test("a tracks element cut by the end of the bytes is not read past them")
    func truncated() throws {
        let bytes = Self.file(trackTypes: [2, 2])
        let video = try #require(resolver.graph.type(mimeType: "video/x-matroska"))
        for length in stride(from: 40, to: 120, by: 3) {
            let answer = resolver.resolve(bytes: Array(bytes.prefix(length)), name: nil).type
            #expect(answer == video || answer.identifier == "org.freedesktop.mime.audio.x-matroska" || answer.identifier == .data, "\(length)")
        }
    }
}
