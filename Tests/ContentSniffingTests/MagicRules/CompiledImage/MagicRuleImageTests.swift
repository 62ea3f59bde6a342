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

    @Test("the library's own set reads its tables in place in its image, and they hold what reading the image field by field gives")
    func builtInTablesInPlace() throws {
        let rules = Self.rules
        #expect(rules.rules.isInPlace)
        #expect(rules.checks.isInPlace)
        #expect(rules.pool.isInPlace)
        #expect(rules.ranked.isInPlace)
        #expect(rules.bucketStarts.isInPlace)
        #expect(rules.dispatched.isInPlace)
        #expect(rules.scanned.isInPlace)
        #expect(rules.deepRanks.isInPlace)
        let checked = try MagicRuleSet(compiledImage: MagicRuleSet.builtInImage)
        #expect(!checked.checks.isInPlace && !checked.ranked.isInPlace, "any other image is copied")
        #expect(rules.checks.count > 1_000)
        #expect(rules.checks == checked.checks)
        #expect(Set(rules.checks.map(\.kind.rawValue)).count >= 3, "the kinds read in place span several cases")
        #expect(rules.checks.contains(where: \.isMasked) && rules.checks.contains { !$0.isMasked })
        #expect(rules.pool == checked.pool)
        #expect(!checked.rules.isInPlace && rules.rules.count == checked.rules.count && rules.rules.count > 1_000)
        let ruleFields = { (set: MagicRuleSet) in set.rules.map { "\($0.priority) \($0.checks) \($0.mimeType) \($0.identifier) \($0.systemOrdinalHint)" } }
        #expect(ruleFields(rules) == ruleFields(checked))
        let fields = { (set: MagicRuleSet) in set.ranked.map { [$0.rule, $0.firstCheck, $0.endCheck, $0.reach] } }
        #expect(!rules.ranked.isEmpty && fields(rules) == fields(checked))
        #expect(rules.regexes.count > 10 && rules.regexes.allSatisfy { $0.instructions.isInPlace && $0.sets.isInPlace })
        #expect(checked.regexes.allSatisfy { !$0.instructions.isInPlace && !$0.sets.isInPlace })
        #expect(rules.regexes.map(\.instructions) == checked.regexes.map(\.instructions))
        #expect(rules.regexes.map(\.sets) == checked.regexes.map(\.sets))
        #expect(rules.bucketStarts == checked.bucketStarts && rules.dispatched == checked.dispatched)
        #expect(rules.scanned == checked.scanned && rules.deepRanks == checked.deepRanks)
    }

    @Test("the types read in place lay out their fields as the image's records do; a record read in place is the value written, a misaligned one is decoded")
    func recordsInPlace() throws {
        // A check record: seven little-endian 32-bit fields, the kind and the mask flag in the
        // low bytes of the first and the sixth; an instruction: four, the operation in the low
        // byte of the first; a byte set: four 64-bit words; a ranked rule: four 32-bit fields.
        #expect(MemoryLayout<MagicCheck>.stride == 28)
        #expect(MemoryLayout<MagicCheck>.offset(of: \.kind) == 0)
        #expect(MemoryLayout<MagicCheck>.offset(of: \.start) == 4)
        #expect(MemoryLayout<MagicCheck>.offset(of: \.span) == 8)
        #expect(MemoryLayout<MagicCheck>.offset(of: \.patternStart) == 12)
        #expect(MemoryLayout<MagicCheck>.offset(of: \.length) == 16)
        #expect(MemoryLayout<MagicCheck>.offset(of: \.isMasked) == 20)
        #expect(MemoryLayout<MagicCheck>.offset(of: \.subtreeEnd) == 24)
        #expect(MemoryLayout<MagicRegexInstruction>.stride == 16)
        #expect(MemoryLayout<MagicRegexInstruction>.offset(of: \.operation) == 0)
        #expect(MemoryLayout<MagicRegexInstruction>.offset(of: \.operand) == 4)
        #expect(MemoryLayout<MagicRegexInstruction>.offset(of: \.minimum) == 8)
        #expect(MemoryLayout<MagicRegexInstruction>.offset(of: \.maximum) == 12)
        #expect(MemoryLayout<MagicByteSet>.stride == 32 && MemoryLayout<MagicByteSet>.alignment == 8)
        let words: (UInt64, UInt64, UInt64, UInt64) = (0x0123_4567_89AB_CDEF, 2, 0x8000_0000_0000_0001, UInt64.max - 7)
        #expect(withUnsafeBytes(of: MagicByteSet(words: words)) { bytes in (0..<4).map { bytes.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) } } == [words.0, words.1, words.2, words.3])
        #expect(MemoryLayout<MagicRuleSet.RankedRule>.stride == 16)
        #expect(MemoryLayout<MagicRuleSet.RankedRule>.offset(of: \.firstCheck) == 4)
        #expect(MemoryLayout<MagicRuleSet.RankedRule>.offset(of: \.reach) == 12)
        let checks = [
            MagicCheck(kind: .caseInsensitive, start: 7, span: 3, patternStart: 1_234, length: 5, isMasked: true, subtreeEnd: 9),
            MagicCheck(kind: .regex, start: 0, span: 1, patternStart: 2, length: 1, isMasked: false, subtreeEnd: 2),
        ]
        var record: [UInt8] = [0, 0, 0, 0]  // room to misalign the records by one byte
        for check in checks {
            let fields = [Int32(check.kind.rawValue), check.start, check.span, check.patternStart, check.length, check.isMasked ? 1 : 0, check.subtreeEnd]
            for field in fields { withUnsafeBytes(of: field.littleEndian) { record += $0 } }
        }
        let decode = { (records: UnsafeRawBufferPointer, index: Int) throws(SniffingError) -> MagicCheck in
            func field(_ field: Int) -> Int32 { MagicRuleImageReader.field(field, of: index, size: 28, in: records) }
            return MagicCheck(
                kind: MagicCheck.Kind(rawValue: UInt8(field(0)))!, start: field(1), span: field(2), patternStart: field(3), length: field(4),
                isMasked: field(5) != 0, subtreeEnd: field(6))
        }
        try record.withUnsafeBytes { bytes in
            let aligned = UnsafeRawBufferPointer(rebasing: bytes[4...])
            let inPlace = try MagicTable(records: aligned, count: 2, recordSize: 28, permanent: true, decode: decode)
            #expect(inPlace.isInPlace)
            #expect(Array(inPlace) == checks)
            let copied = try MagicTable(records: aligned, count: 2, recordSize: 28, permanent: false, decode: decode)
            #expect(!copied.isInPlace && Array(copied) == checks)
            let shifted = UnsafeRawBufferPointer(rebasing: bytes[1..<(1 + 56)])
            let misaligned = try MagicTable(records: shifted, count: 2, recordSize: 28, permanent: true) { records, index throws(SniffingError) in
                let raw = UnsafeRawBufferPointer(rebasing: records[(index * 28)..<(index * 28 + 28)])
                return MagicCheck(kind: .bytes, start: raw.loadUnaligned(fromByteOffset: 4, as: Int32.self), span: 1, patternStart: 0, length: 1, isMasked: false, subtreeEnd: 0)
            }
            #expect(!misaligned.isInPlace, "a record that does not start at a multiple of four is decoded, not read in place")
            #expect(misaligned.count == 2)
        }
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
            var checks = Array(parsed.checks)
            var pool = Array(parsed.pool)
            change(&checks, &pool)
            let index = MagicRuleIndex(
                ranked: parsed.ranked, dispatchOffsets: parsed.dispatchOffsets, bucketStarts: parsed.bucketStarts, dispatched: parsed.dispatched,
                scanned: parsed.scanned, deepRanks: parsed.deepRanks, maximumOffset: parsed.maximumOffset)
            return MagicRuleSet(rules: parsed.rules, checks: MagicTable(checks), pool: MagicTable(pool), regexes: parsed.regexes, index: index)
                .compiledImage()
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
