@testable import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// The compiled rule image: the same rules as the text, and no crash or loop on a damaged one.
@Suite("Magic rules: the compiled image")
struct MagicRuleImageTests {
    static let rules = MagicRuleSet.freedesktop
    static let image = rules.compiledImage()

    /// Buffers that exercise fixed-offset, ranged, masked, case-insensitive and regex rules.
    static let samples: [[UInt8]] = [
        Array("\u{89}PNG\r\n\u{1A}\n".utf8), Array("%PDF-1.7\n".utf8), Array("gimp xcf v011\0".utf8), Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8),
        Array("#!/usr/bin/env python3\nimport os\n".utf8), Array("BEGIN:VCARD\r\nVERSION:3.0\r\n".utf8), [0x59, 0xA6, 0x6A, 0x95, 0, 0, 0, 1],
        Array("PK\u{03}\u{04}".utf8) + [UInt8](repeating: 0, count: 26) + Array("mimetypeapplication/vnd.oasis.opendocument.text".utf8),
        [UInt8](repeating: 0, count: 40_000) + Array("CD001".utf8), Array("WEBVTT\n\n00:01.000 --> 00:02.000\n".utf8),
    ]

    @Test("reading the image back gives a set that writes the same image and answers every sample the same")
    func roundTrip() throws {
        let read = try Self.image.withUnsafeBytes { try MagicRuleSet(compiledImage: $0) }
        #expect(read.count == Self.rules.count)
        #expect(read.compiledImage() == Self.image)
        #expect(read.recognizedTypes == Self.rules.recognizedTypes)
        for sample in Self.samples {
            let expected = sample.withUnsafeBytes { Self.rules.bestMatch(in: $0) }
            #expect(sample.withUnsafeBytes { read.bestMatch(in: $0) } == expected)
        }
        // The samples reach real rules, so the comparison above compares answers.
        #expect(Self.samples.compactMap { $0.withUnsafeBytes { Self.rules.bestMatch(in: $0) } }.count >= 6)
    }

    @Test("the library's own image, read at run time without checking its indexes, passes every check and is the built-in set")
    func builtInImageValidates() throws {
        let checked = try MagicRuleSet(compiledImage: MagicRuleSet.builtInImage)
        #expect(checked.count == Self.rules.count)
        #expect(checked.compiledImage() == Self.image)
        #expect(Self.rules.isBuiltIn)
        #expect(!checked.isBuiltIn, "only the library's own table is marked as built in")
        // The first bytes stored with each regex are those the analysis of its program gives.
        #expect(Self.rules.regexes.count > 10)
        #expect(Self.rules.regexes.map(\.firstBytes) == checked.regexes.map(\.firstBytes))
        #expect(Self.rules.regexes.map(\.fewFirstBytes) == checked.regexes.map(\.fewFirstBytes))
    }

    @Test("a set parsed from text and the same set read from its image answer alike, dispatch tables included")
    func parsedAndReadAgree() throws {
        let text = "[60:a/b] x.png\n>string 0 =89504e47\n\n[50:c/d] x.ranged\n>string 4:64 =4d41524b\n\n[40:e/f] x.masked\n>big16 2 =0x0100 &0xff00\n\n[30:g/h] x.regex\n>regex 0 =5b612d7a5d2b3a\n"
        let parsed = MagicRuleSet.parse(text)
        #expect(parsed.problems.isEmpty)
        let read = try parsed.set.compiledImage().withUnsafeBytes { try MagicRuleSet(compiledImage: $0) }
        for (bytes, identifier) in [
            ([0x89, 0x50, 0x4E, 0x47] as [UInt8], "x.png"), (Array("0123456MARK".utf8), "x.ranged"), ([0, 0, 1, 7], "x.masked"), (Array("abc:".utf8), "x.regex"),
        ] {
            #expect(bytes.withUnsafeBytes { read.bestMatch(in: $0)?.identifier } == TypeIdentifier(identifier))
            #expect(bytes.withUnsafeBytes { parsed.set.bestMatch(in: $0)?.identifier } == TypeIdentifier(identifier))
        }
        #expect(read.dispatchOffsets == parsed.set.dispatchOffsets)
        #expect(read.bucketStarts == parsed.set.bucketStarts)
        #expect(read.dispatched == parsed.set.dispatched)
        #expect(read.scanned == parsed.set.scanned)
    }

    @Test("every truncation of the image is refused, naming a section")
    func truncated() {
        for length in stride(from: 0, to: Self.image.count, by: 997) {
            let error = Self.image[0..<length].withUnsafeBytes { bytes in
                #expect(throws: SniffingError.self) { try MagicRuleSet(compiledImage: bytes) }
            }
            #expect(error?.code == .malformedRuleImage)
        }
    }

    @Test("an image with a byte changed anywhere is refused or answers without crashing")
    func corrupted() {
        var generator = SplitMix64(seed: 0x6d61_6769_63)
        var refused = 0
        for _ in 0..<400 {
            var damaged = Self.image
            let position = Int(generator.next() % UInt64(damaged.count))
            damaged[position] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            guard let set = try? damaged.withUnsafeBytes({ try MagicRuleSet(compiledImage: $0) }) else {
                refused += 1
                continue
            }
            for sample in Self.samples { _ = sample.withUnsafeBytes { set.bestMatch(in: $0) } }
        }
        #expect(refused > 0)
    }

    @Test("a check tree that points backwards, a pattern past the pool and a foreign header are refused with the reason")
    func specificDamage() throws {
        let parsed = MagicRuleSet.parse("[50:a/b] x.a\n>string 0 =41\n>>string 1 =42\n").set
        func image(_ change: (inout [MagicCheck], inout [UInt8]) -> Void) -> [UInt8] {
            var checks = parsed.checks
            var pool = parsed.pool
            change(&checks, &pool)
            let index = MagicRuleIndex(
                ranked: parsed.ranked, dispatchOffsets: parsed.dispatchOffsets, bucketStarts: parsed.bucketStarts, dispatched: parsed.dispatched,
                scanned: parsed.scanned, deepRanks: parsed.deepRanks, maximumOffset: parsed.maximumOffset)
            return MagicRuleSet(rules: parsed.rules, checks: checks, pool: pool, regexes: parsed.regexes, index: index).compiledImage()
        }
        let backwards = image { checks, _ in checks[1].subtreeEnd = 1 }
        let error = backwards.withUnsafeBytes { bytes in #expect(throws: SniffingError.self) { try MagicRuleSet(compiledImage: bytes) } }
        #expect(error?.reason.contains("checks: check 1") == true)
        let pastPool = image { checks, _ in checks[0].patternStart = 1000 }
        let poolError = pastPool.withUnsafeBytes { bytes in #expect(throws: SniffingError.self) { try MagicRuleSet(compiledImage: bytes) } }
        #expect(poolError?.reason.contains("outside the pool") == true)
        var foreign = parsed.compiledImage()
        foreign[0] = UInt8(ascii: "X")
        let foreignError = foreign.withUnsafeBytes { bytes in #expect(throws: SniffingError.self) { try MagicRuleSet(compiledImage: bytes) } }
        #expect(foreignError?.reason.contains("not a compiled rule image") == true)
    }
}
