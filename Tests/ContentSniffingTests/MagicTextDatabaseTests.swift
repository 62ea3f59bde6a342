@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing

/// libmagic's database cut down to the rules that can name text (``MagicTextDatabase``): the
/// policy on a database written here, the cut of the system's database in libmagic, the cache
/// between processes, and databases the cut refuses.
@Suite("MagicTextDatabase (libmagic's text rules)")
struct MagicTextDatabaseTests {
    typealias Layout = MagicTextDatabase.Layout

    /// One entry of a compiled database (version 18 layout): a test for equality with `value`
    /// at offset 0, all other fields zero.
    static func entry(level: UInt16 = 0, textTest: Bool = false, type: UInt8 = 5, value: String = "", mime: String = "") -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Layout.entrySize)
        bytes[0] = UInt8(level & 0xFF)
        bytes[1] = UInt8(level >> 8)
        bytes[Layout.flag] = textTest ? Layout.textTest : 0x20
        bytes[4] = UInt8(ascii: "=")  // reln
        bytes[5] = UInt8(value.utf8.count)  // vallen
        bytes[Layout.type] = type
        bytes.replaceSubrange(Layout.value..<(Layout.value + value.utf8.count), with: value.utf8)
        bytes.replaceSubrange(Layout.mimeType..<(Layout.mimeType + mime.utf8.count), with: mime.utf8)
        return bytes
    }

    /// A compiled database of `main` entries (set 0) and `named` entries (set 1).
    static func database(main: [[UInt8]], named: [[UInt8]], version: UInt32 = Layout.version) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: Layout.entrySize)
        for (offset, value) in [(0, Layout.magicNumber), (4, version), (8, UInt32(main.count)), (12, UInt32(named.count))] {
            withUnsafeBytes(of: value.littleEndian) { header.replaceSubrange(offset..<(offset + 4), with: $0) }
        }
        return header + main.joined() + named.joined()
    }

    /// The MIME fields of the top-level entries of set 0, and the names of set 1, of a cut.
    static func contents(of buffer: UnsafeMutableRawBufferPointer) -> (rules: [String], named: [String]) {
        let size = Layout.entrySize
        let main = Int(buffer.load(fromByteOffset: 8, as: UInt32.self))
        let named = Int(buffer.load(fromByteOffset: 12, as: UInt32.self))
        #expect(buffer.count == (1 + main + named) * size)
        func text(_ entry: Int, _ offset: Int, _ length: Int) -> String {
            let start = (1 + entry) * size + offset
            return String(decoding: buffer[start..<(start + length)].prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let rules = (0..<main).filter { buffer.load(fromByteOffset: (1 + $0) * size, as: UInt16.self) == 0 }
            .map { text($0, Layout.mimeType, Layout.mimeTypeSize) }
        let names = (main..<(main + named)).filter { buffer.load(fromByteOffset: (1 + $0) * size, as: UInt16.self) == 0 }
            .map { text($0, Layout.value, Layout.valueSize) }
        return (rules, names)
    }

    @Test("a rule is kept when it (or a named rule it uses) answers with a MIME type, and it tests text or answers with a text format, or when it is a text test answering nothing; named rules only when used")
    func policy() throws {
        let directory = TemporaryDirectory("magic-cut-policy")
        let main = [
            Self.entry(textTest: true, mime: "text/x-one"),              // a text test with a type: kept
            Self.entry(mime: "image/x-two"),                              // a binary test of a binary format: left out
            Self.entry(mime: ""), Self.entry(level: 1, mime: "image/svg+xml"),   // a binary test answering XML below: kept
            Self.entry(textTest: true), Self.entry(level: 1, textTest: true),    // a text test with no type: kept (it ends the search)
            Self.entry(textTest: true, type: Layout.regexType, value: "^[!-?A-~]{1,255}(\t[^\t]+){11}"),  // the same, costly to compile: left out
            Self.entry(mime: ""), Self.entry(level: 1, mime: ""),        // a binary test with no type: left out
            Self.entry(mime: "application/postscript"),                   // kept
            Self.entry(mime: "application/postscriptx"),                  // not PostScript: left out
            Self.entry(textTest: true, mime: "text/x-three"), Self.entry(level: 1, type: Layout.useType, value: "^outer"),  // kept, uses "outer"
            Self.entry(mime: "message/rfc822"),                           // kept
            Self.entry(mime: "image/x-four"), Self.entry(level: 1, type: Layout.useType, value: "lost"),  // left out with its use
            Self.entry(), Self.entry(level: 1, type: Layout.useType, value: "pixmap"),   // a binary test answering a text format through a named rule: kept
            Self.entry(textTest: true), Self.entry(level: 1, type: Layout.useType, value: "binary"),  // a text test answering through a named rule: kept
            Self.entry(), Self.entry(level: 1, type: Layout.useType, value: "binary"),   // a binary test answering a binary format through one: left out
        ]
        let named = [
            Self.entry(type: Layout.nameType, value: "outer"), Self.entry(level: 1, type: Layout.useType, value: "inner"),
            Self.entry(type: Layout.nameType, value: "lost"),
            Self.entry(type: Layout.nameType, value: "inner"), Self.entry(level: 1, mime: "text/x-inner"),
            Self.entry(type: Layout.nameType, value: "unused"),
            Self.entry(type: Layout.nameType, value: "pixmap"), Self.entry(level: 1, type: Layout.useType, value: "xpm"),
            Self.entry(type: Layout.nameType, value: "xpm"), Self.entry(level: 1, mime: "image/x-xpixmap"),
            Self.entry(type: Layout.nameType, value: "binary"), Self.entry(level: 1, mime: "image/x-binary"),
        ]
        let path = try directory.write("rules.mgc", bytes: Self.database(main: main, named: named))
        let cut = try MagicTextDatabase(searchPath: path)
        #expect(cut.ruleCount == 14)
        #expect(cut.keptRuleCount == 8)
        #expect(cut.buffers.count == 1)
        let (rules, names) = Self.contents(of: cut.buffers[0])
        #expect(rules == ["text/x-one", "", "", "application/postscript", "text/x-three", "message/rfc822", "", ""])
        #expect(names == ["outer", "inner", "pixmap", "xpm", "binary"], "the named rules used, directly and through another, in their order")
    }

    @Test("a component without .mgc stands for its compiled form; a rules source of comments only is passed over")
    func searchPathComponents() throws {
        let directory = TemporaryDirectory("magic-cut-path")
        let bytes = Self.database(main: [Self.entry(textTest: true, mime: "text/x-one")], named: [])
        _ = try directory.write("rules.mgc", bytes: bytes)
        let comments = try directory.write("local", bytes: Array("# Local magic rules\n\n  # none yet\n".utf8))
        let cut = try MagicTextDatabase(searchPath: comments + ":" + directory.path + "/rules:" + directory.path + "/missing")
        #expect(cut.keptRuleCount == 1)
        #expect(Self.contents(of: cut.buffers[0]).rules == ["text/x-one"])
    }

    @Test("named rules that use one another in a circle are cut, each once")
    func circularUses() throws {
        let directory = TemporaryDirectory("magic-cut-circle")
        let main = [Self.entry(textTest: true), Self.entry(level: 1, type: Layout.useType, value: "a")]
        let named = [
            Self.entry(type: Layout.nameType, value: "a"), Self.entry(level: 1, type: Layout.useType, value: "b"),
            Self.entry(type: Layout.nameType, value: "b"), Self.entry(level: 1, type: Layout.useType, value: "a"),
            Self.entry(level: 1, mime: "text/x-circle"),
        ]
        let cut = try MagicTextDatabase(searchPath: directory.write("rules.mgc", bytes: Self.database(main: main, named: named)))
        #expect(cut.keptRuleCount == 1)
        #expect(Self.contents(of: cut.buffers[0]).named == ["a", "b"])
    }

    @Test("a damaged database is cut or refused with the file named, never worse: 3,000 seeded damages of one written here")
    func damagedDatabases() throws {
        let directory = TemporaryDirectory("magic-cut-damage")
        let main = [
            Self.entry(textTest: true, mime: "text/x-one"), Self.entry(level: 1, type: Layout.useType, value: "a"),
            Self.entry(mime: "image/x-two"), Self.entry(level: 2, type: Layout.regexType, value: "x{1,300}"),
            Self.entry(textTest: true, type: Layout.regexType, value: "^[a-z]{0,10}$"),
        ]
        let named = [
            Self.entry(type: Layout.nameType, value: "a"), Self.entry(level: 1, type: Layout.useType, value: "^a"),
            Self.entry(level: 1, mime: "text/x-a"),
        ]
        let original = Self.database(main: main, named: named)
        var random = SplitMix64(seed: 0x6D61_6769_6374_7874)
        var accepted = 0
        for round in 0..<3_000 {
            var bytes = original
            for _ in 0..<(1 + round % 8) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            if round % 50 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))) }
            let path = try directory.write("rules.mgc", bytes: bytes)
            do {
                let cut = try MagicTextDatabase(searchPath: path)
                accepted += 1
                let buffer = cut.buffers[0]
                #expect(buffer.count % Layout.entrySize == 0)
                #expect(buffer.count <= bytes.count)
                #expect(cut.keptRuleCount <= cut.ruleCount)
                _ = Self.contents(of: buffer)
            } catch {
                #expect(error.code == .magicUnavailable && error.path == path)
            }
        }
        #expect(accepted > 1_000, "most damages leave the header whole: \(accepted) accepted")
    }

    @Test("a database the cut does not know, or a path with rules it would lose, is refused with the file and the reason")
    func refusals() throws {
        let directory = TemporaryDirectory("magic-cut-bad")
        let good = Self.database(main: [Self.entry(textTest: true, mime: "text/x-one")], named: [])
        let cases: [(String, [UInt8], String)] = [
            ("short.mgc", Array(good.prefix(100)), "too short"),
            ("garbage.mgc", Array(repeating: 0x41, count: Layout.entrySize * 2), "not a compiled magic database"),
            ("swapped.mgc", [0xF1, 0x1E, 0x04, 0x1C] + good.dropFirst(4), "other byte order"),
            ("old.mgc", Self.database(main: [Self.entry(mime: "text/x-one")], named: [], version: 17), "version 17"),
            ("cut-short.mgc", Array(good.dropLast(10)), "do not hold"),
            ("extra.mgc", good + [0], "do not hold"),
        ]
        for (name, bytes, reason) in cases {
            let path = try directory.write(name, bytes: bytes)
            let error = #expect(throws: SniffingError.self) { try MagicTextDatabase(searchPath: path) }
            #expect(error?.code == .magicUnavailable, "\(name)")
            #expect(error?.path == path, "\(name)")
            #expect(error?.reason.contains(reason) == true, "\(name): \(error?.reason ?? "")")
        }
        let compiled = try directory.write("good.mgc", bytes: good)
        let rules = try directory.write("local", bytes: Array("# Local rules\n0\tstring\tLOCAL\tlocal text\n".utf8))
        let error = #expect(throws: SniffingError.self) { try MagicTextDatabase(searchPath: rules + ":" + compiled) }
        #expect(error?.path == rules)
        #expect(error?.reason.contains("uncompiled") == true)
        #expect(throws: SniffingError.self) { try MagicTextDatabase(searchPath: directory.path + "/missing") }
    }

    /// Text of many kinds, written here, that libmagic's text rules tell apart.
    static let texts: [String] = [
        "Hello, libmagic.\nThis is plain text.\n",
        "# pmake might add -J (private)\nFLAGS=${.MAKEFLAGS:C/\\-J ([0-9]+,?)+//W}\n\nall: .DEFAULT\n.DEFAULT:\n\t@echo done\n",
        ".TH DSW 1\n.SH NAME\ndsw \\- delete interactively\n.SH SYNOPSIS\n.B dsw\n[ directory ]\n",
        "#include <stdio.h>\n\nint main(void)\n{\n    printf(\"hello\\n\");\n    return 0;\n}\n",
        "<!DOCTYPE html>\n<html><head><title>t</title></head><body><p>hi</p></body></html>\n",
        "#!/bin/sh\necho hello\n",
        "From alice@example.org Mon Jan  1 00:00:00 2024\nSubject: hi\n\nbody\n",
        "%!PS-Adobe-3.0\n%%Title: page\nnewpath 0 0 moveto showpage\n",
        "(defun square (x)\n  \"Square X.\"\n  (* x x))\n",
    ]

    @Test("on text, the cut of the system's database answers as the whole database does")
    func systemDatabaseOnText() throws {
        let whole = try MagicSniffer()
        let cut = try MagicSniffer(textRulesOf: nil)
        var named = 0
        for text in Self.texts {
            let bytes = Array(text.utf8)
            let expected = bytes.withUnsafeBytes { whole.mimeType(of: $0) }
            #expect(bytes.withUnsafeBytes { cut.mimeType(of: $0) } == expected, "\(text.prefix(20))")
            if expected != "text/plain" { named += 1 }
        }
        #expect(named >= 6, "libmagic names most of the kinds written here")
    }

    @Test("the cut of the system's database is a small part of it and leaves binary formats out")
    func systemDatabaseSize() throws {
        let path = try #require(MagicCalls.defaultSearchPath())
        let cut = try MagicTextDatabase(searchPath: path)
        #expect(cut.keptRuleCount > 100)
        #expect(cut.keptRuleCount * 5 < cut.ruleCount, "\(cut.keptRuleCount) of \(cut.ruleCount) rules kept")
        let sniffer = try MagicSniffer(textRulesOf: nil)
        let png = MagicSnifferTests.png
        #expect(png.withUnsafeBytes { sniffer.mimeType(of: $0) } != "image/png")
        #expect(png.withUnsafeBytes { try! MagicSniffer().mimeType(of: $0) } == "image/png")
    }

    @Test("the cut is kept in the cache folder, loaded from it, and made again when it is not to be trusted")
    func cache() throws {
        let directory = TemporaryDirectory("magic-cut-cache")
        let folder = directory.path + "/cache/openwith"
        let stale = try { () throws -> String in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return try directory.write("cache/openwith/magic-text-0000000000000000.mgc", bytes: [1, 2, 3])
        }()
        let path = try #require(MagicCalls.defaultSearchPath())
        let name = try #require(MagicTextDatabase.cacheName(searchPath: path))
        let cached = folder + "/" + name
        let makefile = Array(Self.texts[1].utf8)

        let first = try MagicSniffer(textRulesOf: nil, cacheFolder: folder)
        #expect(makefile.withUnsafeBytes { first.mimeType(of: $0) } == "text/x-makefile")
        let written = try Data(contentsOf: URL(fileURLWithPath: cached))
        let inMemory = try MagicTextDatabase(searchPath: path)
        #expect(written == Data(UnsafeRawBufferPointer(inMemory.buffers[0])), "the file is the cut")
        #expect(!FileManager.default.fileExists(atPath: stale), "a cut of another database is removed")
        #expect(MagicTextDatabase.isTrustedCache(cached))

        // A later process loads the file: here, a cut in which the makefile rule is missing.
        let withoutMakefiles = Self.database(main: [Self.entry(textTest: true, type: 5, value: "zzzz-no-such-text", mime: "text/x-one")], named: [])
        try Data(withoutMakefiles).write(to: URL(fileURLWithPath: cached))
        let second = try MagicSniffer(textRulesOf: nil, cacheFolder: folder)
        #expect(makefile.withUnsafeBytes { second.mimeType(of: $0) } == "text/plain", "answered from the cached file")

        // Writable by others: not trusted, made again and written anew.
        #expect(chmod(cached, 0o666) == 0)
        #expect(!MagicTextDatabase.isTrustedCache(cached))
        let third = try MagicSniffer(textRulesOf: nil, cacheFolder: folder)
        #expect(makefile.withUnsafeBytes { third.mimeType(of: $0) } == "text/x-makefile")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cached)) == written)
        #expect(MagicTextDatabase.isTrustedCache(cached))

        // Damaged: libmagic refuses it, so it is made again.
        try Data([0xF1, 0x1E]).write(to: URL(fileURLWithPath: cached))
        let fourth = try MagicSniffer(textRulesOf: nil, cacheFolder: folder)
        #expect(makefile.withUnsafeBytes { fourth.mimeType(of: $0) } == "text/x-makefile")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cached)) == written)
    }

    @Test("a cache folder that cannot be made is no error: the cut is used from memory")
    func unwritableCache() throws {
        let directory = TemporaryDirectory("magic-cut-nocache")
        let blocker = try directory.write("file", bytes: [0])
        let sniffer = try MagicSniffer(textRulesOf: nil, cacheFolder: blocker + "/openwith")
        #expect(Array(Self.texts[1].utf8).withUnsafeBytes { sniffer.mimeType(of: $0) } == "text/x-makefile")
    }

    @Test("a regular expression is costly when it repeats something more than 64 times", arguments: [
        ("^[!-?A-~]{1,255}(\t[^\t]+){11}", true), ("^[ \t\n]{0,100}BEGIN", true), ("x{65}", true), ("x{2,}y{0,1000000000000}", true),
        ("^[ \t]{0,50}\\.asciiz", false), ("(a|b){11}", false), ("\\{100}", false), ("{", false), ("a{,}", false),
    ])
    func costlyRepetition(_ pattern: String, _ costly: Bool) {
        #expect(Array(pattern.utf8).withUnsafeBytes { MagicTextDatabase.hasCostlyRepetition($0) } == costly)
    }

    @Test("the cache name follows the database's identity")
    func cacheName() throws {
        let directory = TemporaryDirectory("magic-cut-name")
        let bytes = Self.database(main: [Self.entry(textTest: true, mime: "text/x-one")], named: [])
        let path = try directory.write("rules.mgc", bytes: bytes)
        let before = try #require(MagicTextDatabase.cacheName(searchPath: path))
        #expect(MagicTextDatabase.cacheName(searchPath: path) == before)
        #expect(before.hasPrefix("magic-text-") && before.hasSuffix(".mgc") && before.count == 31)
        _ = try directory.write("rules.mgc", bytes: bytes + bytes.suffix(Layout.entrySize))
        #expect(MagicTextDatabase.cacheName(searchPath: path) != before, "a changed size")
        #expect(MagicTextDatabase.cacheName(searchPath: directory.path + "/rules") != before, "another path")
    }
}
