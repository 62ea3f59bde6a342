import Foundation
import Glibc
import OpenInBroker
import OpenWithTestSupport
import Testing

private typealias F = PreviewFixtures
private typealias B = ByteFixtures

/// Hostile and damaged inputs: every preview must finish, stay within the byte budget, and not trap.
@Suite("DocumentPreview hostile input")
struct DocumentPreviewHostileTests {
    struct HostileCase: Sendable, CustomTestStringConvertible {
        var label: String
        var kind: PreviewKind
        var bytes: [UInt8]
        var testDescription: String { label }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static let cases: [HostileCase] = [
        HostileCase(
            label: "png huge IHDR length", kind: .image, bytes: F.png(width: 1, height: 1, ihdrLength: 0x7FFF_FFFF)),
        HostileCase(label: "png truncated", kind: .image, bytes: pngSignature + [0, 0]),
        HostileCase(label: "jpeg segment length 0", kind: .image, bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00]),
        HostileCase(label: "jpeg segment length 1", kind: .image, bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF]),
        HostileCase(
            label: "jpeg endless fill bytes", kind: .image,
            bytes: [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 100_000)),
        HostileCase(
            label: "jpeg many tiny segments", kind: .image,
            bytes: [0xFF, 0xD8] + Array(repeating: [0xFF, 0xE2, 0x00, 0x02] as [UInt8], count: 50_000).flatMap { $0 }),
        HostileCase(label: "jpeg frame header cut", kind: .image, bytes: [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08]),
        HostileCase(
            label: "tiff IFD beyond the end", kind: .image, bytes: B.ascii("II") + [0x2A, 0] + B.le32(0x7FFF_FFF0)),
        HostileCase(
            label: "tiff 65535 entries", kind: .image,
            bytes: B.ascii("II") + [0x2A, 0] + B.le32(8) + B.le16(0xFFFF) + B.zeros(30)),
        HostileCase(
            label: "tiff BitsPerSample offset beyond the end", kind: .image,
            bytes: B.ascii("MM") + [0, 0x2A] + B.be32(8) + B.be16(1) + B.be16(258) + B.be16(3) + B.be32(3)
                + B.be32(0x7FFF_FFFF)),
        HostileCase(
            label: "bmp Int32.min width", kind: .image,
            bytes: B.ascii("BM") + B.zeros(12) + B.le32(40) + B.le32(Int(Int32.min)) + B.le32(Int(Int32.min))
                + B.zeros(30)),
        HostileCase(label: "webp cut", kind: .image, bytes: B.ascii("RIFF") + B.le32(100) + B.ascii("WEBPVP8 ")),
        HostileCase(label: "gif cut", kind: .image, bytes: B.ascii("GIF89a") + [1]),
        HostileCase(
            label: "mp4 box size 0 at top", kind: .audiovisual,
            bytes: B.be32(0) + B.ascii("ftyp") + B.ascii("isom") + B.zeros(100)),
        HostileCase(
            label: "mp4 64-bit size smaller than header", kind: .audiovisual,
            bytes: B.be32(1) + B.ascii("ftyp") + B.be64(8) + B.zeros(100)),
        HostileCase(
            label: "mp4 64-bit size huge", kind: .audiovisual,
            bytes: F.box("ftyp", B.ascii("isom")) + B.be32(1) + B.ascii("mdat") + B.be64(UInt64.max) + B.zeros(100)),
        HostileCase(
            label: "mp4 box size 3", kind: .audiovisual,
            bytes: F.box("ftyp", B.ascii("isom")) + B.be32(3) + B.ascii("moov") + B.zeros(50)),
        HostileCase(
            label: "mp4 moov claiming more than the file", kind: .audiovisual,
            bytes: F.box("ftyp", B.ascii("isom")) + B.be32(0x7FFF_FFFF) + B.ascii("moov")
                + F.mvhd(timescale: 1, duration: 1)),
        HostileCase(
            label: "mp4 zero-size children inside moov", kind: .audiovisual,
            bytes: F.box("ftyp", B.ascii("isom"))
                + F.box("moov", B.be32(0) + B.ascii("trak") + B.be32(0) + B.ascii("mdia"))),
        HostileCase(
            label: "mp4 timescale 0", kind: .audiovisual,
            bytes: F.box("ftyp", B.ascii("isom")) + F.box("moov", F.mvhd(timescale: 0, duration: 5))),
        HostileCase(
            label: "mp4 many empty free boxes", kind: .audiovisual,
            bytes: F.box("ftyp", B.ascii("isom")) + Array(repeating: F.box("free", []), count: 20_000).flatMap { $0 }),
        HostileCase(
            label: "wav data size 0xFFFFFFFF", kind: .audiovisual,
            bytes: Array(F.wav(seconds: 0.01).prefix(48)) + B.ascii("data") + B.le32(0xFFFF_FFFF) + B.zeros(10)),
        HostileCase(
            label: "wav fmt size huge", kind: .audiovisual,
            bytes: B.ascii("RIFF") + B.le32(100) + B.ascii("WAVEfmt ") + B.le32(0xFFFF_FFFF) + B.zeros(20)),
        HostileCase(
            label: "wav many empty chunks", kind: .audiovisual,
            bytes: B.ascii("RIFF") + B.le32(0) + B.ascii("WAVE")
                + Array(repeating: B.ascii("junk") + B.le32(0), count: 20_000).flatMap { $0 }),
        HostileCase(label: "flac cut", kind: .audiovisual, bytes: B.ascii("fLaC") + [0x80, 0, 0]),
        HostileCase(label: "ogg cut", kind: .audiovisual, bytes: B.ascii("OggS") + [0, 2]),
        HostileCase(
            label: "id3 tag larger than the file", kind: .audiovisual,
            bytes: B.ascii("ID3") + [3, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F]),
        HostileCase(
            label: "zip EOCD claiming 65535 entries beyond the file", kind: .archive,
            bytes: [0x50, 0x4B, 0x03, 0x04] + B.zeros(26) + [0x50, 0x4B, 0x05, 0x06] + B.zeros(4) + B.le16(0xFFFF)
                + B.le16(0xFFFF) + B.le32(0x7FFF_FFFF) + B.le32(0x7FFF_0000) + B.le16(0)),
        HostileCase(
            label: "zip EOCD with a damaged directory", kind: .archive,
            bytes: [0x50, 0x4B, 0x03, 0x04] + B.zeros(40) + [0x50, 0x4B, 0x05, 0x06] + B.zeros(4) + B.le16(3)
                + B.le16(3) + B.le32(40) + B.le32(0) + B.le16(0)),
        HostileCase(
            label: "zip64 locator pointing nowhere", kind: .archive,
            bytes: [0x50, 0x4B, 0x03, 0x04] + B.zeros(10) + [0x50, 0x4B, 0x06, 0x07] + B.zeros(4) + B.le64(UInt64.max)
                + B.zeros(4) + [0x50, 0x4B, 0x05, 0x06] + B.zeros(4) + B.le16(0xFFFF) + B.le16(0xFFFF)
                + B.le32(0xFFFF_FFFF) + B.le32(0xFFFF_FFFF) + B.le16(0)),
        HostileCase(label: "zip without EOCD", kind: .archive, bytes: [0x50, 0x4B, 0x03, 0x04] + B.zeros(100)),
        HostileCase(
            label: "tar entry with a huge size", kind: .archive,
            bytes: TarArchiveBuilder.header(name: "x", size: 0o77777777777, type: "0") + B.zeros(512)),
        HostileCase(
            label: "pdf with unbalanced dictionaries", kind: .pdf,
            bytes: Array("%PDF-1.7\n".utf8)
                + Array(repeating: Array("<< /Type /Pages /Count 9 ".utf8), count: 5000).flatMap { $0 }),
        HostileCase(
            label: "pdf with an unterminated title", kind: .pdf,
            bytes: Array("%PDF-1.7\n1 0 obj << /Title (abc\\".utf8) + Array("trailer << /Info 1 0 R >>".utf8)),
        HostileCase(
            label: "pdf Count overflow", kind: .pdf,
            bytes: Array("%PDF-1.7\n<< /Type /Pages /Count 99999999999999999999 >>".utf8)),
        HostileCase(label: "text of invalid UTF-8", kind: .text, bytes: [0xC3, 0x28, 0xA0, 0xA1, 0xE2, 0x28, 0xA1]),
        HostileCase(label: "text lone UTF-16 mark", kind: .text, bytes: [0xFF, 0xFE, 0x00]),
        HostileCase(label: "empty image", kind: .image, bytes: []),
        HostileCase(label: "empty pdf", kind: .pdf, bytes: []),
        HostileCase(label: "empty archive", kind: .archive, bytes: []),
        HostileCase(label: "empty media", kind: .audiovisual, bytes: []),
        HostileCase(label: "empty text", kind: .text, bytes: []),
    ]

    @Test("damaged input finishes within the budget", arguments: cases)
    func hostile(_ fixture: HostileCase) {
        let limits = DocumentPreview.Limits()
        let preview = DocumentPreview.read(bytes: fixture.bytes, kind: fixture.kind, limits: limits)
        #expect(preview.bytesRead <= limits.maximumBytes)
        #expect(preview.fileSize == Int64(fixture.bytes.count))
    }

    @Test("declared sizes never make the reader trust data it does not have")
    func clampedClaims() {
        let wav = DocumentPreview.read(
            bytes: Array(F.wav(seconds: 0.01).prefix(48)) + B.ascii("data") + B.le32(0xFFFF_FFFF) + B.zeros(176_400),
            kind: .audiovisual)
        #expect(wav.media?.durationSeconds == 1.0)
        let zip = DocumentPreview.read(
            bytes: [0x50, 0x4B, 0x03, 0x04] + B.zeros(40) + [0x50, 0x4B, 0x05, 0x06] + B.zeros(4) + B.le16(3)
                + B.le16(3) + B.le32(40) + B.le32(0) + B.le16(0), kind: .archive)
        #expect(zip.archive?.truncated == true)
        #expect(zip.archive?.entries.isEmpty == true)
        let pdf = DocumentPreview.read(
            bytes: Array("%PDF-1.7\n<< /Type /Pages /Count 99999999999999999999 >>".utf8), kind: .pdf)
        #expect(pdf.pdf?.pageCount == nil)
    }

    @Test("pseudo-random bytes behind each format's magic never trap", arguments: PreviewKind.allCases)
    func fuzz(kind: PreviewKind) {
        let magics: [[UInt8]] = [
            [], Self.pngSignature, [0xFF, 0xD8, 0xFF], B.ascii("GIF89a"), B.ascii("BM"),
            B.ascii("RIFF") + B.zeros(4) + B.ascii("WEBPVP8X"),
            B.ascii("II*\u{0}"), B.ascii("MM\u{0}*"), B.ascii("%PDF-1.7 "), [0x50, 0x4B, 0x03, 0x04],
            B.ascii("RIFF") + B.zeros(4) + B.ascii("WAVE"),
            B.zeros(4) + B.ascii("ftyp"), B.ascii("fLaC"), B.ascii("OggS"), B.ascii("ID3"), [0xFF, 0xFB],
        ]
        var generator = SplitMix64(seed: UInt64(kind.rawValue.utf8.count))
        for round in 0..<300 {
            let magic = magics[round % magics.count]
            let count = Int(generator.next() % 3000)
            let bytes = magic + B.pseudoRandom(count: count, seed: generator.next())
            let preview = DocumentPreview.read(bytes: bytes, kind: kind)
            #expect(preview.bytesRead <= 1 << 20)
        }
    }

    @Test("a large sparse file is previewed with at most 1 MiB read, for every kind", arguments: PreviewKind.allCases)
    func largeFile(kind: PreviewKind) throws {
        let directory = TemporaryDirectory("preview-big")
        let headers: [PreviewKind: [UInt8]] = [
            .text: Array("first line\n".utf8), .image: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF],
            .pdf: Array("%PDF-1.7\n".utf8), .archive: [0x50, 0x4B, 0x03, 0x04],
            .audiovisual: F.box("ftyp", B.ascii("isom")) + B.be32(0) + B.ascii("mdat"),
        ]
        let path = try directory.write("big", bytes: headers[kind] ?? [])
        #expect(truncate(path, 64 << 20) == 0)
        let preview = try DocumentPreview.read(path: path, kind: kind)
        #expect(preview.fileSize == 64 << 20)
        #expect(preview.bytesRead <= 1 << 20)
    }
}
