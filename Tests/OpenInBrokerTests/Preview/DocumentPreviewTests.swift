import Foundation
import Glibc
import OpenInBroker
import OpenWithTestSupport
import Testing

private typealias F = PreviewFixtures
private typealias B = ByteFixtures
private typealias H = HandOverTestHelpers

@Suite("DocumentPreview")
struct DocumentPreviewTests {
    // MARK: Images

    struct ImageCase: Sendable, CustomTestStringConvertible {
        var label: String
        var bytes: [UInt8]
        var format: String
        var width: Int?
        var height: Int?
        var bitDepth: Int?
        var colorType: String?
        var testDescription: String { label }
    }

    static let images: [ImageCase] = [
        ImageCase(
            label: "png rgba", bytes: F.png(width: 640, height: 480), format: "png", width: 640, height: 480,
            bitDepth: 8, colorType: "rgba"),
        ImageCase(
            label: "png gray 16", bytes: F.png(width: 3, height: 70_000, bitDepth: 16, colorType: 0), format: "png",
            width: 3, height: 70_000, bitDepth: 16, colorType: "grayscale"),
        ImageCase(
            label: "gif", bytes: F.gif(width: 320, height: 200), format: "gif", width: 320, height: 200, bitDepth: 8,
            colorType: "indexed"),
        ImageCase(
            label: "jpeg after APP1 and fill", bytes: F.jpeg(width: 1024, height: 768), format: "jpeg", width: 1024,
            height: 768, bitDepth: 8, colorType: "ycbcr"),
        ImageCase(
            label: "jpeg gray", bytes: F.jpeg(width: 8, height: 9, components: 1, app1Size: 10), format: "jpeg",
            width: 8, height: 9, bitDepth: 8, colorType: "grayscale"),
        ImageCase(
            label: "bmp top-down", bytes: F.bmp(width: 100, height: -200), format: "bmp", width: 100, height: 200,
            bitDepth: 8, colorType: "rgb"),
        ImageCase(
            label: "bmp 8-bit", bytes: F.bmp(width: 4, height: 4, bits: 8), format: "bmp", width: 4, height: 4,
            bitDepth: 8, colorType: "indexed"),
        ImageCase(
            label: "webp VP8X", bytes: F.webpVP8X(width: 4000, height: 3000, alpha: true), format: "webp", width: 4000,
            height: 3000, bitDepth: 8, colorType: "rgba"),
        ImageCase(
            label: "webp VP8L", bytes: F.webpVP8L(width: 123, height: 45), format: "webp", width: 123, height: 45,
            bitDepth: 8, colorType: "rgba"),
        ImageCase(
            label: "webp VP8", bytes: F.webpVP8(width: 300, height: 150), format: "webp", width: 300, height: 150,
            bitDepth: 8, colorType: "yuv"),
        ImageCase(
            label: "tiff little-endian", bytes: F.tiff(width: 800, height: 600, bigEndian: false), format: "tiff",
            width: 800, height: 600, bitDepth: 8, colorType: "rgb"),
        ImageCase(
            label: "tiff big-endian", bytes: F.tiff(width: 800, height: 600, bigEndian: true), format: "tiff",
            width: 800, height: 600, bitDepth: 8, colorType: "rgb"),
    ]

