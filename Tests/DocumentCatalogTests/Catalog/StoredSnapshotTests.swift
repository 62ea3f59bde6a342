import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("Stored snapshots and graph images beside the catalog")
struct StoredSnapshotTests {
    /// A catalog with a desktop entry, the sample bundle (which declares a type), a default, a
    /// URL scheme and a last use.
    func populatedCatalog(in folder: TemporaryDirectory) throws -> DocumentCatalog {
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        let entry = try folder.write(
            "applications/viewer.desktop",
            text: desktopEntry(
                name: "Viewer", mime: ["image/png", "text/plain", "x-scheme-handler/viewer"],
                extra: "Categories=Graphics;Viewer;\nTryExec=/bin/sh\nOnlyShowIn=GNOME;KDE;"))
        // Two more apps, whose id order is not their name order, claiming a declared and an
        // undeclared MIME type the first app or each other claim too.
        let zebra = try folder.write(
            "applications/aardvark.desktop",
            text: desktopEntry(name: "Zebra Viewer", mime: ["image/png", "application/x-undeclared-claim", "text/plain"]))
        let middle = try folder.write(
            "applications/mole.desktop", text: desktopEntry(name: "Mole", mime: ["application/x-undeclared-claim", "image/png"]))
        _ = try catalog.registerApps(at: [entry, zebra, middle, RepositoryPaths.path("Catalog/apps/SampleEditor.plist")])
        try catalog.setDefault(scope: .type, key: "public.plain-text", appID: "viewer.desktop")
        return catalog
    }

