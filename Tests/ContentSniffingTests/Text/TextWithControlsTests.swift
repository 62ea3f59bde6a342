import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Text that the binary-versus-text rule calls binary for its control characters alone (more
/// than one byte in 64): under a text format's name it is that format; without a name, or
/// under a binary format's name, it stays bytes nothing placed.
@Suite("Text with control characters under a text name")
struct TextWithControlsTests {
    let resolver = TypeResolver()

    /// A Vim keymap: a literal `^V` (0x16) starts the key of every other mapping line.
    static let keymap: [UInt8] = {
        var bytes = Array("\" Vim Keymap file for Croatian characters\nscriptencoding utf-8\nlet b:keymap_name = \"hr\"\nloadkeymap\n".utf8)
        for (index, letter) in "abcdefghijklmnopqrstuvwxyz".utf8.enumerated() {
            bytes += [0x16, letter, 0x09] + Array("<char-\(0x100 + index)>\n".utf8)
            bytes += [letter, 0x09, letter &- 0x20, 0x0A]
        }
        return bytes
    }()

    func resolve(_ bytes: [UInt8], named name: String?) throws -> Resolution {
        let folder = TemporaryDirectory("openwith-text-controls")
        return try resolver.resolve(path: try folder.write(name ?? "sample", bytes: bytes), options: ResolutionOptions(mode: name == nil ? .contentOnly : .nameAndContent))
    }

    @Test("a Vim keymap with a literal ^V on every other line is Vim script by its name")
    func keymapByName() throws {
        let controls = Self.keymap.filter { $0 == 0x16 }.count
        try #require(controls * 64 > Self.keymap.count, "the fixture must break the 1-in-64 rule")
        let vim = try #require(resolver.graph.type(mimeType: "text/x-vim"))
        let named = try resolve(Self.keymap, named: "croatian_utf-8.vim")
        #expect(named.type == vim)
        #expect(named.conflict == nil)
        #expect(named.evidence.contains { $0.source == .textContent && $0.detail.contains("control characters") })
        #expect(try resolve(Self.keymap, named: nil).type.identifier == .data)
    }

    /// One control character (SOH) in four.
    static let dense: [UInt8] = (0..<400).map { index -> UInt8 in index % 4 == 0 ? 0x01 : UInt8(0x61 + index % 26) }
    /// Bytes 1 to 255 spread evenly: no NUL, about a third printable ASCII.
    static let noise: [UInt8] = (0..<400).map { index -> UInt8 in UInt8(1 + (index &* 97 &+ 31) % 255) }
    static let withNUL: [UInt8] = keymap + [0]

    @Test("a binary format's name, too many controls, a NUL or too little ASCII do not make text", arguments: [
        ("keymap.png", keymap), ("dense.vim", dense), ("nul.vim", withNUL), ("noise.vim", noise),
    ] as [(String, [UInt8])])
    func notText(name: String, bytes: [UInt8]) throws {
        let resolution = try resolve(bytes, named: name)
        #expect(!resolution.type.conforms(to: resolver.graph.identity(.plainText)), "\(name): \(resolution.type.identifier)")
        #expect(!resolution.evidence.contains { $0.detail.contains("control characters") }, "\(name)")
    }
}
