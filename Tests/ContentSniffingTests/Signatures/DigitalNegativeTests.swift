import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A DNG file is a TIFF file whose first image file directory holds the `DNGVersion` tag: the
/// content says DNG without a name, and a DNG named `.tif` is a DNG (DNG is a kind of TIFF).
@Suite("DNG by the DNGVersion tag")
struct DigitalNegativeTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// A little-endian TIFF file: `gap` bytes of strip data after the header, then IFD 0 with one
    /// SHORT entry per tag.
    static func tiff(tags: [Int], gap: Int = 0) -> [UInt8] {
        let entries = tags.flatMap { ByteFixtures.le16($0) + ByteFixtures.le16(3) + ByteFixtures.le32(1) + ByteFixtures.le16(1) + ByteFixtures.le16(0) }
        return Array("II*\0".utf8) + ByteFixtures.le32(8 + gap) + ByteFixtures.pseudoRandom(count: gap, seed: 5)
            + ByteFixtures.le16(tags.count) + entries + ByteFixtures.le32(0)
    }

    func type(_ mime: String) throws -> UniformType { try #require(resolver.graph.type(mimeType: mime)) }

    @Test("DNGVersion in IFD 0: DNG, without a name and under a TIFF name")
    func dng() throws {
        let bytes = Self.tiff(tags: [0x0100, 0x0101, 0x0111, 0xC612, 0xC614])
        #expect(resolver.resolve(bytes: bytes, name: nil).type == (try type("image/x-adobe-dng")))
        let named = resolver.resolve(bytes: bytes, name: "scan.tif")
        #expect(named.type == (try type("image/x-adobe-dng")))
        #expect(named.conflict == nil)
    }

    @Test("an IFD 0 past the prefix is read from the file")
    func farDirectory() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("negative", bytes: Self.tiff(tags: [0x0100, 0xC612], gap: 10_000))
        #expect(try resolver.resolve(path: path).type == (try type("image/x-adobe-dng")))
    }

    @Test("without the tag, or with the tags out of order past it, plain TIFF; a plain TIFF named .dng keeps its name",
          arguments: [[0x0100, 0x0101], [0xC614, 0xC612], [Int]()])
    func plainTIFF(tags: [Int]) throws {
        let bytes = Self.tiff(tags: tags)
        #expect(resolver.resolve(bytes: bytes, name: nil).type == (try type("image/tiff")))
        #expect(resolver.resolve(bytes: bytes, name: "raw.dng").type == (try type("image/x-adobe-dng")))
    }

    @Test("a directory cut short or with a huge entry count ends the walk, never the bytes")
    func truncated() throws {
        let full = Self.tiff(tags: [0x0100, 0xC612])
        let tiff = try type("image/tiff"), dng = try type("image/x-adobe-dng")
        for length in 8..<full.count {
            let answer = resolver.resolve(bytes: Array(full.prefix(length)), name: nil).type
            #expect(answer == tiff || answer == dng, "\(length)")
        }
        var huge = full
        huge[8] = 0xFF
        huge[9] = 0xFF
        #expect(resolver.resolve(bytes: huge, name: nil).type == (try type("image/x-adobe-dng")))
    }
}