    @Test("image headers", arguments: images)
    func image(_ fixture: ImageCase) throws {
        let preview = DocumentPreview.read(bytes: fixture.bytes, kind: .image)
        #expect(preview.kind == .image, "\(preview.notes)")
        #expect(
            preview.image
                == DocumentPreview.Image(
                    format: fixture.format, width: fixture.width, height: fixture.height, bitDepth: fixture.bitDepth,
                    colorType: fixture.colorType))
    }

    @Test("an image preview of a real file reads only the header")
    func imageFromFile() throws {
        let directory = TemporaryDirectory("preview")
        let path = try directory.write("photo.jpg", bytes: F.jpeg(width: 1024, height: 768) + B.zeros(2_000_000))
        let preview = try DocumentPreview.read(path: path, kind: .image)
        #expect(preview.image?.width == 1024)
        #expect(preview.fileSize > 2_000_000)
        #expect(preview.bytesRead < 100)
    }

    // MARK: Text

    @Test("UTF-8 text: lines, count, encoding")
    func utf8Text() {
        let preview = DocumentPreview.read(bytes: Array("héllo\nwörld\r\nthird\rfourth".utf8), kind: .text)
        #expect(
            preview.text
                == DocumentPreview.Text(
                    encoding: "utf-8", hasByteOrderMark: false, lines: ["héllo", "wörld", "third", "fourth"],
                    lineCount: 4, truncated: false))
    }

    @Test(
        "encodings from marks and content",
        arguments: [
            ([0xEF, 0xBB, 0xBF] + Array("a\nb".utf8), "utf-8", ["a", "b"]),
            ([0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00, 0xE9, 0x00], "utf-16le", ["a", "é"]),
            ([0xFE, 0xFF, 0x00, 0x61, 0x00, 0x0A, 0xD8, 0x3D, 0xDE, 0x00], "utf-16be", ["a", "😀"]),
            (Array("plain ascii".utf8), "us-ascii", ["plain ascii"]),
            ([0x63, 0x61, 0x66, 0xE9], "iso-8859-1", ["café"]),
        ] as [([UInt8], String, [String])])
    func encodings(bytes: [UInt8], encoding: String, lines: [String]) {
        let text = DocumentPreview.read(bytes: bytes, kind: .text).text
        #expect(text?.encoding == encoding)
        #expect(text?.lines == lines)
    }

    @Test("limits: first N lines, cut long lines, bounded bytes, control characters replaced")
    func textLimits() {
        let many = (1...100).map { "line \($0)" }.joined(separator: "\n")
        let limits = DocumentPreview.Limits(maximumLines: 3, maximumLineLength: 4)
        let text = DocumentPreview.read(bytes: Array(many.utf8), kind: .text, limits: limits).text
        #expect(text?.lines == ["line", "line", "line"])
        #expect(text?.lineCount == 100)
        #expect(text?.truncated == true)

        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
        let preview = DocumentPreview.read(bytes: big, kind: .text)
        #expect(preview.bytesRead == 64 * 1024)
        #expect(preview.text?.truncated == true)

        let escape = DocumentPreview.read(bytes: Array("red \u{1B}[31m\tok".utf8), kind: .text).text
        #expect(escape?.lines == ["red \u{FFFD}[31m\tok"])
    }

    @Test("a UTF-8 sequence cut by the read limit does not make the text Latin-1")
    func cutSequence() {
        let bytes = Array(String(repeating: "é", count: 40_000).utf8)  // 80 000 bytes
        let text = DocumentPreview.read(bytes: bytes, kind: .text, limits: .init(maximumTextBytes: 1001)).text
        #expect(text?.encoding == "utf-8")
        #expect(text?.lines.first?.count == 500)
    }

    @Test("binary content is not text")
    func binaryIsNotText() {
        let preview = DocumentPreview.read(bytes: [0x7F, 0x45, 0x4C, 0x46, 0, 0, 1], kind: .text)
        #expect(preview.kind == .other)
        #expect(preview.requestedKind == .text)
        #expect(preview.text == nil)
    }

    // MARK: PDF

    @Test("a hand-written three-page PDF")
    func pdf() throws {
        let directory = TemporaryDirectory("preview")
        let path = try directory.write("doc.pdf", bytes: F.pdf(pages: 3))
        let preview = try DocumentPreview.read(path: path, kind: .pdf)
        #expect(
            preview.pdf
                == DocumentPreview.PDF(
                    version: "1.4", pageCount: 3, title: "Quarterly (draft) Report", encrypted: false, pageWidth: 612, pageHeight: 792))
    }

    @Test("PDF variants: compact /Type/Pages, UTF-16 hex title, nested page tree")
    func pdfVariants() {
        let compact = DocumentPreview.read(bytes: F.pdf(pages: 2, typeSpacing: ""), kind: .pdf).pdf
        #expect(compact?.pageCount == 2)
        let hex = DocumentPreview.read(bytes: F.pdf(pages: 1, titleObject: "<FEFF00C9007400E9>"), kind: .pdf).pdf
        #expect(hex?.title == "Été")
        let nested = Array(
            """
            %PDF-1.7
            1 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 5 >> endobj
            2 0 obj << /Type /Pages /Parent 1 0 R /Kids [] /Count 2 >> endobj
            3 0 obj << /Type /Pages /Parent 1 0 R /Kids [] /Count 3 >> endobj
            trailer << /Root 4 0 R >>
            """.utf8)
        let tree = DocumentPreview.read(bytes: nested, kind: .pdf).pdf
        #expect(tree?.pageCount == 5)
        #expect(tree?.title == nil)
    }

    @Test("a PDF whose page tree is compressed has no page count, and an encrypted one no title")
    func pdfUnknowns() {
        let compressed = DocumentPreview.read(
            bytes: Array("%PDF-1.5\n1 0 obj << /Type /ObjStm /N 3 >> stream\nxyz\nendstream endobj".utf8), kind: .pdf)
        #expect(compressed.pdf?.pageCount == nil)
        #expect(compressed.pdf?.version == "1.5")
        let encrypted = DocumentPreview.read(
            bytes: F.pdf(pages: 1) + Array("trailer << /Encrypt 9 0 R >>".utf8), kind: .pdf)
        #expect(encrypted.pdf?.encrypted == true)
        #expect(encrypted.pdf?.title == nil)
        #expect(DocumentPreview.read(bytes: Array("not a pdf".utf8), kind: .pdf).kind == .other)
    }

    // MARK: Archives

    @Test("a stored ZIP lists names and sizes from the central directory")
    func zip() throws {
        var builder = StoredZipBuilder()
        builder.add("docs/", bytes: [])
        builder.add("docs/readme.txt", text: "hello world")
        builder.add("données.csv", bytes: B.zeros(1000))
        builder.comment = "a comment"
        let directory = TemporaryDirectory("preview")
        let path = try directory.write("a.zip", bytes: builder.build())
        let archive = try DocumentPreview.read(path: path, kind: .archive).archive
        #expect(
            archive
                == DocumentPreview.Archive(
                    format: "zip",
                    entries: [
                        .init(name: "docs/", size: 0, compressedSize: 0, isDirectory: true),
                        .init(name: "docs/readme.txt", size: 11, compressedSize: 11, isDirectory: false),
                        .init(name: "données.csv", size: 1000, compressedSize: 1000, isDirectory: false),
                    ],
                    entryCount: 3, truncated: false))
    }

    @Test("ZIP listings are capped")
    func zipCap() {
        var builder = StoredZipBuilder()
        for index in 0..<50 { builder.add("f\(index).txt", text: "\(index)") }
        let archive = DocumentPreview.read(bytes: builder.build(), kind: .archive, limits: .init(maximumEntries: 10))
            .archive
        #expect(archive?.entries.count == 10)
        #expect(archive?.entryCount == 50)
        #expect(archive?.truncated == true)
    }

    @Test("a tar archive is walked, long names included")
    func tar() {
        var builder = TarArchiveBuilder()
        builder.add("dir/", bytes: [], type: "5")
        builder.add("dir/file.txt", text: "hello")
        let long = String(repeating: "deep/", count: 30) + "name.txt"
        builder.add(long, bytes: B.zeros(700))
        let archive = DocumentPreview.read(bytes: builder.build(), kind: .archive).archive
        #expect(archive?.format == "tar")
        #expect(archive?.entries.map(\.name) == ["dir/", "dir/file.txt", long])
        #expect(archive?.entries.map(\.size) == [0, 5, 700])
        #expect(archive?.entries.map(\.isDirectory) == [true, false, false])
        #expect(archive?.entryCount == 3)
        #expect(archive?.truncated == false)
    }

    @Test("compressed streams are named, not listed")
    func compressedStreams() {
        let archive = DocumentPreview.read(bytes: [0x1F, 0x8B, 8, 0] + B.zeros(20), kind: .archive).archive
        #expect(archive?.format == "gzip")
        #expect(archive?.entries.isEmpty == true)
    }

    // MARK: Audio and video

    @Test("a WAV of 1.5 s")
    func wav() throws {
        let directory = TemporaryDirectory("preview")
        let path = try directory.write("a.wav", bytes: F.wav())
        let media = try DocumentPreview.read(path: path, kind: .audiovisual).media
        #expect(media?.container == "wav")
        #expect(media?.durationSeconds == 1.5)
        #expect(media?.sampleRate == 44_100)
        #expect(media?.channels == 2)
        #expect(media?.bitsPerSample == 16)
        #expect(media?.tracks == [.init(kind: "audio", codec: "pcm", sampleRate: 44_100, channels: 2)])
    }

    @Test(
        "an MP4 with mvhd and two tracks, with moov first or after a (64-bit) mdat",
        arguments: [(0, false), (300_000, false), (300_000, true)])
    func mp4(mdatBytes: Int, largeSize: Bool) throws {
        let directory = TemporaryDirectory("preview")
        let path = try directory.write("a.mp4", bytes: F.mp4(mdatBytes: mdatBytes, largeSize: largeSize))
        let preview = try DocumentPreview.read(path: path, kind: .audiovisual)
        let media = preview.media
        #expect(media?.container == "mp4")
        #expect(media?.durationSeconds == 12.345)
        #expect(
            media?.tracks == [
                .init(kind: "video", codec: "avc1", width: 1920, height: 1080),
                .init(kind: "audio", codec: "mp4a", sampleRate: 48_000, channels: 2),
            ])
        #expect(media?.sampleRate == 48_000)
        #expect(preview.bytesRead < 2000, "the mdat payload is skipped, not read")
    }

    @Test("a QuickTime brand is a mov")
    func mov() {
        #expect(DocumentPreview.read(bytes: F.mp4(brand: "qt  "), kind: .audiovisual).media?.container == "mov")
    }

    @Test("FLAC, Ogg Opus, Ogg Vorbis and MP3 with Xing")
    func otherAudio() {
        let flac = DocumentPreview.read(bytes: F.flac(), kind: .audiovisual).media
        #expect(flac?.container == "flac")
        #expect(flac?.durationSeconds == 2.0)
        #expect(flac?.bitsPerSample == 16)
        #expect(flac?.channels == 2)

        let opus = DocumentPreview.read(bytes: F.oggOpus(seconds: 3), kind: .audiovisual).media
        #expect(opus?.tracks.first?.codec == "opus")
        #expect(opus?.durationSeconds == 3.0)
        #expect(opus?.sampleRate == 48_000)

        let vorbis = DocumentPreview.read(bytes: F.oggVorbis(sampleRate: 22_050, seconds: 4), kind: .audiovisual).media
        #expect(vorbis?.tracks.first?.codec == "vorbis")
        #expect(vorbis?.durationSeconds == 4.0)

        let mp3 = DocumentPreview.read(bytes: F.mp3(frames: 100), kind: .audiovisual).media
        #expect(mp3?.container == "mp3")
        #expect(mp3?.sampleRate == 44_100)
        #expect(mp3?.durationSeconds == 100.0 * 1152 / 44_100)
        let noXing = DocumentPreview.read(bytes: F.mp3(frames: nil), kind: .audiovisual)
        #expect(noXing.media?.durationSeconds == nil)
        #expect(noXing.media?.tracks.first?.codec == "mp3")
    }

    // MARK: Other, errors, JSON

    @Test("kind other reads nothing")
    func other() throws {
        let preview = DocumentPreview.read(bytes: B.zeros(100), kind: .other)
        #expect(preview.kind == .other)
        #expect(preview.bytesRead == 0)
        #expect(preview.fileSize == 100)
    }

    @Test("only regular files are previewed")
    func nonRegular() throws {
        let directory = TemporaryDirectory("preview")
        let fifo = directory.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        H.expectError(.notRegularFile) { try DocumentPreview.read(path: fifo, kind: .text) }
        H.expectError(.notRegularFile) { try DocumentPreview.read(path: "/dev/zero", kind: .text) }
        H.expectError(.notFound) { try DocumentPreview.read(path: directory.path("missing"), kind: .text) }
    }

    @Test("the JSON form has stable field names and omits nil fields")
    func json() throws {
        let preview = DocumentPreview.read(bytes: F.png(width: 2, height: 3), kind: .image)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(preview), as: UTF8.self)
        #expect(
            json
                == #"{"bytesRead":45,"fileSize":45,"image":{"bitDepth":8,"colorType":"rgba","format":"png","height":3,"width":2},"kind":"image","notes":[],"requestedKind":"image"}"#
        )
        #expect(try JSONDecoder().decode(DocumentPreview.self, from: Data(json.utf8)) == preview)
    }

    @Test("a kernel pseudo-file, which reports size 0, is previewed by what its reads give")
    func pseudoFilePreview() throws {
        let preview = try DocumentPreview.read(path: "/proc/self/status", kind: .text)
        let text = try #require(preview.text)
        #expect(preview.fileSize > 0 && preview.fileSize == Int64(preview.bytesRead))
        #expect(text.lines.first?.hasPrefix("Name:") == true, "\(text.lines.prefix(2))")
        #expect(text.lineCount > 5)
    }
}
