@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing

/// The rules of the cut a text may match, loaded alone (``MagicTextPrefilter/ruleSelection(_:)``,
/// ``MagicRuleSubset``): chosen on a database written here, answering as the whole cut does on
/// this machine's text, and read from the cached cut.
@Suite("MagicTextPrefilter's choice of rules (the rules a text may match)")
struct MagicTextRuleSelectionTests {
    typealias Layout = MagicTextDatabase.Layout

    static let written: [[UInt8]] = {
        let string = Layout.stringType, search = Layout.searchType, regex = Layout.regexType
        return [
            // 0: `%!PS` at offset 0.
            MagicTextPrefilterTests.entry(type: string, value: Array("%!PS".utf8), mime: "application/postscript"),
            // 1–2: `<html` in the first 100 bytes, then a line below.
            MagicTextPrefilterTests.entry(type: search, value: Array("<html".utf8), range: 100, flags: 0x04, mime: "text/html"),
            MagicTextPrefilterTests.entry(level: 1, type: regex, value: Array("^<body".utf8), mime: "text/html"),
            // 3: a rule that names no type: chosen by its word all the same.
            MagicTextPrefilterTests.entry(type: search, value: Array("the".utf8), range: 8192),
            // 4: a first line that names no word: always chosen.
            MagicTextPrefilterTests.entry(type: Layout.byteType, value: [0x23]),
            // 5–6: `require` anywhere, `end` below.
            MagicTextPrefilterTests.entry(type: search, value: Array("require".utf8), range: 8192),
            MagicTextPrefilterTests.entry(level: 1, type: regex, value: Array("^end$".utf8), mime: "text/x-ruby"),
        ]
    }()

    func selection(_ prefilter: MagicTextPrefilter, _ text: String) -> [Range<Int>]? {
        Array(text.utf8).withUnsafeBytes { prefilter.ruleSelection($0) }
    }

    @Test("a rule is chosen when its first line may match, whether it names a type or not; adjacent rules are joined")
    func writtenDatabase() throws {
        let image = MagicTextDatabaseTests.database(main: Self.written, named: [])
        let prefilter = try #require(image.withUnsafeBytes { MagicTextPrefilter(images: [$0]) })
        #expect(prefilter.gates.map(\.entries) == [0..<1, 1..<3, 3..<4, 4..<5, 5..<7])
        #expect(selection(prefilter, "plain words only") == [4..<5])
        #expect(selection(prefilter, "see the manual") == [3..<5])
        #expect(selection(prefilter, "%!PS-Adobe and the rest") == [0..<1, 3..<5])
        #expect(selection(prefilter, "<HTML><body>the</body>") == [1..<5], "`<html` is looked for in any case")
        #expect(selection(prefilter, "require 'x'\nend\n") == [4..<7])
        // Another encoding, which libmagic converts before its rules read it: no choice.
        #expect(Array("\u{FEFF}the".utf8).withUnsafeBytes { prefilter.ruleSelection($0) } == nil)

        // The words file keeps the gates and the entry counts.
        let bytes = prefilter.serialized(cut: [1, 2, 3, 4, 5])
        let read = try #require(bytes.withUnsafeBytes { MagicTextPrefilter(serialized: $0, cut: [1, 2, 3, 4, 5]) })
        #expect(read.gates == prefilter.gates)
        #expect(read.mainEntryCount == 7 && read.namedEntryCount == 0)
    }

    @Test("no choice where a rule runs every rule again (indirect) or the cut is several databases")
    func noChoice() throws {
        let indirect = MagicTextPrefilterTests.entry(type: Layout.indirectType, value: [])
        let rerun = MagicTextDatabaseTests.database(main: Self.written + [indirect], named: [])
        let withIndirect = try #require(rerun.withUnsafeBytes { MagicTextPrefilter(images: [$0]) })
        #expect(withIndirect.gates.isEmpty)
        #expect(selection(withIndirect, "see the manual") == nil)

        let image = MagicTextDatabaseTests.database(main: Self.written, named: [])
        let two = try #require(image.withUnsafeBytes { first in image.withUnsafeBytes { MagicTextPrefilter(images: [first, $0]) } })
        #expect(two.gates.isEmpty)
    }

