@testable import ContentSniffing
import Foundation
import Testing

/// The magic regex engine on its own: the subset Tika's patterns use, checked against
/// Foundation's regular expressions (ICU) on ASCII input, what it refuses, and its step budget.
@Suite("Magic rules: regex engine")
struct MagicRegexTests {
    /// Whether `pattern` matches `input` anchored at `start` (Tika's `lookingAt`).
    static func engineMatches(_ pattern: String, _ input: [UInt8], at start: Int = 0) throws -> Bool {
        let regex = try MagicRegexCompiler.compile(Array(pattern.utf8)).get()
        return input.withUnsafeBufferPointer { buffer in
            MagicRegex.withFrames { frames in
                var budget = MagicRegex.stepBudget
                guard let base = buffer.baseAddress else { return false }
                return regex.matches(base, start: start, end: buffer.count, budget: &budget, frames: frames)
            }
        }
    }

    /// ICU's answer: an anchored match at 0 of an ASCII string.
    static func icuMatches(_ pattern: String, _ input: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(location: 0, length: (input as NSString).length)
        return regex.firstMatch(in: input, options: [.anchored], range: range) != nil
    }

    /// `(pattern, inputs)`: every pattern against every input, ICU and the engine agree.
    static let agreementCases: [(String, [String])] = [
        (#"BZh[1-9]"#, ["BZh9", "BZh0", "BZh", "bzh9"]),
        (#"[0-9]{5,5}"#, ["01234n", "0123", "98765"]),
        (#"FCS[1-3]\.[0-9]    "#, ["FCS3.0    ", "FCS3.0   ", "FCS4.0    ", "FCSx.0    "]),
        (#"(?s)^\s*(?:strict\s+)?(?:di)?graph\b"#, ["digraph G", "  strict graph{", "graphs", "strictgraph", "graph"]),
        (#"(?s)^(?:\s*//[^\n]*\n){1,10}\s*(?:strict\s+)?(?:di)?graph\b"#, ["// a\n// b\ndigraph x", "// a\ngraphx", "digraph"]),
        (#"(?s)^\s*/\*.{0,1024}?\*/\s*(?:strict\s+)?(?:di)?graph\b"#, ["/* x */ graph {", "/* a */ /* b */ digraph", "/* open graph"]),
        (#"(?i)<(html|head|body|title|div)[ >]"#, ["<HTML>", "<Body class", "<bodyx", "<div>", "<span>"]),
        (#"(X|DKIM|ARC)-"#, ["X-Mailer", "DKIM-Signature", "ARC-Seal", "Received"]),
        (#"function [a-zA-Z][A-Za-z0-9_]{0,62}\s*="#, ["function foo = 1", "function f_1=", "function 1f =", "function foo("]),
        (#"JAVA PROFILE \d\.\d\.\d,"#, ["JAVA PROFILE 1.0.2,", "JAVA PROFILE 1.0,"]),
        (#"a.c"#, ["abc", "a\nc", "ac"]),
        (#"(?s)a.c"#, ["a\nc", "abc"]),
        (#"ab*?c|ab+"#, ["abbbc", "abbb", "ac", "a"]),
        (#"(?:ab){2,3}x"#, ["ababx", "abababx", "abx", "ababababx"]),
        (#"[^\x00-\x1f]+$"#, ["hello", "hello\n", "hel\u{1}lo", "hello\r\n"]),
        (#"\Bb\b"#, ["bb ", "b b", "abc"]),
        (#"colou?r"#, ["color", "colour", "colouur"]),
        (#"[\d\s.-]+!"#, ["1 2.3-4!", "12a!"]),
    ]

    @Test("the engine and ICU agree on Tika-style patterns", arguments: agreementCases.indices)
    func agreesWithICU(_ index: Int) throws {
        let (pattern, inputs) = Self.agreementCases[index]
        for input in inputs {
            let expected = try Self.icuMatches(pattern, input)
            #expect(try Self.engineMatches(pattern, Array(input.utf8)) == expected, "\(pattern) on \(input.debugDescription)")
        }
    }

    @Test("escapes name bytes: \\xHH, \\u00HH, octal, and raw bytes outside ASCII")
    func byteEscapes() throws {
        #expect(try Self.engineMatches(#"\xFF[\xE3\xF2-\xF7]"#, [0xFF, 0xF5]))
        #expect(try !Self.engineMatches(#"\xFF[\xE3\xF2-\xF7]"#, [0xFF, 0xF8]))
        #expect(try Self.engineMatches(#"JAVA\u0000"#, Array("JAVA".utf8) + [0]))
        #expect(try Self.engineMatches(#"\0101B"#, Array("AB".utf8)))
        let raw = try MagicRegexCompiler.compile([0x28, 0x01, 0x7C, 0x82, 0x29, 0x2B]).get()  // (\x01|\x82)+
        #expect([UInt8]([0x82, 0x01]).withUnsafeBufferPointer { buffer in
            MagicRegex.withFrames { frames in
                var budget = MagicRegex.stepBudget
                return raw.matches(buffer.baseAddress!, start: 0, end: 2, budget: &budget, frames: frames)
            }
        })
    }

    @Test("^ holds only where the match starts; a match may end before the region does")
    func anchors() throws {
        let bytes = Array("xxBZh9".utf8)
        #expect(try Self.engineMatches("^BZh", bytes, at: 2))
        #expect(try !Self.engineMatches("x^BZh", bytes, at: 1))
        #expect(try Self.engineMatches("BZ", bytes, at: 2))
        #expect(try !Self.engineMatches("BZ$", bytes, at: 2))
    }

    /// `(what, pattern)`: outside the subset.
    static let refused: [(String, String)] = [
        ("lookbehind", #"(?<=a)b"#),
        ("lookahead", #"a(?=b)"#),
        ("atomic group", #"(?>a+)b"#),
        ("backreference", #"(a)\1"#),
        ("possessive quantifier", #"a*+b"#),
        ("nested class", #"[a[b]]"#),
        ("count too large", #"a{5000}"#),
        ("range backwards", #"a{3,2}"#),
        ("unclosed group", #"(ab"#),
        ("unbalanced parenthesis", #"ab)"#),
        ("unclosed class", #"[ab"#),
        ("trailing backslash", #"ab\"#),
        ("nothing to repeat", #"*a"#),
        ("a quantified anchor", #"^*a"#),
        ("\\u beyond Latin-1", #"\u0100"#),
        ("unknown letter escape", #"\q"#),
        ("named group", #"(?<n>a)"#),
        ("too deep", String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40)),
        ("too long once unrolled", #"(?:abcdefgh){4000}(?:abcdefgh){4000}(?:abcdefgh){4000}"#),
    ]

    @Test("patterns outside the subset are refused with a reason", arguments: refused.indices)
    func refusal(_ index: Int) {
        let (what, pattern) = Self.refused[index]
        guard case .failure(let refusal) = MagicRegexCompiler.compile(Array(pattern.utf8)) else {
            Issue.record("\(what): \(pattern) compiled")
            return
        }
        #expect(!refusal.reason.isEmpty, "\(what)")
    }

    @Test("catastrophic backtracking stops at the step budget: no match, quickly")
    func stepBudget() throws {
        // 2^30 ways to split thirty a's, none followed by b.
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 30)
        let clock = ContinuousClock()
        for pattern in [#"(?:a|a)*b"#, #"(?:a|aa)+(?:a|aa)+c"#, #"(?:a?){30}a{30}b"#] {
            let regex = try MagicRegexCompiler.compile(Array(pattern.utf8)).get()
            var budget = MagicRegex.stepBudget
            let started = clock.now
            let matched = input.withUnsafeBufferPointer { buffer in
                MagicRegex.withFrames { frames in
                    regex.matches(buffer.baseAddress!, start: 0, end: buffer.count, budget: &budget, frames: frames)
                }
            }
            #expect(!matched, "\(pattern)")
            #expect(budget <= 0, "\(pattern): the budget should have run out, \(budget) steps left")
            #expect(clock.now - started < .seconds(1), "\(pattern)")
        }
    }

    @Test("a loop that remembers too many alternatives, or one that consumes nothing, stops too")
    func frameLimit() throws {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 8000)
        for pattern in [#"(?:a|b)*c"#, #"(?:a*)*b"#] {
            let regex = try MagicRegexCompiler.compile(Array(pattern.utf8)).get()
            var budget = MagicRegex.stepBudget
            let matched = input.withUnsafeBufferPointer { buffer in
                MagicRegex.withFrames { frames in
                    regex.matches(buffer.baseAddress!, start: 0, end: buffer.count, budget: &budget, frames: frames)
                }
            }
            #expect(!matched, "\(pattern)")
            #expect(budget < MagicRegex.stepBudget)
        }
    }

    @Test("a pathological rule does not stop later rules from being tried")
    func budgetInARuleSet() {
        // (?:a|a)*b at offsets 0…100, then a plain rule of lower priority.
        let text = "[60:a/b] x.slow\n>regex 0:100 =283f3a617c61292a62\n\n[50:c/d] x.plain\n>string 0 =61616161\n"
        let parsed = MagicRuleSet.parse(text)
        #expect(parsed.problems.isEmpty, "\(parsed.problems)")
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
        let clock = ContinuousClock()
        let started = clock.now
        let match = input.withUnsafeBytes { parsed.set.bestMatch(in: $0) }
        #expect(match?.identifier == "x.plain")
        #expect(clock.now - started < .seconds(1))
    }

    @Test("the first bytes of a pattern are known when it must consume one")
    func firstBytes() throws {
        let bzip = try MagicRegexCompiler.compile(Array("BZh[1-9]".utf8)).get()
        #expect(bzip.firstBytes?.members == [UInt8(ascii: "B")])
        let html = try MagicRegexCompiler.compile(Array("(?i)<(html|head)".utf8)).get()
        #expect(html.firstBytes?.members == [UInt8(ascii: "<")])
        let either = try MagicRegexCompiler.compile(Array("(X|DKIM)-".utf8)).get()
        #expect(either.firstBytes?.members == [UInt8(ascii: "D"), UInt8(ascii: "X")])
        #expect(try MagicRegexCompiler.compile(Array(#"\s*graph"#.utf8)).get().firstBytes == nil)
    }
}
