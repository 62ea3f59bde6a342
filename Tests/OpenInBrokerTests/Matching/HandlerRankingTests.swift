import DeclarationFormats
import DocumentCatalog
import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

/// A catalog in a temporary folder with apps registered from registrations built in code.
struct RankingFixture {
    let folder = TemporaryDirectory("ranking")
    let catalog: DocumentCatalog

    init(_ apps: [AppRegistration]) throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        try catalog.register(apps)
    }

    static func app(_ id: String, kind: AppRegistration.Kind = .bundle, _ claims: [(String, DocumentRole, HandlerRank)], hidden: Bool = false, tryExec: String? = nil) -> AppRegistration {
        AppRegistration(
            id: id, kind: kind, name: id.uppercased(), sourcePath: "/apps/\(id)", exec: kind == .desktop ? "true %f" : nil, tryExec: tryExec,
            hidden: hidden,
            documentClaims: claims.map { DocumentClaim(kind: $0.0.contains("/") ? .mime : .contentType, value: $0.0, role: $0.1, rank: $0.2) })
    }

    func ranking() throws -> HandlerRanking { HandlerRanking(snapshot: try catalog.snapshot()) }
    func type(_ id: TypeIdentifier) throws -> UniformType { try #require(try catalog.snapshot().graph[id]) }
}

