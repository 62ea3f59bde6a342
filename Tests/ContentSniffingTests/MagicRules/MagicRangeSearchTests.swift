@testable import ContentSniffing
import Testing

/// A check over a range of offsets, in text, looks for the pattern's least common byte and
/// compares the pattern around it: the same matches as trying every offset, found at fewer
/// places. These rules are written here; the word placed through a range is checked against an
/// offset-by-offset search.
@Suite("Magic rules: range searches through text")
struct MagicRangeSearchTests {
    /// The pattern's bytes as the rules' text writes them, two hex digits each.
    static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: text.utf8.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// A rule set of one rule, `x.a`: `kind` of `pattern` at `0:end`.
    static func rule(_ kind: String, _ pattern: String, end: Int) throws -> MagicRuleSet {
        let parsed = MagicRuleSet.parse("[50:a/b] x.a\n>\(kind) 0:\(end) =\(hex(pattern))\n")
        try #require(parsed.problems.isEmpty, "\(parsed.problems)")
        return parsed.set
    }

    /// Whether `pattern` occurs at an offset from 0 to `end`, tried one offset after another.
    static func occurs(_ pattern: String, in text: String, end: Int) -> Bool {
        let bytes = Array(text.utf8)
        let wanted = Array(pattern.utf8)
        guard bytes.count >= wanted.count else { return false }
        return (0...Swift.min(end, bytes.count - wanted.count)).contains { Array(bytes[$0..<$0 + wanted.count]) == wanted }
    }

    /// 4,760 bytes of prose, with a `y` in every sentence.
    static let prose = String(repeating: "The river ran low that summer, and the boats stayed in the harbour. ", count: 70)

    @Test("the anchor is the pattern's least common byte, within its unmasked bytes")
    func anchor() {
        Array("import yaml".utf8).withUnsafeBufferPointer { pattern in
            #expect(MagicEvaluator.anchor(of: pattern.baseAddress!, mask: nil, pattern.count) == 7, "the y")
        }
        Array("<html".utf8).withUnsafeBufferPointer { pattern in
            #expect(MagicEvaluator.anchor(of: pattern.baseAddress!, mask: nil, pattern.count) == 0, "the <")
        }
        // A masked byte is never the anchor.
        let mask: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF]
        Array("import yaml".utf8).withUnsafeBufferPointer { pattern in
            mask.withUnsafeBufferPointer { mask in
                #expect(MagicEvaluator.anchor(of: pattern.baseAddress!, mask: mask.baseAddress!, pattern.count) == 2, "the p")
            }
        }
    }

    @Test(
        "a word found anywhere in the range, in prose, and nowhere else",
        arguments: [
            // (placed at, range end): start, middle, the last offset the range allows, just past it.
            (0, 4000), (1_500, 4000), (4000, 4000), (4001, 4000), (200, 100),
        ])
    func placedWord(at position: Int, end: Int) throws {
        let set = try Self.rule("string", "import yaml", end: end)
        var text = Self.prose
        text.insert(contentsOf: "import yaml", at: text.index(text.startIndex, offsetBy: position))
        let expected = Self.occurs("import yaml", in: text, end: end)
        #expect(expected == (position <= end))
        #expect(Array(text.utf8).withUnsafeBytes { set.matches("x.a", in: $0) } == expected)
        // The same words without the pattern: no match.
        #expect(!Array(Self.prose.utf8).withUnsafeBytes { set.matches("x.a", in: $0) })
    }

    @Test("without regard to case, the anchor is found in either case")
    func caseInsensitive() throws {
        let set = try Self.rule("stringignorecase", "import yaml", end: 4000)
        for word in ["IMPORT YAML", "Import Yaml", "import yaml", "iMpOrT yAmL"] {
            let text = String(Self.prose.prefix(2_000)) + word
            #expect(Array(text.utf8).withUnsafeBytes { set.matches("x.a", in: $0) }, "\(word)")
        }
        #expect(!Array((String(Self.prose.prefix(2_000)) + "import yam!").utf8).withUnsafeBytes { set.matches("x.a", in: $0) })
    }

    @Test("bytes with a zero byte are searched from the first byte, with the same answers")
    func binaryPrefix() throws {
        let set = try Self.rule("string", "import yaml", end: 4000)
        var bytes = [UInt8](repeating: 0, count: 64) + Array(Self.prose.utf8.prefix(1_000))
        #expect(!bytes.withUnsafeBytes { set.matches("x.a", in: $0) })
        bytes += Array("import yaml".utf8)
        #expect(bytes.withUnsafeBytes { set.matches("x.a", in: $0) })
    }
}
