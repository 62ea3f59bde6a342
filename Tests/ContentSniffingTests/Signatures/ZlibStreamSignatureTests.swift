import ContentSniffing
import OpenWithTestSupport
import Testing

/// A zlib stream on its own (a Git loose object, a `.zz` file) is placed by its header and by
/// DEFLATE data that inflates, without libmagic; a valid header over data that does not
/// inflate, a stream that needs a preset dictionary, and text that opens with the header's
/// two bytes (`x^`) are not zlib.
@Suite("zlib streams: Git loose objects by their header and data that inflates")
struct ZlibStreamSignatureTests {
    let sniffer = SignatureSniffer()
    let resolver = TypeResolver()
    static let zlib = "org.freedesktop.mime.application.zlib"

    func match(_ bytes: [UInt8]) -> SignatureMatch? {
        bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }
    }

    /// A Git object as Git stores it loose: `kind size\0` and the content, deflated.
    static func gitObject(_ kind: String, _ content: [UInt8], stored: Bool = false) -> [UInt8] {
        let raw = Array("\(kind) \(content.count)\u{0}".utf8) + content
        return stored ? PDFBuilder.zlibStored(raw) : PDFBuilder.zlibFixedHuffman(raw)
    }

    @Test("Git's loose objects are zlib, and the evidence names the object's kind")
    func gitObjects() throws {
        let script = Array("#!/bin/sh\nexec openwith \"$@\"\n".utf8)
        let blob = try #require(match(Self.gitObject("blob", script)))
        #expect(blob.identifier.rawValue == Self.zlib)
        #expect(blob.strength == .strong)
        #expect(blob.detail.contains("Git blob object"))
        let commit = Array("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor Ann <ann@example.org> 1700000000 +0000\n\nFirst\n".utf8)
        #expect(match(Self.gitObject("commit", commit, stored: true))?.detail.contains("Git commit object") == true)
        // A tree's entries are binary: mode, name, NUL, then a 20-byte object id.
        let tree = Array("100644 README\u{0}".utf8) + ByteFixtures.pseudoRandom(count: 20, seed: 3)
        #expect(match(Self.gitObject("tree", tree))?.detail.contains("Git tree object") == true)
        // Not a Git object: still zlib, said plainly.
        let other = try #require(match(PDFBuilder.zlibStored(ByteFixtures.pseudoRandom(count: 300, seed: 8))))
        #expect(other.identifier.rawValue == Self.zlib)
        #expect(!other.detail.contains("Git"))
    }

    @Test("a loose object resolves without libmagic, named or not")
    func resolvesWithoutLibmagic() {
        let object = Self.gitObject("blob", Array("hello, world\n".utf8))
        for name in [nil, "a1a424acd045834e8cd570b80aba5406df975e", "data.zz"] as [String?] {
            let resolution = resolver.resolve(bytes: object, name: name)
            #expect(resolution.type.identifier.rawValue == Self.zlib, "name \(name ?? "none")")
            #expect(!resolution.evidence.contains { $0.source == .libmagic }, "name \(name ?? "none")")
        }
    }

    @Test("a zlib header is not enough: data that does not inflate, a preset dictionary, an empty stream, text")
    func refusals() {
        // BFINAL set and block type 3, which DEFLATE reserves.
        #expect(match([0x78, 0x9C, 0xFF, 0xFF] + ByteFixtures.pseudoRandom(count: 60, seed: 1))?.identifier.rawValue != Self.zlib)
        // FDICT: the data refers to a dictionary the file does not hold.
        #expect(match([0x78, 0xBB, 0x12, 0x34, 0x56, 0x78] + PDFBuilder.zlibStored(Array(repeating: 0x80, count: 100)))?.identifier.rawValue != Self.zlib)
        // A method other than DEFLATE, and a window over 32 KiB (0x88 0x1C is a multiple of 31).
        #expect(match([0x79, 0x9C] + Array(PDFBuilder.zlibStored(Array(repeating: 0x80, count: 100)).dropFirst(2)))?.identifier.rawValue != Self.zlib)
        #expect(match([0x88, 0x1C] + Array(PDFBuilder.zlibStored(Array(repeating: 0x80, count: 100)).dropFirst(2)))?.identifier.rawValue != Self.zlib)
        // The empty stream: a valid header and a final empty block, nothing to go on.
        #expect(match([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])?.identifier.rawValue != Self.zlib)
        // `x^` opens a valid zlib header; this is text.
        let text = match(Array("x^2 + y^2 = r^2 describes a circle of radius r about the origin.\n".utf8))
        #expect(text?.identifier.rawValue == "public.plain-text")
    }

    @Test("a stored stream cut short after its first block still counts when enough of it inflates")
    func longStoredStream() {
        let object = Self.gitObject("blob", ByteFixtures.pseudoRandom(count: 70_000, seed: 5), stored: true)
        #expect(match(Array(object.prefix(4096)))?.identifier.rawValue == Self.zlib)
    }
}
