@testable import ContentSniffing
import Foundation
import Glibc
import OpenWithTestSupport
import Testing
import UniformTypes

/// ``DirectoryScan`` classifies regular files through descriptors opened relative to their
/// folder, on several threads: every file's answer must be ``TypeResolver``'s for its path.
@Suite("DirectoryScan: the resolver's answers, file by file")
struct DirectoryScanTests {
    /// A gzip member header (no optional fields) before `deflated`.
    static func gzip(_ deflated: [UInt8]) -> [UInt8] { [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + deflated + ByteFixtures.zeros(8) }

    /// A tree of every kind the scan meets: compressed tar, plain gzip, text of many kinds,
    /// formats only the magic rules know, PNG and a PNG named as JPEG, empty files, links, a
    /// FIFO, a name that is not UTF-8, and one folder larger than a batch.
    static func makeTree(in folder: TemporaryDirectory) throws -> Set<String> {
        var paths: Set<String> = []
        func write(_ name: String, _ bytes: [UInt8]) throws { paths.insert(try folder.write("tree/" + name, bytes: bytes)) }
        var tar = TarArchiveBuilder()
        tar.add("docs/readme.txt", text: "read me\n")
        tar.add("docs/notes.txt", text: String(repeating: "notes ", count: 200))
        let archive = tar.build()
        try write("archives/bundle.tar.gz", gzip(DeflateFixture.fixed(archive)))
        try write("archives/bundle.tgz", gzip(DeflateFixture.stored(archive)))
        try write("archives/renamed.gz", gzip(DeflateFixture.fixed(archive)))
        let manual = Array(".TH LS 1\n.SH NAME\nls \\- list directory contents\n.SH SYNOPSIS\n.B ls\n[\\fIOPTION\\fR]... [\\fIFILE\\fR]...\n".utf8)
        try write("man/man1/ls.1.gz", gzip(DeflateFixture.fixed(manual + manual + manual + manual)))
        try write("doc/changelog.Debian.gz", gzip(DeflateFixture.fixedThenStored(manual, ByteFixtures.pseudoRandom(count: 600, seed: 2))))
        try write("doc/short.gz", gzip(DeflateFixture.fixed(Array("too short for a tar header".utf8))))
        try write("text/readme.txt", Array("Plain words on a line.\n".utf8))
        try write("text/notes", Array("no extension, but text all the same\n".utf8))
        try write("text/tool.pl", Array("#!/usr/bin/perl\nuse strict;\nprint \"hi\\n\";\n".utf8))
        try write("text/unnamed-script", Array("#!/usr/bin/env python3\nprint('hi')\n".utf8))
        try write("text/index.page", Array("<page xmlns=\"http://projectmallard.org/1.0/\" id=\"index\"><title>Help</title></page>\n".utf8))
        try write("text/data.xml", Array("<?xml version=\"1.0\"?>\n<catalog><item/></catalog>\n".utf8))
        try write("text/builder.ui", MagicRuleCases.gtkBuilder)
        try write("text/icon.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>\n".utf8))
        try write("text/syntax.vim", Array("\" Vim syntax file\nsyntax keyword Todo TODO\n".utf8))
        try write("text/big.txt", Array(String(repeating: "A longer text file that goes on past the first four kilobytes. ", count: 120).utf8))
        try write("text/empty.txt", [])
        try write("empty", [])
        for (index, row) in MagicRuleCases.all.enumerated() {
            try write("magic/case-\(index)", row.bytes)
            try write("magic/named/\(row.name.filter { $0.isLetter || $0.isNumber }).bin", row.bytes)
        }
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Catalog/samples/photo.png"))))
        try write("images/photo.png", png)
        try write("images/photo.jpg", png)
        try write("images/animated.png", MagicRefinementTests.apng)
        try write("data/noise.bin", ByteFixtures.pseudoRandom(count: 5000, seed: 7))
        for index in 0..<(DirectoryScan.batchSize * 2 + 5) {
            try write("many/file-\(index).txt", Array("line \(index)\n".utf8))
        }
        try write("deep/a/b/c/d/leaf.txt", Array("deep\n".utf8))
        // Links (a link is its own answer, never followed), a FIFO, a name that is not UTF-8.
        try FileManager.default.createSymbolicLink(atPath: folder.path("tree/link-to-text"), withDestinationPath: "text/readme.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path("tree/link-out"), withDestinationPath: "/usr")
        paths.formUnion([folder.path("tree/link-to-text"), folder.path("tree/link-out")])
        #expect(mkfifo(folder.path("tree/pipe"), 0o600) == 0)
        paths.insert(folder.path("tree/pipe"))
        let raw = PathBytes.string(from: Array(folder.path("tree/text/").utf8) + [0x6E, 0xFF, 0xFE] + Array(".txt".utf8))
        let descriptor = PathBytes.withCString(raw) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        #expect(descriptor >= 0)
        _ = "not UTF-8 named\n".withCString { Glibc.write(descriptor, $0, 16) }
        close(descriptor)
        paths.insert(raw)
        // An attribute that claims a type (where the file system keeps user attributes).
        _ = ExtendedAttribute.set("user.mime_type", to: "text/x-python", path: folder.path("tree/text/notes"))
        return paths
    }

    /// What a resolution says, field by field.
    static func summary(_ resolution: Resolution) -> String {
        "\(resolution.identifier) \(resolution.confidence) size \(resolution.size) ambiguous \(resolution.nameWasAmbiguous) "
            + "name \(resolution.nameType?.identifier.rawValue ?? "-") conflict \(resolution.conflict.map { "\($0)" } ?? "-") "
            + "evidence \(resolution.evidence)"
    }

    @Test("every file's answer is the resolver's for its path, on one thread and on several", arguments: [1, 3])
    func sameAnswers(threads: Int) throws {
        let folder = TemporaryDirectory("scan")
        let paths = try Self.makeTree(in: folder)
        let resolver = TypeResolver()
        let scan = DirectoryScan(resolver: resolver, threads: threads)
        let (entries, failures) = scan.classifyAll(folder.path("tree"))
        #expect(failures.isEmpty, "\(failures)")
        #expect(entries.count == paths.count)
        #expect(Set(entries.map(\.path)) == paths)
        var options = ResolutionOptions.default
        options.followsSymlinks = false
        var kinds: Set<String> = []
        for entry in entries {
            let scanned = try #require(entry.resolution, "\(entry.path): \(entry.failure ?? "")")
            let expected = try resolver.resolve(path: entry.path, options: options)
            #expect(Self.summary(scanned) == Self.summary(expected), "\(entry.path)")
            kinds.insert(scanned.identifier.rawValue)
        }
        // The tree really holds the kinds it is meant to.
        for kind in ["org.gnu.gnu-zip-tar-archive", "org.gnu.gnu-zip-archive", "public.png", "public.plain-text", "public.symlink", "org.freedesktop.mime.image.apng"] {
            #expect(kinds.contains(kind), "\(kind) in \(kinds.sorted())")
        }
    }

    @Test("the summary counts every file and lists mismatches and failures sorted by path")
    func summaryIsOrdered() throws {
        let folder = TemporaryDirectory("scan")
        let paths = try Self.makeTree(in: folder)
        let summary = DirectoryScan(resolver: TypeResolver(), threads: 2).run(folder.path("tree"))
        #expect(summary.fileCount == paths.count)
        #expect(summary.countsByType.reduce(0) { $0 + $1.count } == paths.count)
        #expect(summary.mismatches.map(\.path) == summary.mismatches.map(\.path).sorted())
        #expect(summary.mismatches.contains { $0.path.hasSuffix("images/photo.jpg") })
    }

    @Test("a folder that cannot be listed is a failure, not the end of the scan")
    func missingRoot() {
        let summary = DirectoryScan(resolver: TypeResolver(), threads: 2).run("/nonexistent-folder-for-scan")
        #expect(summary.fileCount == 0)
        #expect(summary.failures.map(\.path) == ["/nonexistent-folder-for-scan"])
    }
}
