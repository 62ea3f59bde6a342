import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A magic rule looser than the built-in check of a format with a definite signature does not
/// name that format when the check refused the bytes: ICO's rule is four bytes, `00 00 01 00`,
/// which also open a Mac resource fork (a `.dfont` suitcase), whose header then gives a data
/// length, not an icon count.
@Suite("Loose magic rules of formats the signatures check")
struct LooseRuleRefutationTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// A resource fork's header: data at 256, the map after the data, their lengths; then data.
    static let resourceFork = ByteFixtures.be32(256) + ByteFixtures.be32(0x68A) + ByteFixtures.be32(0x58A)
        + ByteFixtures.be32(0x46) + ByteFixtures.zeros(240) + ByteFixtures.pseudoRandom(count: 1600, seed: 7)

    @Test("a resource-fork font named .dfont is not a Windows icon")
    func dataForkSuitcase() throws {
        let icon = try #require(resolver.graph.type(mimeType: "image/vnd.microsoft.icon"))
        let named = resolver.resolve(bytes: Self.resourceFork, name: "Font.dfont")
        #expect(named.type != icon)
        #expect(named.type == resolver.graph.match(filename: "Font.dfont").type)
        #expect(!named.evidence.contains { $0.identifier == icon.identifier })
        #expect(resolver.resolve(bytes: Self.resourceFork, name: nil).type != icon)
    }

    @Test("a real icon directory is still an icon, under its name, under another and under none")
    func realIcon() throws {
        let icon = try #require(resolver.graph.type(mimeType: "image/vnd.microsoft.icon"))
        // One 16×16 image of 32 bits, 1128 bytes at offset 22.
        let bytes = ByteFixtures.le16(0) + ByteFixtures.le16(1) + ByteFixtures.le16(1) + [16, 16, 0, 0]
            + ByteFixtures.le16(1) + ByteFixtures.le16(32) + ByteFixtures.le32(1128) + ByteFixtures.le32(22)
            + ByteFixtures.le32(40) + ByteFixtures.pseudoRandom(count: 1124, seed: 3)
        for name in ["favicon.ico", "Font.dfont", nil] {
            #expect(resolver.resolve(bytes: bytes, name: name).type == icon, "\(name ?? "no name")")
        }
    }
}
