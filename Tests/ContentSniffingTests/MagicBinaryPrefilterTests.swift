@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing

/// Whether a rule of libmagic's that names a type can match binary bytes
/// (``MagicBinaryPrefilter``): the tests of a database written here, the system's whole
/// database against libmagic itself, the file kept in the cache folder, and the sniffer that
/// answers without loading libmagic.
@Suite("MagicBinaryPrefilter (libmagic's binary rules that can name a type)")
struct MagicBinaryPrefilterTests {
    typealias Layout = CompiledMagicFile.Layout

    /// An entry of a compiled database: a binary test of `type` at `offset`, with a numeric
    /// `number` or the bytes `value`.
    static func entry(
        level: UInt16 = 0, type: UInt8, value: [UInt8] = [], number: UInt64 = 0, mask: UInt64 = 0, offset: Int32 = 0, range: UInt32 = 0,
        stringFlags: UInt32 = 0, flag: UInt8 = Layout.binaryTest, mime: String = "", relation: Character = "="
    ) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Layout.entrySize)
        bytes[0] = UInt8(level & 0xFF)
        bytes[Layout.flag] = flag
        bytes[Layout.relation] = UInt8(ascii: relation.unicodeScalars.first!)
        bytes[Layout.valueLength] = UInt8(value.count)
        bytes[Layout.type] = type
        withUnsafeBytes(of: offset.littleEndian) { bytes.replaceSubrange(Layout.offset..<(Layout.offset + 4), with: $0) }
        if mask != 0 {
            withUnsafeBytes(of: mask.littleEndian) { bytes.replaceSubrange(Layout.numberMask..<(Layout.numberMask + 8), with: $0) }
        } else {
            withUnsafeBytes(of: range.littleEndian) { bytes.replaceSubrange(Layout.range..<(Layout.range + 4), with: $0) }
            withUnsafeBytes(of: stringFlags.littleEndian) { bytes.replaceSubrange(Layout.stringFlags..<(Layout.stringFlags + 4), with: $0) }
        }
        if value.isEmpty {
            withUnsafeBytes(of: number.littleEndian) { bytes.replaceSubrange(Layout.value..<(Layout.value + 8), with: $0) }
        } else {
            bytes.replaceSubrange(Layout.value..<(Layout.value + value.count), with: value)
        }
        bytes.replaceSubrange(Layout.mimeType..<(Layout.mimeType + mime.utf8.count), with: mime.utf8)
        return bytes
    }

    /// The prefilter of a database written to a file in `folder`.
    static func prefilter(main: [[UInt8]], named: [[UInt8]] = [], in folder: TemporaryDirectory) throws -> MagicBinaryPrefilter? {
        let path = try folder.write("rules-\(main.count).mgc", bytes: MagicTextDatabaseTests.database(main: main, named: named))
        return MagicBinaryPrefilter(files: [try CompiledMagicFile(path: path)])
    }

    /// Whether `filter` may name some bytes, as a closure, so that a failed expectation prints
    /// the bytes and not the whole prefilter.
    static func mayName(_ filter: MagicBinaryPrefilter) -> ([UInt8]) -> Bool {
        { bytes in bytes.withUnsafeBytes { filter.mayName($0) } }
    }

    static func a(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The rules of ``writtenDatabase()``.
    static let writtenRules: (main: [[UInt8]], named: [[UInt8]]) = (
        main: [
            // Values are kept sign-extended, as libmagic compiles them.
            entry(type: Layout.beLongType, number: 0xFFFF_FFFF_CAFE_D00D, mime: "application/x-number"),
            // A string, then a masked little-endian short below it: both needed.
            entry(type: Layout.stringType, value: a("ABCD")),
            entry(level: 1, type: Layout.leShortType, number: 0x12, mask: 0x00FF, offset: 8, mime: "application/x-masked"),
            // A signed byte: -1 is 0xFF in the file.
            entry(type: Layout.byteType, number: UInt64.max, mime: "application/x-signed"),
            entry(type: Layout.searchType, value: a("MARK"), range: 64, mime: "application/x-search"),
            entry(type: Layout.leString16Type, value: a("Hi!"), mime: "application/x-utf16"),
            // From the end of the file: never in a buffer.
            entry(type: Layout.stringType, value: a("TAIL"), offset: 4, flag: Layout.binaryTest | Layout.fromEndFlag, mime: "application/x-tail"),
            // A text rule: libmagic does not run it on binary data.
            entry(type: Layout.stringType, value: a("TEXT"), flag: 0x40, mime: "text/x-text"),
            // Through a named rule, and through an indirect offset the prefilter cannot read.
            entry(type: Layout.stringType, value: a("RG")),
            entry(level: 1, type: Layout.useType, value: a("answers")),
            entry(type: Layout.stringType, value: a("IND")),
            entry(level: 1, type: Layout.stringType, value: a("X"), offset: 4, flag: Layout.indirectFlag, mime: "application/x-indirect"),
            // A rule that names no type: left out.
            entry(type: Layout.stringType, value: a("NONE")),
        ],
        named: [
            entry(type: Layout.nameType, value: a("answers")),
            entry(level: 1, type: Layout.stringType, value: a("x"), offset: 2, mime: "application/x-named"),
        ])

    @Test("a database written here: numbers, masks, signs, searches, UTF-16, the file's end, text rules, named and indirect rules")
    func writtenDatabase() throws {
        let folder = TemporaryDirectory("binary-prefilter")
        let filter = try #require(try Self.prefilter(main: Self.writtenRules.main, named: Self.writtenRules.named, in: folder))
        let mayName = Self.mayName(filter)
        let zeros = [UInt8](repeating: 0, count: 100)
        #expect(!mayName(zeros))
        #expect(mayName([0xCA, 0xFE, 0xD0, 0x0D] + zeros))
        #expect(!mayName([0x0D, 0xD0, 0xFE, 0xCA] + zeros), "big-endian")
        #expect(mayName(Self.a("ABCD") + [0, 0, 0, 0, 0x12, 0x77] + zeros), "the mask keeps the low byte")
        #expect(!mayName(Self.a("ABCD") + [0, 0, 0, 0, 0x13, 0x12] + zeros))
        #expect(!mayName(Self.a("ABCE") + [0, 0, 0, 0, 0x12, 0x00] + zeros), "the line above fails")
        #expect(mayName([0xFF] + zeros))
        #expect(!mayName([0x7F] + zeros))
        #expect(mayName(Array(zeros.prefix(60)) + Self.a("MARK") + zeros))
        #expect(!mayName(Array(zeros.prefix(64)) + Self.a("MARK") + zeros), "starts past the range")
        // libmagic compares the low byte of each UTF-16 unit only.
        #expect(mayName(Self.a("H\u{0}i\u{0}!\u{0}") + zeros))
        #expect(mayName([0x48, 0x01, 0x69, 0x00, 0x21, 0x00] + zeros))
        #expect(!mayName(Self.a("H\u{0}o\u{0}!\u{0}") + zeros))
        // Cut short by the buffer's end: the units within it decide.
        #expect(mayName(Self.a("H\u{0}i")))
        #expect(!mayName(Self.a("X\u{0}i")))
        #expect(!mayName(zeros + Self.a("TAIL")))
        #expect(!mayName(Self.a("TEXT") + zeros))
        #expect(mayName(Self.a("RG") + zeros))
        #expect(mayName(Self.a("IND") + zeros))
        #expect(!mayName(Self.a("NONE") + zeros))
        // Bytes libmagic reads as text, or checks outside its rules: always "may".
        #expect(mayName(Self.a("plain words, no NUL")))
        #expect(mayName([0xFF, 0xFE] + zeros))
        #expect(mayName([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + zeros))
        #expect(mayName(Self.a(" \n{\"a\": 1}") + zeros))
        var tar = [UInt8](repeating: 0, count: 512)
        tar.replaceSubrange(148..<156, with: Self.a("0004567\u{0}"))
        #expect(mayName(tar))
        // A rule that names a type with nothing readable on its way leaves no prefilter.
        let unreadable = Self.entry(type: Layout.leLongType, number: 0, mime: "application/x-any", relation: "x")
        #expect(try Self.prefilter(main: Self.writtenRules.main + [unreadable], in: folder) == nil)
    }

    /// Binary buffers made here: tables of numbers, padded headers of formats, noise.
    static var madeBuffers: [[UInt8]] {
        var buffers: [[UInt8]] = [
            [UInt8](repeating: 0, count: 4096),
            a("OWBENCH\u{0}") + (0..<2000).flatMap { index -> [UInt8] in ByteFixtures.le32(index * 37 % 5000) },
        ]
        for seed in 1...24 {
            var noise = ByteFixtures.pseudoRandom(count: 8192, seed: UInt64(seed))
            for index in stride(from: seed, to: noise.count, by: 7 + seed % 5) { noise[index] = 0 }
            buffers.append(noise)
        }
        let headers: [[UInt8]] = [
            [0x89] + a("PNG\r\n\u{1A}\n"), a("GIF89a"), a("PK\u{3}\u{4}"), a("%PDF-1.7\n"), [0x7F] + a("ELF") + [2, 1, 1],
            [0x89] + a("HDF\r\n\u{1A}\n"), [0x1F, 0x8B, 0x08, 0x00], a("FORM") + ByteFixtures.be32(400) + a("8SVX"),
            a("OggS") + [0, 2], a("MThd") + ByteFixtures.be32(6), a("\u{93}NUMPY") + [1, 0], a("SQLite format 3\u{0}"),
        ]
        for header in headers { buffers.append(header + [UInt8](repeating: 0, count: 600)) }
        return buffers
    }

    @Test("the system's whole database: where the prefilter says no rule can name the bytes, libmagic says application/octet-stream")
    func systemDatabaseAgainstLibmagic() throws {
        let path = try #require(MagicCalls.defaultSearchPath())
        let filter = try #require(MagicBinaryPrefilter.read(searchPath: path), "the system's database has a prefilter")
        let mayName = Self.mayName(filter)
        #expect(filter.pathCount > 500)
        let magic = try MagicSniffer()
        var spared = 0
        for buffer in Self.madeBuffers {
            let answer = buffer.withUnsafeBytes { magic.mimeType(of: $0) }
            if !mayName(buffer) {
                spared += 1
                #expect(answer == "application/octet-stream", "\(buffer.prefix(12))")
            }
        }
        #expect(spared >= 10, "the prefilter spares most calls on data no rule names (\(spared))")
        let table = Self.madeBuffers[1]
        #expect(!mayName(table))
        // Formats libmagic names: the prefilter never says no for them.
        for header in Self.madeBuffers.suffix(12) where header.withUnsafeBytes({ magic.mimeType(of: $0) }) != "application/octet-stream" {
            #expect(mayName(header), "\(header.prefix(8))")
        }
    }

    @Test("the prefilter is kept in the cache folder, read back whole, and made again when damaged or not trusted")
    func cacheFile() throws {
        let folder = TemporaryDirectory("binary-prefilter")
        let stale = try folder.write("magic-binary-0000000000000000.tests", bytes: [1, 2, 3])
        let first = try MagicSniffer(cachingPrefilterIn: folder.path)
        let made = try #require(first.binaryPrefilter)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("magic-binary-") && $0.hasSuffix(".tests") }
        #expect(names.count == 1)
        #expect(!FileManager.default.fileExists(atPath: stale), "the file of another database is removed")
        let file = folder.path + "/" + names[0]
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        let again = try #require(try MagicSniffer(cachingPrefilterIn: folder.path).binaryPrefilter)
        #expect(again == made)
        // Cut short: refused, made again and written whole.
        try whole.dropLast().write(to: URL(fileURLWithPath: file))
        let rebuilt = try #require(try MagicSniffer(cachingPrefilterIn: folder.path).binaryPrefilter)
        #expect(rebuilt == made)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == whole)
        // Writable by others: not trusted, replaced by the user's own.
        chmod(file, 0o666)
        _ = try MagicSniffer(cachingPrefilterIn: folder.path)
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o022 == 0)
    }

    @Test("a cache folder that cannot be made is no error: the prefilter is made in memory and answers")
    func unwritableCacheFolder() throws {
        let folder = TemporaryDirectory("binary-prefilter")
        let file = try folder.write("not-a-folder", bytes: [1])
        let sniffer = try MagicSniffer(cachingPrefilterIn: file + "/cache")
        #expect(sniffer.binaryPrefilter != nil)
        #expect(Self.madeBuffers[1].withUnsafeBytes { sniffer.mimeType(of: $0) } == "application/octet-stream")
        #expect(sniffer.idleHandleCount == 0)
    }

    @Test("damaged prefilter files are refused: every cut, a wrong version, an index out of range, trailing bytes")
    func damagedFiles() throws {
        let folder = TemporaryDirectory("binary-prefilter")
        let filter = try #require(try Self.prefilter(main: Self.writtenRules.main, named: Self.writtenRules.named, in: folder))
        let bytes = filter.serialized()
        let read = try #require(bytes.withUnsafeBytes { MagicBinaryPrefilter(serialized: $0) })
        #expect(read == filter)
        for length in 0..<bytes.count {
            #expect(Array(bytes.prefix(length)).withUnsafeBytes { MagicBinaryPrefilter(serialized: $0) } == nil, "cut at \(length)")
        }
        var version = bytes
        version[4] = 2
        #expect(version.withUnsafeBytes { MagicBinaryPrefilter(serialized: $0) } == nil)
        var index = bytes
        index.replaceSubrange((bytes.count - 4)..<bytes.count, with: ByteFixtures.le32(filter.store.tests.count))
        #expect(index.withUnsafeBytes { MagicBinaryPrefilter(serialized: $0) } == nil)
        #expect((bytes + [0]).withUnsafeBytes { MagicBinaryPrefilter(serialized: $0) } == nil)
    }

    @Test("a sniffer with the prefilter answers for data no rule names without loading libmagic, for data a rule may name from the rules it may match, and loads the whole database for text")
    func answersWithoutLoading() throws {
        let folder = TemporaryDirectory("binary-prefilter")
        _ = try MagicSniffer(cachingPrefilterIn: folder.path)
        let sniffer = try MagicSniffer(cachingPrefilterIn: folder.path)
        #expect(sniffer.binaryPrefilter != nil)
        #expect(sniffer.idleHandleCount == 0)
        #expect(Self.madeBuffers[1].withUnsafeBytes { sniffer.mimeType(of: $0) } == "application/octet-stream")
        #expect(sniffer.idleHandleCount == 0, "libmagic was not loaded")
        let png = [0x89] + Self.a("PNG\r\n\u{1A}\n") + ByteFixtures.be32(13) + Self.a("IHDR") + ByteFixtures.be32(1) + ByteFixtures.be32(1)
            + [8, 6, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        #expect(png.withUnsafeBytes { sniffer.mimeType(of: $0) } == "image/png")
        #expect(sniffer.idleHandleCount == 0, "the rules the PNG may match were loaded for the call alone")
        let text = Self.a("Plain words, no format at all.\n")
        #expect(text.withUnsafeBytes { sniffer.mimeType(of: $0) } == "text/plain")
        #expect(sniffer.idleHandleCount == 1, "the whole database was loaded for text")
    }

    /// The first 64 KiB of binary files of this machine (holding a NUL).
    static func binaryWindows(limit: Int) -> [[UInt8]] {
        var windows: [[UInt8]] = []
        for root in ["/usr/lib/x86_64-linux-gnu", "/usr/share", "/usr/lib/python3"] {
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String, windows.count < limit {
                let path = root + "/" + relative
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
                    let handle = FileHandle(forReadingAtPath: path)
                else { continue }
                let bytes = [UInt8](handle.readData(ofLength: 64 * 1024))
                try? handle.close()
                if bytes.contains(0) { windows.append(bytes) }
            }
        }
        return windows
    }

    @Test("the system's database: the rules chosen for binary bytes answer as the whole database does, and are few")
    func systemRuleSelection() throws {
        let folder = TemporaryDirectory("binary-prefilter")
        let sniffer = try MagicSniffer(cachingPrefilterIn: folder.path)
        let path = try #require(MagicCalls.defaultSearchPath())
        let choice = try #require(MagicBinaryRuleChoice.cached(searchPath: path, cacheFolder: folder.path), "the system's database is one compiled file")
        #expect(choice.gates.count > 1_000)
        let whole = try MagicSniffer()
        let windows = Self.binaryWindows(limit: 700) + Self.madeBuffers
        try #require(windows.count >= 300, "this machine has binary files to read")
        var chosen: [Int] = []
        var named = 0
        for window in windows {
            let expected = window.withUnsafeBytes { whole.mimeType(of: $0) }
            #expect(window.withUnsafeBytes { sniffer.mimeType(of: $0) } == expected, "\(window.prefix(16))")
            if let selection = window.withUnsafeBytes({ choice.ruleSelection($0) }) {
                chosen.append(selection.main.reduce(0) { $0 + $1.count })
                if expected != "application/octet-stream" { named += 1 }
            }
        }
        try #require(chosen.count * 2 >= windows.count, "rules are chosen for most binary bytes (\(chosen.count) of \(windows.count))")
        #expect(named >= 20, "and for formats libmagic names (\(named))")
        let median = chosen.sorted()[chosen.count / 2]
        #expect(median * 10 <= choice.mainEntryCount, "bytes may match a tenth of the database's entries at most, as a rule (median \(median) of \(choice.mainEntryCount))")
    }

    @Test("the rules' file: kept beside the prefilter, read back whole, refused when damaged; a choice of another database's counts loads the whole database")
    func ruleChoiceFile() throws {
        let folder = TemporaryDirectory("binary-prefilter")
        _ = try MagicSniffer(cachingPrefilterIn: folder.path)
        let path = try #require(MagicCalls.defaultSearchPath())
        let name = try #require(MagicBinaryRuleChoice.cacheName(searchPath: path))
        #expect(MagicTextDatabase.isTrustedCache(folder.path + "/" + name), "written with the prefilter")
        let choice = try #require(MagicBinaryRuleChoice.cached(searchPath: path, cacheFolder: folder.path))
        let bytes = choice.serialized()
        #expect(bytes.withUnsafeBytes { MagicBinaryRuleChoice(serialized: $0) } == choice)
        #expect((bytes + [0]).withUnsafeBytes { MagicBinaryRuleChoice(serialized: $0) } == nil)
        for length in stride(from: 0, to: bytes.count, by: 997) {
            #expect(Array(bytes.prefix(length)).withUnsafeBytes { MagicBinaryRuleChoice(serialized: $0) } == nil, "cut at \(length)")
        }
        func refused(_ gates: [MagicBinaryRuleChoice.RuleGate], useList: [Int32]? = nil, _ what: String) {
            let damaged = MagicBinaryRuleChoice(
                store: choice.store, gates: gates, namedRules: choice.namedRules, useList: useList ?? choice.useList, rerunTests: choice.rerunTests,
                rerunEnds: choice.rerunEnds, mainEntryCount: choice.mainEntryCount, namedEntryCount: choice.namedEntryCount)
            #expect(damaged.serialized().withUnsafeBytes { MagicBinaryRuleChoice(serialized: $0) } == nil, "\(what)")
        }
        var gates = choice.gates
        gates[0].test = Int32(choice.store.tests.count)
        refused(gates, "a gate's test out of range")
        gates = choice.gates
        gates[gates.count - 1].entries = gates[gates.count - 1].entries.lowerBound..<(choice.mainEntryCount + 1)
        refused(gates, "a gate past the rules")
        try #require(!choice.useList.isEmpty)
        refused(choice.gates, useList: choice.useList.dropLast() + [Int32(choice.namedRules.count)], "a use past the named rules")
        gates = choice.gates
        gates.swapAt(0, 1)
        refused(gates, "gates out of order")

        // A file of another database's counts: the rules cannot be read from the database, and
        // the whole database answers.
        let other = MagicBinaryRuleChoice(
            store: choice.store, gates: choice.gates, namedRules: choice.namedRules, useList: choice.useList, rerunTests: choice.rerunTests,
            rerunEnds: choice.rerunEnds, mainEntryCount: choice.mainEntryCount + 1, namedEntryCount: choice.namedEntryCount)
        try #require(other.write(into: folder.path, name: name))
        let sniffer = try MagicSniffer(cachingPrefilterIn: folder.path)
        let png = [0x89] + Self.a("PNG\r\n\u{1A}\n") + ByteFixtures.be32(13) + Self.a("IHDR") + ByteFixtures.be32(1) + ByteFixtures.be32(1)
            + [8, 6, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        #expect(png.withUnsafeBytes { sniffer.mimeType(of: $0) } == "image/png")
        #expect(sniffer.idleHandleCount == 1)
    }
}
