@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing

/// What libmagic's text rules must find before one can name a type (``MagicTextPrefilter``):
/// the words read from regular expressions, the prefilter of a database written here, and the
/// system's cut against libmagic itself on real text.
@Suite("MagicTextPrefilter (the words libmagic's text rules need)")
struct MagicTextPrefilterTests {
    typealias Layout = MagicTextDatabase.Layout

    func words(_ pattern: String) -> [String]? {
        Array(pattern.utf8).withUnsafeBytes { MagicRegexLiterals($0) }.map { literals in
            literals.words.map { ($0.atLineStart ? "^" : "") + String(decoding: $0.bytes, as: UTF8.self) }.sorted()
        }
    }

    @Test("a regular expression's necessary words: runs, small brackets, required groups, and nothing when none is certain")
    func regexWords() {
        #expect(words(#"^(CFLAGS|VPATH|LDFLAGS|all:|\.PRECIOUS)"#) == [".PRECIOUS", "CFLAGS", "LDFLAGS", "VPATH", "all:"])
        #expect(words("^[Cc][ \t]") == ["^C\t", "^C ", "^c\t", "^c "].sorted())
        #expect(words(#"\((async )?function[( ]"#) == ["function ", "function("])
        #expect(words("^[[:space:]]*class[[:space:]]+[[:alpha:]]") == ["class"])
        #expect(words("^[ \t]{0,50}\\.asciiz") == [".asciiz"])
        #expect(words("^#include") == ["^#include"])
        #expect(words("ab+c") == ["ab"])
        #expect(words("x{2}yz") == ["yz"])
        #expect(words("foo|bar") == ["bar", "foo"])
        // Nothing certain: classes and repetitions only, an alternative without a word, a
        // malformed pattern.
        #expect(words("[^x]*$") == nil)
        #expect(words("foo|[0-9]+") == nil)
        #expect(words("(a|[0-9])") == nil)
        #expect(words("*abc") == nil)
        #expect(words("(abc") == nil)
    }

