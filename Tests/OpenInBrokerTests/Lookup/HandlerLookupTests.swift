import DocumentCatalog
import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("The handler lookup: one answer to what a file is and who opens it")
struct HandlerLookupTests {
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]

    @Test("A file resolves by its content and ranks as its type does, with reasons")
    func resolvesAndRanks() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("viewer", [("public.png", .viewer, .default)]),
            RankingFixture.app("images", [("public.image", .viewer, .owner)]),
        ])
        let file = try fixture.folder.write("picture.bin", bytes: Self.pngBytes)
        let lookup = HandlerLookup(snapshot: try fixture.catalog.snapshot())
        let answer = try lookup.handlers(forFileAt: file)
        #expect(answer.path == file)
        #expect(answer.absolutePath == file)
        #expect(answer.resolution.identifier == "public.png")
        #expect(answer.handlers.candidates.map(\.app.id) == ["viewer", "images"])
        #expect(answer.handlers.defaultHandler?.app.id == "viewer")
        #expect(answer.handlers.candidates[1].reason.contains("public.image"))
        // The same answer as resolving and ranking by hand.
        let byHand = try fixture.ranking().handlers(for: try fixture.type("public.png"))
        #expect(byHand.candidates.map(\.app.id) == answer.handlers.candidates.map(\.app.id))
    }

    @Test("A per-file default is found through the normalised path")
    func perFileDefault() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("viewer", [("public.png", .viewer, .default)]),
            RankingFixture.app("other", [("public.png", .viewer, .alternate)]),
        ])
        let file = try fixture.folder.write("picture.png", bytes: Self.pngBytes)
        try fixture.catalog.setDefault(scope: .file, key: file, role: .any, appID: "other", force: false)
        let lookup = HandlerLookup(snapshot: try fixture.catalog.snapshot())
        let dotted = fixture.folder.path("./sub/../picture.png")
        try fixture.folder.write("sub/placeholder", bytes: [])
        let answer = try lookup.handlers(forFileAt: dotted)
        #expect(answer.absolutePath == file)
        #expect(answer.handlers.defaultHandler?.app.id == "other")
        let target = try DefaultTarget(parsing: dotted, isFile: true, graph: lookup.snapshot.graph)
        #expect(target == DefaultTarget(scope: .file, key: file))
        #expect(lookup.defaultHandler(for: target)?.app.id == "other")
        #expect(lookup.defaultHandler(for: DefaultTarget(scope: .type, key: "public.png"))?.app.id == "viewer")
    }

    @Test("A file that cannot be read is refused with what went wrong, naming the file")
    func unreadable() throws {
        let fixture = try RankingFixture([])
        let lookup = HandlerLookup(snapshot: try fixture.catalog.snapshot())
        let missing = fixture.folder.path("missing.png")
        let error = try #require(throws: HandOverError.self) { try lookup.handlers(forFileAt: missing) }
        #expect(error.code == .notFound)
        #expect(error.path == missing)
        #expect(error.errno == 2)
    }

    @Test(
        "Default targets as typed: identifiers, extensions, MIME types and schemes",
        arguments: [
            ("public.png", DefaultScope.type, "public.png"),
            (".png", .type, "public.png"),
            ("ext:PNG", .type, "public.png"),
            ("image/png", .type, "public.png"),
            ("mailto:", .scheme, "mailto"),
            ("scheme:MailTo", .scheme, "mailto"),
        ])
    func targets(text: String, scope: DefaultScope, key: String) throws {
        let fixture = try RankingFixture([])
        let target = try DefaultTarget(parsing: text, graph: try fixture.catalog.snapshot().graph)
        #expect(target == DefaultTarget(scope: scope, key: key))
    }

    @Test("A target that names nothing is refused, naming the text")
    func badTarget() throws {
        let fixture = try RankingFixture([])
        let graph = try fixture.catalog.snapshot().graph
        let error = try #require(throws: HandOverError.self) { try DefaultTarget(parsing: "not a type", graph: graph) }
        #expect(error.code == .invalidTarget)
        #expect(error.value == "not a type")
    }
}
