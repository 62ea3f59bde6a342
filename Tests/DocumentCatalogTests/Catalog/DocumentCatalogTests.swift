import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("The SQLite catalog")
struct DocumentCatalogTests {
    @Test("A catalog is created on first use, with its folder, schema and WAL journal")
    func createsOnFirstUse() throws {
        let folder = TemporaryDirectory("catalog")
        let path = folder.path("deep/er/catalog.sqlite")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: path))
        #expect(catalog.wasCreated)
        #expect(FileManager.default.fileExists(atPath: path))
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(16)
        #expect(header == Data("SQLite format 3\u{0}".utf8))
        #expect(try catalog.generation() == 0)
        let again = try DocumentCatalog(location: CatalogLocation(path: path))
        #expect(!again.wasCreated)
        #expect(try again.snapshot().apps.isEmpty)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("The default location follows OPENWITH_CATALOG, then XDG_DATA_HOME, then HOME")
    func location() {
        #expect(CatalogLocation.resolve(environment: ["OPENWITH_CATALOG": "/x/c.sqlite", "XDG_DATA_HOME": "/d", "HOME": "/h"]).path == "/x/c.sqlite")
        #expect(CatalogLocation.resolve(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).path == "/d/openwith/catalog.sqlite")
        #expect(CatalogLocation.resolve(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path == "/h/.local/share/openwith/catalog.sqlite")
        #expect(CatalogLocation.resolve(explicitPath: "/e.sqlite", environment: ["OPENWITH_CATALOG": "/x"]).path == "/e.sqlite")
        #expect(CatalogLocation(path: "/a/b/c.sqlite").containerFolder(appID: "app") == "/a/b/containers/app")
    }

    @Test("A file that is not SQLite is refused, named, and left as it was")
    func notSQLite() throws {
        let folder = TemporaryDirectory("catalog")
        let path = try folder.write("catalog.sqlite", text: "this is not a database, just text that is long enough")
        let error = try #require(throws: CatalogError.self) { try DocumentCatalog(location: CatalogLocation(path: path)) }
        #expect(error.code == .notACatalog)
        #expect(error.path == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "this is not a database, just text that is long enough")
    }

    @Test("A catalog from a newer schema is refused")
    func newerSchema() throws {
        let folder = TemporaryDirectory("catalog")
        let path = folder.path("catalog.sqlite")
        _ = try DocumentCatalog(location: CatalogLocation(path: path))
        try SQLiteShell.run(path, "INSERT INTO grdb_migrations(identifier) VALUES ('v99-from-the-future')")
        let error = try #require(throws: CatalogError.self) { try DocumentCatalog(location: CatalogLocation(path: path)) }
        #expect(error.code == .newerSchema)
    }

    @Test("A read-only catalog file opens for reading and refuses writes")
    func readOnly() throws {
        guard getuid() != 0 else {
            // root ignores file modes; the read-only path is exercised with readOnly: true below.
            let folder = TemporaryDirectory("catalog")
            let path = folder.path("catalog.sqlite")
            _ = try DocumentCatalog(location: CatalogLocation(path: path))
            let catalog = try DocumentCatalog(location: CatalogLocation(path: path), readOnly: true)
            #expect(catalog.isReadOnly)
            let error = try #require(throws: CatalogError.self) { try catalog.setInfo("k", "v") }
            #expect(error.code == .cannotOpen)
            return
        }
        let folder = TemporaryDirectory("catalog")
        let path = folder.path("catalog.sqlite")
        _ = try DocumentCatalog(location: CatalogLocation(path: path))
        chmod(path, 0o444)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: path))
        #expect(catalog.isReadOnly)
        #expect(throws: CatalogError.self) { try catalog.setInfo("k", "v") }
    }

    @Test("Registering a desktop entry stores its claims; the snapshot resolves them through the graph")
    func registerDesktopEntry() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        let entry = try folder.write(
            "applications/viewer.desktop",
            text: desktopEntry(name: "Viewer", mime: ["image/bmp", "image/x-bmp", "text/plain", "x-scheme-handler/viewer", "bogus"], extra: "Categories=Graphics;Viewer;"))
        let report = try catalog.registerApps(at: [entry])
        #expect(report.registeredApps == ["viewer.desktop"])
        #expect(report.warnings.contains { $0.key == "MimeType" && $0.reason.contains("bogus") })
        let snapshot = try catalog.snapshot()
        let bmp = try #require(snapshot.graph.type(mimeType: "image/bmp"))
        let claims = snapshot.claimIndices(exactly: bmp).map { snapshot.claims[Int($0)] }
        #expect(claims.count == 2, "image/bmp and its alias image/x-bmp both resolve to one type")
        #expect(claims.allSatisfy { $0.role == .viewer })
        #expect(snapshot.urlHandlers(scheme: "viewer").count == 1)
        #expect(try catalog.generation() == 1)
        #expect(try catalog.auditLog().first?.action == "register")
    }

    @Test("Every real-world Info.plist fixture imports, with its declared types in the graph")
    func fixturesImport() throws {
        guard let fixtures = RepositoryPaths.sharedFixtures else {
            Issue.record("the shared fixtures folder is missing")
            return
        }
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        let rows = try RepositoryPaths.tsv(fixtures + "/plists/PROVENANCE.tsv")
        #expect(rows.count == 14)
        for row in rows {
            let path = fixtures + "/plists/" + row["file"]!
            let report = try catalog.registerApps(at: [path])
            #expect(report.registeredApps.count == 1, "\(path)")
            let app = try catalog.registration(appID: report.registeredApps[0])
            let schemes = Int(row["url_schemes"]!)!
            #expect(app.urlClaims.count <= schemes, "\(row["file"]!): \(app.urlClaims.count) schemes, PROVENANCE says \(schemes)")
            #expect(app.urlClaims.count >= schemes - 1, "\(row["file"]!): at most one scheme (a build-variable one) may be skipped")
        }
        let snapshot = try catalog.snapshot()
        #expect(snapshot.apps.count == 14)
        // CotEditor and TextMate export types; they must be in the graph, conforming where they say.
        let exported = snapshot.graph.declaredTypes.filter { $0.declaration?.tier == .exported }
        #expect(exported.count > 20)
        for type in exported {
            for parent in type.declaration!.conformsTo where snapshot.graph[parent] != nil {
                #expect(type.conforms(to: snapshot.graph[parent]!))
            }
        }
    }

    @Test("An import with one bad file stores nothing and names the file and the reason")
    func importIsAtomic() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        let good = try folder.write("good.desktop", text: desktopEntry(name: "Good", mime: ["text/plain"]))
        let bad = try folder.write("bad.desktop", text: "[Desktop Entry]\nType=Application\nExec=x\n")
        let truncated = try folder.write("Truncated.plist", text: "<?xml version=\"1.0\"?><plist><dict><key>CFBundleIdentifier</key><string>x")
        for broken in [bad, truncated] {
            let error = try #require(throws: CatalogError.self) { try catalog.registerApps(at: [good, broken]) }
            #expect(error.code == .importRefused)
            #expect(error.path == broken)
        }
        #expect(try catalog.snapshot().apps.isEmpty)
        #expect(try catalog.generation() == 0)
    }

    @Test("A billion-laughs plist is refused without expanding entities")
    func billionLaughs() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        var doctype = "<!DOCTYPE plist [<!ENTITY lol \"lol\">"
        for level in 1...9 { doctype += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">" }
        doctype += "]>"
        let path = try folder.write("Laughs.plist", text: "<?xml version=\"1.0\"?>\(doctype)<plist><dict><key>CFBundleName</key><string>&lol9;</string></dict></plist>")
        let error = try #require(throws: CatalogError.self) { try catalog.registerApps(at: [path]) }
        #expect(error.path == path)
        #expect(try catalog.snapshot().apps.isEmpty)
    }

    @Test("Types declared by apps join the graph; a cycle is refused and nothing is stored")
    func declaredTypes() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        let sample = RepositoryPaths.path("Catalog/apps/SampleEditor.plist")
        _ = try catalog.registerApps(at: [sample])
        let graph = try catalog.snapshot().graph
        let sketch = try #require(graph.type(filenameExtension: "sketch"))
        #expect(sketch.identifier == "org.openwith.sample-sketch")
        #expect(sketch.declaration?.tier == .exported)
        #expect(sketch.conforms(to: graph["public.image"]!))
        let cyclic = AppRegistration(
            id: "org.example.cycle", kind: .bundle, name: "Cycle", sourcePath: "/tmp/Cycle.plist",
            declaredTypes: [
                TypeDeclaration(identifier: "org.example.a", conformsTo: ["org.example.b"], tier: .exported, origin: "org.example.cycle"),
                TypeDeclaration(identifier: "org.example.b", conformsTo: ["org.example.a"], tier: .exported, origin: "org.example.cycle"),
            ])
        let error = try #require(throws: CatalogError.self) { try catalog.register([cyclic]) }
        #expect(error.code == .importRefused)
        #expect(error.reason.contains("cycle"))
        #expect(try catalog.snapshot().app(id: "org.example.cycle") == nil)
    }

    @Test("Defaults: refused for unknown apps and non-claimants unless forced")
    func defaults() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        _ = try catalog.registerApps(at: [try folder.write("a.desktop", text: desktopEntry(name: "A", mime: ["text/plain"]))])
        #expect(throws: CatalogError.self) { try catalog.setDefault(scope: .type, key: "public.plain-text", appID: "missing.desktop") }
        let refused = try #require(throws: CatalogError.self) { try catalog.setDefault(scope: .type, key: "public.png", appID: "a.desktop") }
        #expect(refused.code == .invalidRequest)
        try catalog.setDefault(scope: .type, key: "public.png", appID: "a.desktop", force: true)
        // Claiming a supertype is enough: a C source file is plain text.
        try catalog.setDefault(scope: .type, key: "public.c-source", role: .editor, appID: "a.desktop")
        let snapshot = try catalog.snapshot()
        #expect(snapshot.userDefault(scope: .type, key: "public.png", role: .any) != nil)
        #expect(snapshot.userDefault(scope: .type, key: "PUBLIC.C-SOURCE", role: .editor) != nil)
        #expect(try catalog.removeDefault(scope: .type, key: "public.png"))
        #expect(try catalog.snapshot().userDefault(scope: .type, key: "public.png", role: .any) == nil)
    }

    @Test("The snapshot is reused until the catalog changes")
    func snapshotCache() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        let first = try catalog.snapshot()
        #expect(try catalog.snapshot() === first)
        _ = try catalog.registerApps(at: [try folder.write("a.desktop", text: desktopEntry(name: "A", mime: ["text/plain"]))])
        let second = try catalog.snapshot()
        #expect(second !== first)
        #expect(second.apps.count == 1)
        #expect(first.apps.isEmpty, "an old snapshot never changes")
    }

    @Test("Unregistering removes the app with its claims, types and defaults")
    func unregister() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        _ = try catalog.registerApps(at: [RepositoryPaths.path("Catalog/apps/SampleEditor.plist")])
        try catalog.setDefault(scope: .type, key: "public.plain-text", appID: "org.openwith.sample-editor")
        try catalog.unregister(appID: "org.openwith.sample-editor")
        let snapshot = try catalog.snapshot()
        #expect(snapshot.apps.isEmpty && snapshot.claims.isEmpty)
        #expect(snapshot.graph["org.openwith.sample-sketch"] == nil)
        #expect(snapshot.userDefault(scope: .type, key: "public.plain-text", role: .any) == nil)
        let error = try #require(throws: CatalogError.self) { try catalog.unregister(appID: "org.openwith.sample-editor") }
        #expect(error.code == .notFound)
    }

    @Test("An app whose id differs only in case from another file's app is refused; the same file updates")
    func caseOnlyDuplicates() throws {
        let folder = TemporaryDirectory("catalog")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        try catalog.register([AppRegistration(id: "org.example.Viewer", kind: .bundle, name: "Viewer", sourcePath: "/apps/Viewer.plist")])
        let error = try #require(throws: CatalogError.self) {
            try catalog.register([AppRegistration(id: "org.example.viewer", kind: .bundle, name: "Impostor", sourcePath: "/other/viewer.plist")])
        }
        #expect(error.code == .importRefused)
        #expect(error.path == "/other/viewer.plist")
        #expect(error.key == "org.example.viewer")
        #expect(error.reason.contains("org.example.Viewer") && error.reason.contains("/apps/Viewer.plist"))
        #expect(try catalog.registration(appID: "org.example.Viewer").name == "Viewer")
        try catalog.register([AppRegistration(id: "org.example.Viewer", kind: .bundle, name: "Viewer 2", sourcePath: "/apps/Viewer.plist")])
        #expect(try catalog.registration(appID: "org.example.Viewer").name == "Viewer 2")
    }
}