    @Test("A snapshot load stores the snapshot; the stored one answers exactly like it")
    func storedEqualsLoaded() throws {
        let folder = TemporaryDirectory("stored-snapshot")
        let catalog = try populatedCatalog(in: folder)
        #expect(DocumentCatalog.storedSnapshot(location: catalog.location) == nil, "nothing stored before a load")
        let loaded = try catalog.snapshot()
        #expect(FileManager.default.fileExists(atPath: folder.path("c.sqlite.snapshot")))
        #expect(FileManager.default.fileExists(atPath: CatalogGraphImage.path(for: catalog.location)))
        let stored = try #require(DocumentCatalog.storedSnapshot(location: catalog.location))
        #expect(stored.generation == loaded.generation)
        #expect(stored.apps.map(\.id) == loaded.apps.map(\.id))
        #expect(stored.apps == loaded.apps)
        #expect(stored.apps.map(\.onlyShowIn) == loaded.apps.map(\.onlyShowIn))
        #expect(stored.apps.map(\.tryExec) == loaded.apps.map(\.tryExec))
        #expect(stored.claims.map(\.type.identifier) == loaded.claims.map(\.type.identifier))
        #expect(stored.claims.map(\.value) == loaded.claims.map(\.value))
        #expect(stored.claims.map(\.app) == loaded.claims.map(\.app))
        #expect(stored.claims.map(\.role) == loaded.claims.map(\.role))
        #expect(stored.claims.map(\.rank) == loaded.claims.map(\.rank))
        #expect(stored.apps.map { stored.nameRank($0.index) } == loaded.apps.map { loaded.nameRank($0.index) })
        #expect(stored.nameRank(stored.app(id: "aardvark.desktop")!.index) > stored.nameRank(stored.app(id: "mole.desktop")!.index))
        for claim in loaded.claims {
            #expect(stored.claimIndices(exactly: claim.type) == loaded.claimIndices(exactly: claim.type), "\(claim.value)")
        }
        let undeclared = try #require(stored.graph.type(mimeType: "application/x-undeclared-claim"))
        #expect(stored.claimIndices(exactly: undeclared).map { stored.claims[Int($0)].app }.sorted()
            == [stored.app(id: "aardvark.desktop")!.index, stored.app(id: "mole.desktop")!.index].sorted())
        #expect(stored.urlClaims == loaded.urlClaims)
        #expect(stored.urlHandlers(scheme: "viewer").count == 1)
        let viewer = try #require(stored.app(id: "viewer.desktop"))
        #expect(stored.app(id: "VIEWER.Desktop") == viewer, "ids are found without regard to case")
        #expect(stored.userDefault(scope: .type, key: "public.plain-text", role: .any) == viewer.index)
        // The app-declared type is in the stored snapshot's graph, from the graph image.
        let sketch = try #require(stored.graph.type(filenameExtension: "sketch"))
        #expect(sketch.identifier == "org.openwith.sample-sketch")
        #expect(sketch.conforms(to: stored.graph["public.image"]!))
        #expect(stored.graph.sourceDigest == loaded.graph.sourceDigest)
    }

    @Test("One type claimed by MIME type, by extension and by identifier: its claims merge in claim order, stored or loaded")
    func claimsOfOneTypeMerge() throws {
        let folder = TemporaryDirectory("stored-snapshot")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        func app(_ id: String, _ claims: [DocumentClaim]) -> AppRegistration {
            AppRegistration(id: id, kind: .bundle, name: id, sourcePath: "/apps/\(id).plist", documentClaims: claims)
        }
        try catalog.register([
            app("org.example.a", [DocumentClaim(kind: .mime, value: "image/png", role: .viewer, rank: .default)]),
            app("org.example.b", [DocumentClaim(kind: .extension, value: "png", role: .editor, rank: .owner)]),
            app("org.example.c", [DocumentClaim(kind: .mime, value: "IMAGE/PNG", role: .viewer, rank: .alternate)]),
            app("org.example.d", [DocumentClaim(kind: .contentType, value: "public.png", role: .viewer, rank: .default),
                                  DocumentClaim(kind: .extension, value: "png", role: .viewer, rank: .default)]),
        ])
        let loaded = try catalog.snapshot()
        let stored = try #require(DocumentCatalog.storedSnapshot(location: catalog.location))
        for snapshot in [loaded, stored] {
            let png = try #require(snapshot.graph["public.png"])
            let indices = snapshot.claimIndices(exactly: png)
            #expect(indices == indices.sorted(), "claim order")
            #expect(indices.count == 5)
            #expect(Set(indices.map { snapshot.apps[Int(snapshot.claims[Int($0)].app)].id })
                == ["org.example.a", "org.example.b", "org.example.c", "org.example.d"])
            let d = try #require(snapshot.app(id: "org.example.d"))
            #expect(snapshot.claimIndices(app: d.index).map { snapshot.claims[Int($0)].kind } == [.contentType, .extension])
        }
        #expect(stored.claims.map(\.rank) == loaded.claims.map(\.rank))
    }

    @Test("Every change removes the stored snapshot; the next load stores the new state")
    func changesInvalidate() throws {
        let folder = TemporaryDirectory("stored-snapshot")
        let catalog = try populatedCatalog(in: folder)
        _ = try catalog.snapshot()
        #expect(DocumentCatalog.storedSnapshot(location: catalog.location) != nil)
        try catalog.unregister(appID: "org.openwith.sample-editor")
        #expect(DocumentCatalog.storedSnapshot(location: catalog.location) == nil, "a change removes it")
        let reloaded = try catalog.snapshot()
        let stored = try #require(DocumentCatalog.storedSnapshot(location: catalog.location))
        #expect(stored.generation == reloaded.generation)
        #expect(stored.app(id: "org.openwith.sample-editor") == nil)
        #expect(stored.graph["org.openwith.sample-sketch"] == nil, "the type left with its app")
        // A failed change removes it too (it may have been written while the change ran).
        _ = try catalog.snapshot()
        #expect(throws: CatalogError.self) { try catalog.unregister(appID: "no.such.app") }
        #expect(DocumentCatalog.storedSnapshot(location: catalog.location) == nil)
    }

    @Test("A stored snapshot of another catalog file, or a damaged one, is ignored")
    func foreignAndDamaged() throws {
        let folder = TemporaryDirectory("stored-snapshot")
        let catalog = try populatedCatalog(in: folder)
        _ = try catalog.snapshot()
        let snapshotPath = folder.path("c.sqlite.snapshot")
        let good = try Data(contentsOf: URL(fileURLWithPath: snapshotPath))
        // Every truncation and a sample of corruptions: ignored or read, never a crash.
        for length in stride(from: 0, to: good.count, by: max(good.count / 400, 1)) {
            try good.prefix(length).write(to: URL(fileURLWithPath: snapshotPath))
            #expect(DocumentCatalog.storedSnapshot(location: catalog.location) == nil)
        }
        for seed in 0..<300 {
            var bytes = [UInt8](good)
            let position = (seed * 7_919) % bytes.count
            bytes[position] ^= UInt8(truncatingIfNeeded: seed | 1)
            try Data(bytes).write(to: URL(fileURLWithPath: snapshotPath))
            if let damaged = DocumentCatalog.storedSnapshot(location: catalog.location) {
                _ = damaged.apps.map(\.name)
                _ = damaged.claims.count
            }
        }
        // The stored file of a catalog that was replaced by another file at the same path.
        try good.write(to: URL(fileURLWithPath: snapshotPath))
        #expect(DocumentCatalog.storedSnapshot(location: catalog.location) != nil)
        let replacement = folder.path("replacement.sqlite")
        _ = try DocumentCatalog(location: CatalogLocation(path: replacement))
        try good.write(to: URL(fileURLWithPath: replacement + ".snapshot"))
        #expect(DocumentCatalog.storedSnapshot(location: CatalogLocation(path: replacement)) == nil, "written for another file")
    }

    @Test("A stale or damaged graph image is replaced by a freshly compiled one")
    func graphImageRebuilt() throws {
        let folder = TemporaryDirectory("stored-snapshot")
        let catalog = try populatedCatalog(in: folder)
        let imagePath = CatalogGraphImage.path(for: catalog.location)
        _ = try catalog.snapshot()
        let original = try Data(contentsOf: URL(fileURLWithPath: imagePath))
        try Data(original.prefix(original.count / 2)).write(to: URL(fileURLWithPath: imagePath))
        try catalog.unregister(appID: "viewer.desktop")  // a change, so the next snapshot loads anew
        let snapshot = try catalog.snapshot()
        #expect(snapshot.graph["org.openwith.sample-sketch"] != nil)
        let rewritten = try Data(contentsOf: URL(fileURLWithPath: imagePath))
        #expect(rewritten == original, "the same declarations compile to the same image")
        // After the sample bundle leaves, the image holds the system types alone.
        try catalog.unregister(appID: "org.openwith.sample-editor")
        let systemOnly = try catalog.snapshot().graph
        #expect(systemOnly.count == SystemTypeCatalog.graph.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: imagePath)) != original)
    }

    @Test("A read-only catalog reads without storing anything beside it")
    func readOnlyStoresNothing() throws {
        let folder = TemporaryDirectory("stored-snapshot")
        let location = CatalogLocation(path: folder.path("c.sqlite"))
        _ = try populatedCatalog(in: folder)
        let readOnly = try DocumentCatalog(location: location, readOnly: true)
        let snapshot = try readOnly.snapshot()
        #expect(snapshot.apps.count == 4)
        #expect(!FileManager.default.fileExists(atPath: folder.path("c.sqlite.snapshot")))
    }
}
