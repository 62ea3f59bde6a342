import ContentSniffing
import Foundation
import Testing
import UniformTypes

/// Text that no name tells and the text classifier cannot place is asked of libmagic, as it is
/// when the content alone is asked about: a `BSDmakefile` is a makefile, a one-line `.so`
/// request under a man page's odd section name is troff.
@Suite("Text nothing else placed")
struct UnplacedTextTests {
    let resolver = TypeResolver()

    func resolve(_ text: String, named name: String) throws -> Resolution {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openwith-unplaced-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try resolver.resolve(path: path)
    }

    @Test(
        "libmagic places text the classifier was not sure of",
        arguments: [
            ("all: build\n\nbuild:\n\tcc -o prog prog.c\n", "BSDmakefile", "text/x-makefile"),
            (".so man3/other.3\n", "other.3p", "text/troff"),
        ])
    func placed(text: String, name: String, mime: String) throws {
        let expected = try #require(resolver.graph.type(mimeType: mime))
        let resolution = try resolve(text, named: name)
        try #require(resolution.evidence.contains { $0.source == .textContent && $0.detail.contains("not sure") }, "the classifier was not sure")
        #expect(resolution.type == expected)
        #expect(resolution.evidence.contains { $0.source == .libmagic && $0.identifier == expected.identifier })
    }

    @Test("a name that tells keeps libmagic out")
    func namedText() throws {
        let resolution = try resolve("all: build\n\nbuild:\n\tcc -o prog prog.c\n", named: "notes.txt")
        #expect(resolution.type == resolver.graph.identity(.plainText))
        #expect(!resolution.evidence.contains { $0.source == .libmagic })
    }
}
