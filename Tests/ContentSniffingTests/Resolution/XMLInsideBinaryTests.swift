@testable import ContentSniffing
import Testing
import UniformTypes

/// XML formats found inside binary bytes: libmagic's XML rules search what they read for a
/// doctype or a root element, and shared-mime-info's SVG rule searches the first 256 bytes, so
/// an XML answer — libmagic's or a magic rule's — for bytes that are not text stands only when
/// the bytes open as XML does.
@Suite("XML answers for bytes that are not text")
struct XMLInsideBinaryTests {
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
}