    /// An entry of a compiled database: a test of `type` with `value` at `offset`.
    static func entry(
        level: UInt16 = 0, type: UInt8, value: [UInt8], offset: Int32 = 0, range: UInt32 = 0, flags: UInt32 = 0, mime: String = "",
        relation: Character = "="
    ) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Layout.entrySize)
        bytes[0] = UInt8(level & 0xFF)
        bytes[Layout.flag] = 0x40
        bytes[Layout.relation] = UInt8(ascii: relation.unicodeScalars.first!)
        bytes[Layout.valueLength] = UInt8(value.count)
        bytes[Layout.type] = type
        withUnsafeBytes(of: offset.littleEndian) { bytes.replaceSubrange(Layout.offset..<(Layout.offset + 4), with: $0) }
        withUnsafeBytes(of: range.littleEndian) { bytes.replaceSubrange(Layout.range..<(Layout.range + 4), with: $0) }
        withUnsafeBytes(of: flags.littleEndian) { bytes.replaceSubrange(Layout.stringFlags..<(Layout.stringFlags + 4), with: $0) }
        bytes.replaceSubrange(Layout.value..<(Layout.value + value.count), with: value)
        bytes.replaceSubrange(Layout.mimeType..<(Layout.mimeType + mime.utf8.count), with: mime.utf8)
        return bytes
    }

    func prefilter(main: [[UInt8]], named: [[UInt8]] = []) -> MagicTextPrefilter? {
        let image = MagicTextDatabaseTests.database(main: main, named: named)
        return image.withUnsafeBytes { MagicTextPrefilter(images: [$0]) }
    }

    func mayName(_ prefilter: MagicTextPrefilter?, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { prefilter?.mayName($0) ?? true }
    }

    @Test("a database written here: offsets, ranges, case, chains of lines, named rules, and rules that name no type")
    func writtenDatabase() throws {
        let regex = Layout.regexType, string = Layout.stringType, search = Layout.searchType
        let main = [
            // `%!PS` at offset 0 exactly.
            Self.entry(type: string, value: Array("%!PS".utf8), mime: "application/postscript"),
            // `<html` within the first 100 bytes, any case.
            Self.entry(type: search, value: Array("<html".utf8), range: 100, flags: 0x04, mime: "text/html"),
            // A search, then a regex on a line below it: both words needed.
            Self.entry(type: search, value: Array("require".utf8), range: 8192),
            Self.entry(level: 1, type: regex, value: Array("^end$".utf8), mime: "text/x-ruby"),
            // A rule that names no type: left out.
            Self.entry(type: search, value: Array("the".utf8), range: 8192),
            // A rule that answers through a named rule.
            Self.entry(type: string, value: Array("@@".utf8)),
            Self.entry(level: 1, type: Layout.useType, value: Array("answers".utf8)),
        ]
        let named = [
            Self.entry(type: Layout.nameType, value: Array("answers".utf8)),
            Self.entry(level: 1, type: string, value: Array("x".utf8), mime: "text/x-diff"),
        ]
        let filter = try #require(prefilter(main: main, named: named))
        #expect(filter.paths.count == 4)
        #expect(mayName(filter, "%!PS-Adobe-3.0\n"))
        #expect(!mayName(filter, "see %!PS in the manual\n"), "%!PS only counts at offset 0")
        #expect(mayName(filter, "<!doctype html>\n<HTML>"))
        #expect(!mayName(filter, String(repeating: "x", count: 120) + "<html>"), "<html starts past the range")
        #expect(mayName(filter, "require 'x'\nend\n"))
        #expect(!mayName(filter, "require 'x'\nthe end\n"), "`end` must start a line")
        #expect(mayName(filter, "@@ -1 +1 @@\n"))
        #expect(!mayName(filter, "the quick brown fox\n"))
        // Not ASCII or UTF-8 (Latin-1 prose): the prefilter does not answer.
        #expect([0x63, 0x61, 0x66, 0xE9, 0x0A].withUnsafeBytes { filter.mayName($0) })
        // A rule that names a type with no word on its way leaves no prefilter.
        #expect(prefilter(main: main + [Self.entry(type: regex, value: Array("[0-9]+".utf8), mime: "text/x-number")]) == nil)
        #expect(prefilter(main: main + [Self.entry(type: string, value: Array("x".utf8), mime: "text/x-not", relation: "!")]) == nil)
    }

    @Test("a UTF-16 string is compared by the low byte of each unit: text that spells one every other byte may be named")
    func utf16LowBytes() throws {
        let sniffer = try MagicSniffer(textRulesOf: nil)
        let filter = try #require(sniffer.textPrefilter)
        func spaced(_ text: String) -> String { text.unicodeScalars.map { "\($0)." }.joined() }
        // libmagic's rule for registry files reads "Windows Registry Editor " as UTF-16 at
        // offset 2 and "Version 5.00" at 50; ASCII text holding their letters every other byte
        // passes it.
        let text = Array(("ab" + spaced("Windows Registry Editor ") + spaced("Version 5.00\r\n\r\n") + "[HKEY_CURRENT_USER]\n").utf8)
        #expect(text.withUnsafeBytes { sniffer.mimeType(of: $0) } == "text/x-ms-regedit")
        #expect(text.withUnsafeBytes { filter.mayName($0) })
    }

    /// Text files of this machine, read as the resolver hands them to libmagic (2 KiB).
    static func textWindows(limit: Int) -> [[UInt8]] {
        var windows: [[UInt8]] = []
        let roots = ["/usr/share/doc", "/usr/share/perl5", "/usr/share/X11", "/etc", "/usr/include"]
        for root in roots {
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String, windows.count < limit {
                let path = root + "/" + relative
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { continue }
                let bytes = [UInt8](handle.readData(ofLength: 2048))
                try? handle.close()
                guard !bytes.isEmpty, !bytes.contains(0) else { continue }
                windows.append(bytes)
            }
        }
        return windows
    }

    @Test("the system's cut: where the prefilter says no rule can name the text, libmagic says text/plain")
    func systemCutAgainstLibmagic() throws {
        let sniffer = try MagicSniffer(textRulesOf: nil)
        let filter = try #require(sniffer.textPrefilter, "the system's cut has a prefilter")
        let windows = Self.textWindows(limit: 1_500)
        try #require(windows.count >= 200, "this machine has text files to read")
        var skipped = 0
        for window in windows {
            let answer = window.withUnsafeBytes { sniffer.mimeType(of: $0) }
            if !window.withUnsafeBytes({ filter.mayName($0) }) {
                skipped += 1
                #expect(answer == "text/plain" || answer == "application/octet-stream", "\(String(decoding: window.prefix(60), as: UTF8.self))")
            }
        }
        #expect(skipped * 5 >= windows.count, "the prefilter spares at least one call in five (\(skipped) of \(windows.count))")
        for text in MagicTextDatabaseTests.texts where text.hasPrefix("#include") || text.hasPrefix(".TH") {
            #expect(Array(text.utf8).withUnsafeBytes { filter.mayName($0) }, "\(text.prefix(12))")
        }
    }

    @Test("the words file: read back whole, bound to its cut, and refused when damaged (3,000 seeded damages)")
    func wordsFile() throws {
        let sniffer = try MagicSniffer(textRulesOf: nil)
        let filter = try #require(sniffer.textPrefilter)
        let cut: [UInt64] = [1, 2, 3, 4, 5]
        let bytes = filter.serialized(cut: cut)
        let read = bytes.withUnsafeBytes { MagicTextPrefilter(serialized: $0, cut: cut) }
        #expect(read?.paths == filter.paths)
        #expect(bytes.withUnsafeBytes { MagicTextPrefilter(serialized: $0, cut: [1, 2, 3, 4, 6]) } == nil, "another cut's words")
        #expect((bytes + [0]).withUnsafeBytes { MagicTextPrefilter(serialized: $0, cut: cut) } == nil, "bytes after the end")
        for length in [0, 3, 5, 20, 45, bytes.count / 2, bytes.count - 1] {
            #expect(bytes.prefix(length).withUnsafeBytes { MagicTextPrefilter(serialized: $0, cut: cut) } == nil, "cut at \(length)")
        }
        // Seeded damage: each damaged file is refused or read as some prefilter, never a crash.
        var random = SplitMix64(seed: 17)
        var refused = 0
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let at = Int(random.next() % UInt64(damaged.count))
                damaged[at] = UInt8(truncatingIfNeeded: random.next())
            }
            if damaged.withUnsafeBytes({ MagicTextPrefilter(serialized: $0, cut: cut) }) == nil { refused += 1 }
        }
        #expect(refused > 0)
    }

    @Test("the cache keeps the words beside the cut, trusts them only as it trusts the cut, and reads them again when the cut changes")
    func wordsCache() throws {
        let directory = TemporaryDirectory("magic-words-cache")
        let folder = directory.path + "/openwith"
        let path = try #require(MagicCalls.defaultSearchPath())
        let name = try #require(MagicTextDatabase.cacheName(searchPath: path))
        let words = folder + "/" + MagicTextPrefilter.cacheName(ofCut: name)
        let first = try MagicSniffer(textRulesOf: nil, cacheFolder: folder)
        let paths = try #require(first.textPrefilter?.paths)
        #expect(MagicTextDatabase.isTrustedCache(words), "written beside the cut")

        // A later process reads the words file: here, one planted with no paths at all.
        let planted = try #require(MagicTextPrefilter(main: [], named: []))
        try #require(planted.write(besideCut: folder + "/" + name))
        #expect(try MagicSniffer(textRulesOf: nil, cacheFolder: folder).textPrefilter?.paths.isEmpty == true, "read from the file")

        // Writable by others, or damaged: read again from the cut and written anew.
        #expect(chmod(words, 0o666) == 0)
        #expect(try MagicSniffer(textRulesOf: nil, cacheFolder: folder).textPrefilter?.paths == paths)
        #expect(MagicTextDatabase.isTrustedCache(words))
        try Data([0x4F, 0x57]).write(to: URL(fileURLWithPath: words))
        #expect(try MagicSniffer(textRulesOf: nil, cacheFolder: folder).textPrefilter?.paths == paths)

        // The cut touched since the words were written: its words are read again.
        try #require(planted.write(besideCut: folder + "/" + name))
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder + "/" + name, &times, 0) == 0)
        #expect(try MagicSniffer(textRulesOf: nil, cacheFolder: folder).textPrefilter?.paths == paths)
    }
}
