@testable import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// The check kinds Tika's rules brought (case-insensitive strings, UTF-16LE strings, regexes,
/// minShouldMatch), rules only Tika knows, and rules that read past the 4 KiB prefix.
@Suite("Magic rules: Tika's kinds and deep offsets")
struct MagicRuleKindsTests {
    let magic = MagicRuleSet.freedesktop

    static func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }

    func best(_ bytes: [UInt8]) -> MagicMatch? { bytes.withUnsafeBytes { magic.bestMatch(in: $0) } }

    @Test("stringignorecase compares ASCII letters in either case, and nothing else loosely")
    func caseInsensitive() {
        // user-agent: at 0, any case; with a mask that ignores the third byte.
        let parsed = MagicRuleSet.parse("[50:a/b] x.a\n>stringignorecase 0 =757365722d6167656e743a\n\n[50:c/d] x.c\n>stringignorecase 2 =616263 &ff00ff\n")
        #expect(parsed.problems.isEmpty)
        let set = parsed.set
        for (text, expected) in [("User-Agent: *", true), ("USER-AGENT:", true), ("user-agent:", true), ("user_agent:", false), ("user-agen", false)] {
            #expect(Array(text.utf8).withUnsafeBytes { set.matches("x.a", in: $0) } == expected, "\(text)")
        }
        #expect(Array("..AzC".utf8).withUnsafeBytes { set.matches("x.c", in: $0) })
        #expect(!Array("..AzD".utf8).withUnsafeBytes { set.matches("x.c", in: $0) })
        // 0xC1 is not 'A' in another case.
        #expect(![UInt8]([0x2E, 0x2E, 0xC1, 0x62, 0x63]).withUnsafeBytes { set.matches("x.c", in: $0) })
    }

    @Test("least N: at least N of the nested matches (Tika's robots.txt rule)")
    func leastOf() {
        let robots: TypeIdentifier = "org.apache.tika.mime.text.x-robots"
        let full = Array("User-agent: *\nDisallow: /private/\n".utf8)
        #expect(best(full)?.identifier == robots)
        // One header line alone is not enough.
        #expect(!Array("User-agent: *\n".utf8).withUnsafeBytes { magic.matches(robots, in: $0) })
        let parsed = MagicRuleSet.parse("[50:a/b] x.a\n>least 2\n>>string 0 =41\n>>string 1 =42\n>>string 2 =43\n")
        #expect(parsed.problems.isEmpty)
        for (text, expected) in [("ABC", true), ("AB.", true), ("A.C", true), (".BC", true), ("A..", false), ("...", false)] {
            #expect(Array(text.utf8).withUnsafeBytes { parsed.set.matches("x.a", in: $0) } == expected, "\(text)")
        }
    }

    @Test("unicodeLE: a Windows Media Audio stream names itself in UTF-16LE somewhere in its header")
    func unicodeLE() {
        let wma: TypeIdentifier = "com.microsoft.windows-media-wma"
        let header = ByteFixtures.zeros(16) + ByteFixtures.le32(300) + ByteFixtures.zeros(280)
        #expect(best(header + Self.utf16LE("Windows Media Audio") + ByteFixtures.zeros(20))?.identifier == wma)
        // In an ASF container (its GUID first) the stream is still a WMA one, though the
        // container's own rule ranks first.
        let asf = ByteFixtures.be32(0x3026_B275) + header + Self.utf16LE("Windows Media Audio")
        #expect(asf.withUnsafeBytes { magic.matches(wma, in: $0) })
        // The same words in ASCII are not UTF-16LE.
        #expect(!(header + Array("Windows Media Audio".utf8)).withUnsafeBytes { magic.matches(wma, in: $0) })
    }

    @Test("regex rules: Graphviz behind a comment, found only by Tika's patterns")
    func regexRules() {
        let graphviz: TypeIdentifier = "org.freedesktop.mime.text.vnd.graphviz"
        for text in ["/* a graph of the build */\n  digraph build {\n a -> b\n}\n", "// generated\n// twice\nstrict graph g {}\n", "  \n digraph{}"] {
            #expect(best(Array(text.utf8))?.identifier == graphviz, "\(text.debugDescription)")
        }
        #expect(!Array("// generated\ngraphics\n".utf8).withUnsafeBytes { magic.matches(graphviz, in: $0) })
        #expect(!Array("/* unclosed digraph".utf8).withUnsafeBytes { magic.matches(graphviz, in: $0) })
    }

    @Test("formats only Tika's magic knows are recognised")
    func tikaOnlyFormats() {
        let matlab = Array("MATLAB 5.0 MAT-file, Platform: GLNXA64, Created on: Mon Jan  1 00:00:00 2024".utf8) + ByteFixtures.zeros(40)
        #expect(best(matlab)?.identifier == "org.apache.tika.mime.application.x-matlab-data")
        // It comes from Tika alone: shared-mime-info has no rule for it.
        let table = MagicRuleDataTests.tableText
        #expect(table.contains("[50:application/x-matlab-data] org.apache.tika.mime.application.x-matlab-data tika\n"))
    }

    /// An ISO 9660 image: an empty system area, then a primary volume descriptor at 32768
    /// (type 1, "CD001", version 1).
    static func isoImage(size: Int = 64 * 1024) -> [UInt8] {
        var image = [UInt8](repeating: 0, count: size)
        image.replaceSubrange(32768..<32775, with: [0x01] + Array("CD001".utf8) + [0x01])
        return image
    }

    @Test("ISO 9660's CD001 at 32769: missed on the 4 KiB prefix, found in one deep window")
    func deepOffset() throws {
        let image = Self.isoImage()
        let prefix = Array(image[..<4096])
        let shallow = prefix.withUnsafeBytes { magic.bestRank(near: $0) }
        #expect(shallow.map(magic.match(ranked:))?.mimeType != "application/x-iso9660-image")
        let window = try #require(magic.deepWindow(beyond: 4096, outranking: shallow, limit: SniffingLimits.maxMagicReadOffset))
        #expect(window.contains(32769) && window.upperBound >= 32774 && window.upperBound <= SniffingLimits.maxMagicReadOffset)
        let far = Array(image[window])
        let rank = prefix.withUnsafeBytes { near in far.withUnsafeBytes { magic.bestRank(near: near, far: $0, farStart: window.lowerBound) } }
        #expect(rank.map(magic.match(ranked:))?.identifier == "org.freedesktop.mime.application.x-cd-image")
        // The whole image in one buffer gives the same answer.
        #expect(best(image)?.identifier == "org.freedesktop.mime.application.x-cd-image")
    }

    @Test("the resolver reads the deep window only, once, and only when a deep rule could still decide")
    func boundedDeepRead() throws {
        let resolver = TypeResolver(loadsLibmagicOnDemand: false)
        let image = Self.isoImage(size: 1024 * 1024)
        let source = CountingByteSource(image)
        let match = image[..<4096].withUnsafeBytes { resolver.bestMagicMatch(magic, prefix: $0, deepSource: source) }
        #expect(match?.identifier == "org.freedesktop.mime.application.x-cd-image")
        #expect(source.bytesRead > 0 && source.bytesRead <= SniffingLimits.maxMagicReadOffset - 4096)
        // A file no longer than the prefix is not read again.
        let short = CountingByteSource(Array(image[..<4096]))
        _ = image[..<4096].withUnsafeBytes { resolver.bestMagicMatch(magic, prefix: $0, deepSource: short) }
        #expect(short.calls == 0)
        // A prefix that a rule above every deep rule already decides is not read further.
        let topRank = Int32(0)
        #expect(magic.deepWindow(beyond: 4096, outranking: topRank, limit: SniffingLimits.maxMagicReadOffset) == nil)
    }

    @Test("a strong signature answer is refined from the prefix alone: no second read")
    func noDeepReadForStrongContent() throws {
        let resolver = TypeResolver(loadsLibmagicOnDemand: false)
        let image = Self.isoImage(size: 256 * 1024)
        let source = CountingByteSource(image)
        let png = try #require(resolver.graph[TypeIdentifier("public.png")])
        var content: TypeResolver.ContentAnswer? = .init(type: png, strength: .strong)
        var evidence: [ResolutionEvidence] = []
        image[..<4096].withUnsafeBytes { prefix in
            resolver.applyMagicRules(&content, claim: nil, prefix: prefix, deepSource: source, evidence: &evidence)
        }
        #expect(source.calls == 0)
        #expect(content?.type == png)
        // Without a strong answer the same file is read once more, and found.
        var open: TypeResolver.ContentAnswer?
        image[..<4096].withUnsafeBytes { prefix in
            resolver.applyMagicRules(&open, claim: nil, prefix: prefix, deepSource: source, evidence: &evidence)
        }
        #expect(source.calls >= 1)
        #expect(open?.type.identifier == "org.freedesktop.mime.application.x-cd-image")
    }

    @Test("checks beyond the read bound never match, and never read")
    func beyondTheBound() {
        let parsed = MagicRuleSet.parse("[90:a/b] x.far\n>string 91392 =41\n")
        #expect(parsed.problems.isEmpty)
        #expect(parsed.set.deepWindow(beyond: 4096, outranking: nil, limit: SniffingLimits.maxMagicReadOffset) == nil)
    }
}