@Suite("Handler ranking policy")
struct HandlerRankingTests {
    @Test("Exact claims by rank, then role fit, then name; supertypes after; catch-all roots last")
    func order() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("alternate", [("public.png", .viewer, .alternate)]),
            RankingFixture.app("owner", [("public.png", .editor, .owner)]),
            RankingFixture.app("b-default-viewer", [("image/png", .viewer, .default)]),
            RankingFixture.app("a-default-editor", [("public.png", .editor, .default)]),
            RankingFixture.app("image-app", [("public.image", .viewer, .owner)]),
            RankingFixture.app("data-app", [("public.data", .viewer, .owner)]),
            RankingFixture.app("none-rank", [("public.png", .viewer, .none)]),
        ])
        let list = try fixture.ranking().handlers(for: try fixture.type("public.png"))
        #expect(list.candidates.map(\.app.id) == ["owner", "a-default-editor", "b-default-viewer", "alternate", "image-app", "data-app"])
        #expect(list.candidates.map(\.group) == [.recommended, .recommended, .recommended, .recommended, .fallback, .catchAll])
        #expect(list.defaultHandler?.app.id == "owner")
        #expect(list.candidates[4].distance > 0)
        #expect(list.candidates[4].matchedType.identifier == "public.image")
        #expect(list.excluded.contains { $0.app.id == "none-rank" && $0.reason.contains("None") })
        let all = try fixture.ranking().handlers(for: try fixture.type("public.png"), includeAll: true)
        #expect(all.candidates.contains { $0.app.id == "none-rank" })
    }

    @Test("Roles: viewer accepts viewers then editors; editor accepts editors only")
    func roles() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("editor", [("public.plain-text", .editor, .default)]),
            RankingFixture.app("viewer", [("public.plain-text", .viewer, .default)]),
            RankingFixture.app("shell", [("public.plain-text", .shell, .default)]),
        ])
        let text = try fixture.type("public.plain-text")
        #expect(try fixture.ranking().handlers(for: text, role: .viewer).candidates.map(\.app.id) == ["viewer", "editor"])
        #expect(try fixture.ranking().handlers(for: text, role: .editor).candidates.map(\.app.id) == ["editor"])
        #expect(try fixture.ranking().handlers(for: text, role: .shell).candidates.map(\.app.id) == ["shell"])
        #expect(try fixture.ranking().handlers(for: text, role: .any).candidates.map(\.app.id) == ["editor", "viewer", "shell"])
    }

    @Test("A user default comes first, then it is used for its type only; a file override beats it")
    func defaults() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("owner", [("public.png", .viewer, .owner)]),
            RankingFixture.app("other", [("public.image", .viewer, .alternate)]),
        ])
        try fixture.catalog.setDefault(scope: .type, key: "public.png", appID: "other")
        let png = try fixture.type("public.png")
        let list = try fixture.ranking().handlers(for: png)
        #expect(list.candidates.first?.app.id == "other")
        #expect(list.candidates.first?.group == .userDefault)
        #expect(list.candidates.first?.isDefault == true)
        #expect(try fixture.ranking().handlers(for: try fixture.type("public.jpeg")).candidates.first?.app.id == "other")
        try fixture.catalog.setDefault(scope: .file, key: "/docs/one.png", appID: "owner")
        let file = try fixture.ranking().handlers(for: png, path: "/docs/one.png")
        #expect(file.candidates.map(\.app.id) == ["owner", "other"])
        #expect(file.candidates.first?.group == .fileOverride)
    }

    @Test("A ranking remembers answers, but a per-file override is honoured every time")
    func memo() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("owner", [("public.png", .viewer, .owner)]),
            RankingFixture.app("other", [("public.image", .viewer, .alternate)]),
        ])
        try fixture.catalog.setDefault(scope: .file, key: "/docs/one.png", appID: "other")
        let ranking = try fixture.ranking()
        let png = try fixture.type("public.png")
        let first = ranking.handlers(for: png)
        let again = ranking.handlers(for: png)
        #expect(first.candidates.map(\.app.id) == ["owner", "other"])
        #expect(again.candidates.map(\.app.id) == first.candidates.map(\.app.id))
        #expect(ranking.defaultHandler(for: png)?.app.id == "owner")
        #expect(ranking.handlers(for: png, path: "/docs/one.png").candidates.first?.app.id == "other")
        #expect(ranking.defaultHandler(for: png, path: "/docs/one.png")?.app.id == "other")
        #expect(ranking.handlers(for: png, path: "/docs/two.png").candidates.first?.app.id == "owner")
        #expect(ranking.handlers(for: png, role: .editor).candidates.isEmpty)
        // Without the memo, every answer is the same.
        let unremembered = HandlerRanking(snapshot: ranking.snapshot, remembersAnswers: false)
        for path in [nil, "/docs/one.png", "/docs/two.png"] as [String?] {
            for role in [RequestedRole.any, .viewer, .editor] {
                #expect(
                    unremembered.handlers(for: png, role: role, path: path).candidates.map(\.app.id)
                        == ranking.handlers(for: png, role: role, path: path).candidates.map(\.app.id))
                #expect(unremembered.defaultHandler(for: png, role: role, path: path)?.app.id == ranking.defaultHandler(for: png, role: role, path: path)?.app.id)
            }
        }
    }

    @Test("Many apps on one type: each placed once, in its best place, with its best rank")
    func manyApps() throws {
        let ranks: [HandlerRank] = [.owner, .default, .alternate]
        func id(_ number: Int) -> String { "app-" + String(repeating: "0", count: 3 - String(number).count) + String(number) }
        var apps: [AppRegistration] = []
        for number in 0..<90 {
            var claims: [(String, DocumentRole, HandlerRank)] = []
            // Apps below 60 claim plain text; every fourth of them twice, the second time as Owner.
            if number < 60 {
                claims.append(("public.plain-text", .viewer, ranks[number % 3]))
                if number % 4 == 0 { claims.append(("text/plain", .viewer, .owner)) }
            }
            // Apps from 40 claim public.text, the supertype: those below 60 are placed by their exact claim.
            if number >= 40 { claims.append(("public.text", .viewer, ranks[(number + 1) % 3])) }
            apps.append(RankingFixture.app(id(number), claims, hidden: number % 17 == 5))
        }
        let fixture = try RankingFixture(apps)
        let list = try fixture.ranking().handlers(for: try fixture.type("public.plain-text"))

        func bestRank(_ number: Int) -> HandlerRank { number % 4 == 0 ? .owner : ranks[number % 3] }
        let shown = (0..<90).filter { $0 % 17 != 5 }
        let exact = shown.filter { $0 < 60 }.sorted { (bestRank($0), $0) < (bestRank($1), $1) }
        let fallback = shown.filter { $0 >= 60 }.sorted { (ranks[($0 + 1) % 3], $0) < (ranks[($1 + 1) % 3], $1) }
        #expect(list.candidates.map(\.app.id) == (exact + fallback).map(id))
        #expect(list.candidates.map(\.rank) == exact.map(bestRank) + fallback.map { ranks[($0 + 1) % 3] })
        #expect(list.candidates.prefix(exact.count).allSatisfy { $0.group == .recommended && $0.distance == 0 })
        #expect(list.candidates.dropFirst(exact.count).allSatisfy { $0.group == .fallback && $0.matchedType.identifier == "public.text" })
        #expect(Set(list.excluded.map(\.app.id)) == Set((0..<90).filter { $0 % 17 == 5 }.map(id)))
    }

    @Test("Last use breaks ties between equal ranks")
    func lastUsed() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("a-app", [("public.png", .viewer, .default)]),
            RankingFixture.app("b-app", [("public.png", .viewer, .default)]),
        ])
        let png = try fixture.type("public.png")
        #expect(try fixture.ranking().handlers(for: png).candidates.first?.app.id == "a-app")
        try fixture.catalog.recordUse(appID: "b-app", typeIdentifier: "public.png")
        #expect(try fixture.ranking().handlers(for: png).candidates.first?.app.id == "b-app")
    }

    @Test("Hidden entries and missing TryExec programs are left out, with reasons")
    func unavailable() throws {
        let fixture = try RankingFixture([
            RankingFixture.app("hidden.desktop", kind: .desktop, [("image/png", .viewer, .default)], hidden: true),
            RankingFixture.app("missing.desktop", kind: .desktop, [("image/png", .viewer, .default)], tryExec: "/nonexistent/bin/x"),
            RankingFixture.app("present.desktop", kind: .desktop, [("image/png", .viewer, .default)], tryExec: "/bin/sh"),
        ])
        let list = try fixture.ranking().handlers(for: try fixture.type("public.png"))
        #expect(list.candidates.map(\.app.id) == ["present.desktop"])
        #expect(Set(list.excluded.map(\.app.id)) == ["hidden.desktop", "missing.desktop"])
        #expect(list.excluded.first { $0.app.id == "missing.desktop" }?.reason.contains("TryExec") == true)
    }

    @Test("Apps whose Exec program is not installed are left out, with the program named, as GIO does")
    func missingExecProgram() throws {
        var missing = RankingFixture.app("missing-exec.desktop", kind: .desktop, [("image/png", .viewer, .default)])
        missing.exec = "no-such-image-viewer-anywhere --view %f"
        var absolute = RankingFixture.app("absolute-exec.desktop", kind: .desktop, [("image/png", .viewer, .default)])
        absolute.exec = "/nonexistent/bin/viewer %f"
        let fixture = try RankingFixture([
            missing, absolute, RankingFixture.app("present.desktop", kind: .desktop, [("image/png", .viewer, .default)]),
            RankingFixture.app("org.example.bundle", [("image/png", .viewer, .alternate)]),
        ])
        let list = try fixture.ranking().handlers(for: try fixture.type("public.png"))
        #expect(list.candidates.map(\.app.id) == ["present.desktop", "org.example.bundle"])
        let reason = list.excluded.first { $0.app.id == "missing-exec.desktop" }?.reason
        #expect(reason == "its Exec program 'no-such-image-viewer-anywhere' is not found on PATH")
        #expect(list.excluded.contains { $0.app.id == "absolute-exec.desktop" })
    }

    @Test("Dynamic types: a claim on an unknown MIME type matches files of that MIME type")
    func dynamicClaims() throws {
        let fixture = try RankingFixture([RankingFixture.app("odd", [("application/x-openwith-odd", .viewer, .default)])])
        let snapshot = try fixture.catalog.snapshot()
        let odd = try #require(snapshot.graph.type(mimeType: "application/x-openwith-odd"))
        #expect(odd.isDynamic)
        #expect(HandlerRanking(snapshot: snapshot).handlers(for: odd).candidates.map(\.app.id) == ["odd"])
    }

    @Test("URL schemes: user default, then rank, then name")
    func urlSchemes() throws {
        var a = RankingFixture.app("a", [])
        a.urlClaims = [URLSchemeClaim(scheme: "mailto", rank: .alternate)]
        var b = RankingFixture.app("b", [])
        b.urlClaims = [URLSchemeClaim(scheme: "MAILTO", rank: .owner)]
        let fixture = try RankingFixture([a, b])
        let snapshot = try fixture.catalog.snapshot()
        #expect(URLSchemeRanking(snapshot: snapshot).handlers(scheme: "mailto").map(\.app.id) == ["b", "a"])
        try fixture.catalog.setDefault(scope: .scheme, key: "mailto", appID: "a")
        #expect(URLSchemeRanking(snapshot: try fixture.catalog.snapshot()).handlers(scheme: "mailto").map(\.app.id) == ["a", "b"])
    }

    @Test("Hundreds of apps on one type: every one placed once, in rank, role fit and name order, past the room made up front")
    func hundredsOfApps() throws {
        // 900 apps, registered in reverse name order: a third own the type as viewers, a third
        // claim it as editors with rank Default, a third claim its supertype. The exact level
        // (600 apps) is larger than the room a ranking makes before placing anyone.
        func id(_ number: Int) -> String {
            let digits = String(number)
            return "app-" + String(repeating: "0", count: 3 - digits.count) + digits
        }
        let numbers = Array((0..<900).reversed())
        let fixture = try RankingFixture(numbers.map { number in
            switch number % 3 {
            case 0: RankingFixture.app(id(number), [("public.png", .viewer, .owner)])
            case 1: RankingFixture.app(id(number), [("public.png", .editor, .default)])
            default: RankingFixture.app(id(number), [("public.image", .viewer, .alternate)])
            }
        })
        let ranking = try fixture.ranking()
        let png = try fixture.type("public.png")
        let list = ranking.handlers(for: png)
        let owners = (0..<900).filter { $0 % 3 == 0 }.map(id)
        let editors = (0..<900).filter { $0 % 3 == 1 }.map(id)
        let supertypeClaims = (0..<900).filter { $0 % 3 == 2 }.map(id)
        #expect(list.candidates.map(\.app.id) == owners + editors + supertypeClaims)
        #expect(list.candidates.prefix(600).allSatisfy { $0.group == .recommended && $0.distance == 0 })
        #expect(list.candidates.dropFirst(600).allSatisfy { $0.group == .fallback && $0.matchedType.identifier == "public.image" })
        #expect(list.candidates.filter(\.isDefault).map(\.app.id) == [id(0)])
        #expect(list.excluded.isEmpty)
        // The default alone, and an editor's list, agree with the full list.
        #expect(ranking.defaultHandler(for: png)?.app.id == id(0))
        #expect(ranking.handlers(for: png, role: .editor).candidates.map(\.app.id) == editors)
    }
}
