@testable import ContentSniffing
import Testing
import UniformTypes

/// Text formats found inside binary bytes: libmagic's XML rules search what they read for a
/// doctype or a root element, and shared-mime-info's SVG rule searches the first 256 bytes, so
/// an XML answer — libmagic's or a magic rule's — for bytes that are not text stands only when
/// the bytes open as XML does; another text format's rule, only when they open as text does.
@Suite("Text-format answers for bytes that are not text")
struct TextFormatsInsideBinaryTests {
    let resolver = TypeResolver()

    /// shared-mime-info's compiled magic (`/usr/share/mime/magic`) lists SVG's doctype among its
    /// rules: a binary file with `<!DOCTYPE svg` inside, at `offset` (libmagic, and `file`, call
    /// the whole file SVG).
    static func compiledMagic(doctypeAt offset: Int) -> [UInt8] {
        var bytes = Array("MIME-Magic\0\n".utf8)
        var rule = 0
        while bytes.count < offset - 20 {
            bytes += Array("[50:application/x-test\(rule)]\n>0=\0\u{4}TST\(rule % 10)\n".utf8)
            rule += 1
        }
        return bytes + Array("[80:image/svg+xml]\n>0=\0\r<!DOCTYPE svg\n".utf8)
    }

    @Test("binary bytes with an XML doctype inside are not an XML format: not by libmagic, not by a magic rule", arguments: [
        (760, true), (30, false),
    ])
    func doctypeInsideBinary(offset: Int, libmagicDecides: Bool) throws {
        let bytes = Self.compiledMagic(doctypeAt: offset)
        let svg = try #require(resolver.graph.type(mimeType: "image/svg+xml"))
        if libmagicDecides {
            let magic = try #require(resolver.libmagic)
            let libmagicSays = bytes.withUnsafeBytes { magic.mimeType(of: $0) }
            try #require(libmagicSays == "image/svg+xml", "libmagic's own answer, which the resolver weighs")
        }
        let resolution = resolver.resolve(bytes: bytes, name: nil)
        #expect(!resolution.type.conforms(to: svg), "\(resolution.type.identifier)")
        #expect(resolution.type == resolver.graph.identity(.data))
    }

    @Test("text that opens as SVG is still SVG, by content alone")
    func svgText() throws {
        let text = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x\">\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8)
        #expect(resolver.resolve(bytes: text, name: nil).type == (try #require(resolver.graph.type(mimeType: "image/svg+xml"))))
    }

    @Test("bytes open as XML after a byte order mark, blank space or the NULs of UTF-16 and UTF-32", arguments: [
        ([0x3C, 0x3F], true), ([0xEF, 0xBB, 0xBF, 0x3C], true), ([0xFF, 0xFE, 0x3C, 0x00], true), ([0x00, 0x3C, 0x00, 0x3F], true),
        ([0x00, 0x00, 0x00, 0x3C], true), ([0x0A, 0x20, 0x09, 0x3C], true),
        ([0x4D, 0x49, 0x4D, 0x45, 0x00, 0x3C], false), ([0x00, 0x01, 0x3C], false), ([], false), ([0x20, 0x20], false),
    ] as [([UInt8], Bool)])
    func opensAsXML(bytes: [UInt8], opens: Bool) {
        #expect(bytes.withUnsafeBytes { TypeResolver.opensAsXML($0) } == opens, "\(bytes)")
    }

    /// A git loose object: zlib data (`x\u{01}`, then deflate's bytes), in which MicroDVD's
    /// `}{` or MPL2's `][` — each searched for in the first 6 bytes by shared-mime-info — stand
    /// at offset 3, as they did in two objects of real repositories.
    static func zlibData(then pair: String) -> [UInt8] {
        var bytes: [UInt8] = [0x78, 0x01, 0xED] + Array(pair.utf8) + [0x73, 0x1B, 0x47, 0x92, 0xE7, 0xFD, 0xAD, 0x4F, 0x51]
        var state: UInt32 = 0x9E37_79B9
        for _ in 0..<500 {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        return bytes
    }

    @Test("binary bytes with a subtitle format's pair of brackets near the start are no subtitles", arguments: [
        ("}{", "text/x-microdvd"), ("][", "text/x-mpl2"),
    ])
    func subtitlesInsideBinary(pair: String, mimeType: String) throws {
        let bytes = Self.zlibData(then: pair)
        let subtitles = try #require(resolver.graph.type(mimeType: mimeType))
        try #require(
            bytes.withUnsafeBytes { MagicRuleSet.freedesktop.matches(subtitles.identifier, in: $0) },
            "the magic rule of \(mimeType) matches these bytes")
        let resolution = resolver.resolve(bytes: bytes, name: nil)
        #expect(!resolver.isTextual(resolution.type), "\(resolution.type.identifier)")
        #expect(!resolution.evidence.contains { $0.identifier == subtitles.identifier })
    }

    @Test("a subtitle file cut off by NULs still opens as its format", arguments: [
        ("{1}{25}Hello", "text/x-microdvd"), ("[1][25]Hello", "text/x-mpl2"),
    ])
    func subtitlesBeforeNULs(opening: String, mimeType: String) throws {
        let bytes = Array(opening.utf8) + [UInt8](repeating: 0, count: 200)
        let resolution = resolver.resolve(bytes: bytes, name: nil)
        #expect(resolution.type == (try #require(resolver.graph.type(mimeType: mimeType))))
    }

    @Test("bytes open as text when their first four bytes are printable ASCII or tabs", arguments: [
        (Array("WEBVTT".utf8) + [0, 0], true), (Array("{1}{2}x".utf8), true), (Array("abcd".utf8) + [0xC3, 0xA9, 0x01], true),
        (Array("\tab\t".utf8), true), ([0x78, 0x01, 0xED, 0x7D, 0x7B], false), (Array("PK".utf8) + [3, 4], false),
        (Array("abc".utf8) + [0], false), (Array("abc".utf8), false), ([], false),
    ] as [([UInt8], Bool)])
    func opensAsText(bytes: [UInt8], opens: Bool) {
        #expect(bytes.withUnsafeBytes { TypeResolver.opensAsText($0) } == opens, "\(bytes)")
    }
}
