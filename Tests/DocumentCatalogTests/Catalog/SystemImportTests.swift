import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("System import from the XDG folders")
struct SystemImportTests {
    /// A fake XDG tree: data home + one data dir, config home, with desktop entries, a
    /// shared-mime-info package and mimeapps.list files.
    func makeTree(_ folder: TemporaryDirectory) throws -> [String: String] {
        try folder.write("data/applications/editor.desktop", text: desktopEntry(name: "Editor", mime: ["text/plain", "text/x-csrc"], extra: "Categories=Development;TextEditor;"))
        try folder.write("data/applications/kde4/viewer.desktop", text: desktopEntry(name: "Viewer", mime: ["image/png"]))
        try folder.write("data/applications/hidden.desktop", text: desktopEntry(name: "Hidden", mime: ["image/png"], extra: "Hidden=true"))
        try folder.write("data/applications/link.desktop", text: "[Desktop Entry]\nType=Link\nName=Link\nURL=https://example.org\n")
        try folder.write("data/applications/broken.desktop", text: "not a desktop entry at all")
        // The same id in a lower-precedence folder is masked.
        try folder.write("usr/applications/editor.desktop", text: desktopEntry(name: "Editor (system copy)", mime: ["text/plain"]))
        try folder.write("usr/applications/other.desktop", text: desktopEntry(name: "Other", mime: ["image/png"], extra: "TryExec=/nonexistent/program"))
        try folder.write("data/mime/packages/thing.xml", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-openwith-thing">
                <comment>OpenWith test thing</comment>
                <sub-class-of type="application/json"/>
                <alias type="application/x-thing-alias"/>
                <glob pattern="*.owthing" weight="60"/>
              </mime-type>
            </mime-info>
            """)
        try folder.write("config/mimeapps.list", text: "[Default Applications]\nimage/png=kde4-viewer.desktop;\n[Removed Associations]\ntext/x-csrc=editor.desktop;\n")
        try folder.write("config/gnome-mimeapps.list", text: "[Default Applications]\ntext/plain=editor.desktop;\n")
        return [
            "HOME": folder.path("home"), "XDG_DATA_HOME": folder.path("data"), "XDG_DATA_DIRS": folder.path("usr"),
            "XDG_CONFIG_HOME": folder.path("config"), "XDG_CONFIG_DIRS": folder.path("etc"), "XDG_CURRENT_DESKTOP": "GNOME",
        ]
    }

    @Test("Desktop entries, packages and mimeapps.list are imported with the spec's precedence")
    func importsTree() throws {
        let folder = TemporaryDirectory("xdg")
        let environment = try makeTree(folder)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        let report = try catalog.importSystem(environment: environment)
        #expect(Set(report.registeredApps) == ["editor.desktop", "kde4-viewer.desktop", "hidden.desktop", "other.desktop"])
        #expect(report.refusedFiles.map(\.source).sorted() == [folder.path("data/applications/broken.desktop"), folder.path("data/applications/link.desktop")].sorted())
        let snapshot = try catalog.snapshot()
        #expect(snapshot.app(id: "editor.desktop")?.name == "Editor", "the data home copy masks the system one")
        #expect(snapshot.app(id: "editor.desktop")?.origin == "system")
        let thing = try #require(snapshot.graph.type(filenameExtension: "owthing"))
        #expect(thing.identifier == "org.freedesktop.mime.application.x-openwith-thing")
        #expect(thing.conforms(to: snapshot.graph["public.json"]!))
        #expect(snapshot.graph.type(mimeType: "application/x-thing-alias") == thing)
        #expect(snapshot.mimeAppsDefaults(mimeType: "image/png") == ["kde4-viewer.desktop"])
        #expect(snapshot.mimeAppsDefaults(mimeType: "text/plain") == ["editor.desktop"], "gnome-mimeapps.list applies for GNOME")
        #expect(snapshot.mimeAppsRemoves(mimeType: "text/x-csrc", appID: "editor.desktop"))
        #expect(!snapshot.isAvailable(snapshot.app(id: "other.desktop")!.index), "TryExec names a missing program")
        #expect(!snapshot.isAvailable(snapshot.app(id: "hidden.desktop")!.index))
    }

    @Test("A system import after a desktop entry changed keeps the user's defaults, URL settings and last use")
    func importKeepsUserState() throws {
        let folder = TemporaryDirectory("xdg")
        let environment = try makeTree(folder)
        let entry = "data/applications/editor.desktop"
        try folder.write(entry, text: desktopEntry(name: "Editor", mime: ["text/plain", "x-scheme-handler/notes"]))
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        _ = try catalog.importSystem(environment: environment)
        try catalog.setDefault(scope: .type, key: "public.plain-text", appID: "editor.desktop")
        try catalog.setDefault(scope: .scheme, key: "notes", appID: "editor.desktop")
        try catalog.configureURLHandler(appID: "editor.desktop", scheme: "notes", key: Array(repeating: 7, count: 32), allowedSources: ["kde4-viewer.desktop"])
        try catalog.recordUse(appID: "editor.desktop", typeIdentifier: "public.plain-text")
        // A package upgrade changes the entry.
        try folder.write(entry, text: desktopEntry(name: "Editor 2", mime: ["text/plain", "text/markdown", "x-scheme-handler/notes"]))
        _ = try catalog.importSystem(environment: environment)
        let snapshot = try catalog.snapshot()
        let editor = try #require(snapshot.app(id: "editor.desktop"))
        #expect(editor.name == "Editor 2")
        #expect(snapshot.userDefault(scope: .type, key: "public.plain-text", role: .any) == editor.index)
        #expect(snapshot.userDefault(scope: .scheme, key: "notes", role: .any) == editor.index)
        #expect(try catalog.signingKey(appID: "editor.desktop", scheme: "notes") == Array(repeating: 7, count: 32))
        let claim = try #require(try catalog.registration(appID: "editor.desktop").urlClaims.first { $0.scheme == "notes" })
        #expect(claim.requiresSignature && claim.allowedSources == ["kde4-viewer.desktop"])
        #expect(try catalog.registration(appID: "editor.desktop").documentClaims.map(\.value).contains("text/markdown"))
        #expect(try SQLiteShell.query(folder.path("catalog.sqlite"), "SELECT count(*) FROM last_used WHERE app_id = 'editor.desktop'") == "1")
    }

    @Test("An app whose entry disappeared keeps the user's defaults, hidden, until it comes back")
    func vanishedAppKeepsUserState() throws {
        let folder = TemporaryDirectory("xdg")
        let environment = try makeTree(folder)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        _ = try catalog.importSystem(environment: environment)
        try catalog.setDefault(scope: .type, key: "public.png", appID: "kde4-viewer.desktop")
        let saved = try String(contentsOfFile: folder.path("data/applications/kde4/viewer.desktop"), encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder.path("data/applications/kde4"))
        let report = try catalog.importSystem(environment: environment)
        #expect(report.removedApps == ["kde4-viewer.desktop"])
        #expect(try catalog.snapshot().app(id: "kde4-viewer.desktop") == nil)
        #expect(try !catalog.appSummaries().contains { $0.id == "kde4-viewer.desktop" })
        // The package comes back.
        try folder.write("data/applications/kde4/viewer.desktop", text: saved)
        _ = try catalog.importSystem(environment: environment)
        let snapshot = try catalog.snapshot()
        let viewer = try #require(snapshot.app(id: "kde4-viewer.desktop"))
        #expect(snapshot.userDefault(scope: .type, key: "public.png", role: .any) == viewer.index)
    }

    @Test("Re-running is idempotent and removes what disappeared; apps registered by hand stay")
    func idempotent() throws {
        let folder = TemporaryDirectory("xdg")
        let environment = try makeTree(folder)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        _ = try catalog.importSystem(environment: environment)
        _ = try catalog.registerApps(at: [RepositoryPaths.path("Catalog/apps/SampleEditor.plist")])
        let first = try catalog.snapshot()
        _ = try catalog.importSystem(environment: environment)
        let second = try catalog.snapshot()
        #expect(first.apps.map(\.id) == second.apps.map(\.id))
        #expect(first.claims.count == second.claims.count)
        try FileManager.default.removeItem(atPath: folder.path("data/applications/kde4"))
        let report = try catalog.importSystem(environment: environment)
        #expect(report.removedApps == ["kde4-viewer.desktop"])
        let third = try catalog.snapshot()
        #expect(third.app(id: "kde4-viewer.desktop") == nil)
        #expect(third.app(id: "org.openwith.sample-editor") != nil)
    }

    @Test("First use imports the system once")
    func firstUse() throws {
        let folder = TemporaryDirectory("xdg")
        let environment = try makeTree(folder)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        #expect(try catalog.importSystemOnFirstUse(environment: environment) != nil)
        #expect(try catalog.importSystemOnFirstUse(environment: environment) == nil)
    }
}