    /// libmagic's answer for `window` from a handle that loads the whole cut.
    static func wholeCutAnswer(_ cut: MagicTextDatabase, _ window: [UInt8]) throws -> String? {
        let handle = try #require(MagicCalls.open(flags: MagicCalls.textFlags))
        defer { MagicCalls.close(handle) }
        try #require(MagicCalls.load(handle, buffers: cut.buffers))
        return window.withUnsafeBytes { MagicCalls.describe(handle, $0) }
    }

    @Test("the system's cut: the chosen rules answer as the whole cut does on this machine's text, and are few")
    func systemCut() throws {
        let path = try #require(MagicCalls.defaultSearchPath())
        let cut = try MagicTextDatabase(searchPath: path)
        let sniffer = try MagicSniffer(textRulesOf: nil)
        let prefilter = try #require(sniffer.textPrefilter)
        #expect(!prefilter.gates.isEmpty, "the system's cut has no indirect test")
        let windows = MagicTextPrefilterTests.textWindows(limit: 600) + MagicTextDatabaseTests.texts.map { Array($0.utf8) }
        var chosenEntries: [Int] = []
        for window in windows {
            let expected = try Self.wholeCutAnswer(cut, window)
            #expect(window.withUnsafeBytes { sniffer.mimeType(of: $0) } == expected, "\(String(decoding: window.prefix(60), as: UTF8.self))")
            if let ranges = window.withUnsafeBytes({ prefilter.ruleSelection($0) }) {
                chosenEntries.append(ranges.reduce(0) { $0 + $1.count })
            }
        }
        try #require(chosenEntries.count * 10 >= windows.count * 9, "rules are chosen for most text")
        let median = chosenEntries.sorted()[chosenEntries.count / 2]
        #expect(median * 5 <= prefilter.mainEntryCount, "a text may match a fifth of the cut's entries at most, as a rule (median \(median) of \(prefilter.mainEntryCount))")
    }

    @Test("from the cached cut: the chosen rules are read from the file, and a cut replaced by one of other counts is loaded whole")
    func cachedCut() throws {
        let directory = TemporaryDirectory("magic-subset-cache")
        let folder = directory.path + "/openwith"
        _ = try MagicSniffer(textRulesOf: nil, cacheFolder: folder)
        let later = try MagicSniffer(textRulesOf: nil, cacheFolder: folder)
        let whole = try MagicSniffer()
        let texts = MagicTextDatabaseTests.texts.map { Array($0.utf8) }
        for text in texts {
            let expected = text.withUnsafeBytes { whole.mimeType(of: $0) }
            #expect(text.withUnsafeBytes { later.mimeType(of: $0) } == expected, "\(String(decoding: text.prefix(20), as: UTF8.self))")
        }
        #expect(later.idleHandleCount == 0, "no handle of the whole cut was needed")

        // The cut replaced (same name, other rules) after the sniffer read its words: the
        // chosen rules cannot be read from it, and the whole file answers.
        let searchPath = try #require(MagicCalls.defaultSearchPath())
        let name = try #require(MagicTextDatabase.cacheName(searchPath: searchPath))
        let replacement = MagicTextDatabaseTests.database(main: [MagicTextDatabaseTests.entry(textTest: true, value: "#include", mime: "text/x-replaced")], named: [])
        try Data(replacement).write(to: URL(fileURLWithPath: folder + "/" + name))
        let include = Array("#include <stdio.h>\nint main(void) { return 0; }\n".utf8)
        #expect(include.withUnsafeBytes { later.mimeType(of: $0) } == "text/x-replaced")
        #expect(later.idleHandleCount == 1)
    }
}
