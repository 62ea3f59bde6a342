import DocumentCatalog
import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

/// Ranking with the associations of `mimeapps.list`: `Added Associations` add an app to the
/// exact type's level, `Removed Associations` leave a claiming app out, `Default Applications`
/// come first.
@Suite("Handler ranking with mimeapps.list associations")
struct MimeAppsRankingTests {
    /// Desktop entries in a data home and one `mimeapps.list`, imported into a new catalog.
    private func catalog(_ folder: TemporaryDirectory, entries: [String: [String]], mimeApps: String) throws -> DocumentCatalog {
        for (id, mimeTypes) in entries {
            let name = String(id.prefix { $0 != "." }).capitalized
            try folder.write("data/applications/\(id)", text: desktopEntry(name: name, mime: mimeTypes))
        }
        try folder.write("config/mimeapps.list", text: mimeApps)
        let environment = [
            "HOME": folder.path("home"), "XDG_DATA_HOME": folder.path("data"), "XDG_DATA_DIRS": folder.path("usr"),
            "XDG_CONFIG_HOME": folder.path("config"), "XDG_CONFIG_DIRS": folder.path("etc"),
        ]
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        _ = try catalog.importSystem(environment: environment)
        return catalog
    }

    @Test("An added app joins the exact type's claimants in name order, with its reason; a removed one is left out; the default leads")
    func addedRemovedAndDefault() throws {
        let folder = TemporaryDirectory("mimeapps-ranking")
        let catalog = try catalog(folder, entries: [
            "alpha.desktop": ["image/png"],
            "delta.desktop": ["image/png"],
            "bravo.desktop": ["text/plain"],
            "charlie.desktop": ["image/png"],
            "echo.desktop": ["image/png"],
        ], mimeApps: """
            [Default Applications]
            image/png=echo.desktop;
            [Added Associations]
            image/png=bravo.desktop;
            [Removed Associations]
            image/png=charlie.desktop;

            """)
        let snapshot = try catalog.snapshot()
        let png = try #require(snapshot.graph.type(mimeType: "image/png"))
        let ranking = HandlerRanking(snapshot: snapshot)
        let list = ranking.handlers(for: png)

        #expect(list.candidates.map(\.app.id) == ["echo.desktop", "alpha.desktop", "bravo.desktop", "delta.desktop"])
        #expect(list.candidates.first?.group == .mimeAppsDefault)
        #expect(list.candidates.first?.isDefault == true)
        let added = try #require(list.candidates.first { $0.app.id == "bravo.desktop" })
        #expect(added.group == .recommended)
        #expect(added.matchedType == png)
        #expect(added.distance == 0)
        #expect(added.claimValue == "image/png")
        #expect(added.reason == "mimeapps.list adds it for image/png")
        let claimed = try #require(list.candidates.first { $0.app.id == "alpha.desktop" })
        #expect(claimed.claimValue == "image/png")
        #expect(claimed.reason.hasPrefix("claims public.png as "))
        #expect(list.excluded.map(\.app.id) == ["charlie.desktop"])
        #expect(list.excluded.first?.reason == "mimeapps.list removes its association with image/png")
        // The memo gives the same answer again, and an unremembering ranking the same answer.
        #expect(ranking.handlers(for: png).candidates.map(\.app.id) == list.candidates.map(\.app.id))
        let fresh = HandlerRanking(snapshot: snapshot, remembersAnswers: false).handlers(for: png)
        #expect(fresh.candidates.map(\.reason) == list.candidates.map(\.reason))
        #expect(ranking.defaultHandler(for: png)?.app.id == "echo.desktop")
    }
}
