import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("A catalog that follows the machine")
struct CatalogFreshnessTests {
    private func environment(_ folder: TemporaryDirectory) -> [String: String] {
        [
            "HOME": folder.path("home"), "XDG_DATA_HOME": folder.path("data"), "XDG_DATA_DIRS": folder.path("usr") + ":" + folder.path("opt"),
            "XDG_CONFIG_HOME": folder.path("config"), "XDG_CONFIG_DIRS": folder.path("etc"), "XDG_CURRENT_DESKTOP": "GNOME",
        ]
    }

    /// Lets the clock move past the settling interval, so the next stamps are settled.
    private func settle() { usleep(useconds_t(CatalogFreshness.settlingInterval * 1_000_000) + 20_000) }

    @Test("The watched locations are the applications folders with their subfolders, the mimeapps.list files and the package folders")
    func watchedLocations() throws {
        let folder = TemporaryDirectory("fresh")
        try folder.write("usr/applications/kde4/a.desktop", text: desktopEntry(name: "A", mime: ["image/png"]))
        let locations = CatalogFreshness.watchedLocations(environment: environment(folder))
        #expect(locations.filter { $0.kind == .applications }.map(\.path) == [
            folder.path("data/applications"), folder.path("usr/applications"), folder.path("usr/applications/kde4"), folder.path("opt/applications"),
        ])
        #expect(locations.filter { $0.kind == .mimeAppsList }.first?.path == folder.path("config/gnome-mimeapps.list"))
        #expect(locations.filter { $0.kind == .mimeAppsList }.first?.folderToWatch == folder.path("config"))
        #expect(locations.filter { $0.kind == .mimePackages }.map(\.path) == [
            folder.path("data/mime/packages"), folder.path("usr/mime/packages"), folder.path("opt/mime/packages"),
        ])
    }

    @Test("A type lookup's graph comes from the stored snapshot, reading single variables, until the machine changes")
    func currentGraphFromStoredSnapshot() throws {
        let folder = TemporaryDirectory("fresh")
        let environment = environment(folder)
        try folder.write("usr/applications/viewer.desktop", text: desktopEntry(name: "Viewer", mime: ["image/png"]))
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        _ = try catalog.followMachine(environment: environment)
        settle()
        _ = try catalog.followMachine(environment: environment)
        _ = try catalog.registerApps(at: [RepositoryPaths.path("Catalog/apps/SampleEditor.plist")])
        _ = try catalog.snapshot()
        var asked = 0
        /// The whole environment, counting how often it was asked for.
        func whole(_ variables: [String: String]) -> [String: String] {
            asked += 1
            return variables
        }
        let graph = try DocumentCatalog.currentGraph(location: catalog.location, variable: { environment[$0] }, environment: { whole(environment) })
        #expect(asked == 0, "a current stored snapshot needs no full environment")
        #expect(graph.type(filenameExtension: "sketch")?.identifier == "org.openwith.sample-sketch", "the app-declared type is in it")
        #expect(graph.sourceDigest == (try catalog.snapshot()).graph.sourceDigest)
        let snapshot = try DocumentCatalog.currentSnapshot(location: catalog.location, variable: { environment[$0] }, environment: { whole(environment) })
        #expect(asked == 0)
        #expect(snapshot.app(id: "viewer.desktop") != nil)
        // Another data folder names other locations: the catalog must follow the machine first.
        var moved = environment
        moved["XDG_DATA_DIRS"] = folder.path("opt")
        let followed = try DocumentCatalog.currentGraph(location: catalog.location, variable: { moved[$0] }, environment: { whole(moved) })
        #expect(asked == 1)
        #expect(followed["org.openwith.sample-sketch"] != nil)
        #expect((try catalog.snapshot()).app(id: "viewer.desktop") == nil, "the entry of the folder no longer named is gone")
    }

    @Test("New, changed and removed entries and mimeapps.list edits are imported on the next query; nothing when nothing changed")
    func followsChanges() throws {
        let folder = TemporaryDirectory("fresh")
        let environment = environment(folder)
        try folder.write("usr/applications/viewer.desktop", text: desktopEntry(name: "Viewer", mime: ["image/png"]))
        try folder.write("usr/applications/old.desktop", text: desktopEntry(name: "Old", mime: ["image/png"]))
        try folder.write("opt/applications/steady.desktop", text: desktopEntry(name: "Steady", mime: ["image/png"]))
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        #expect(try catalog.followMachine(environment: environment) != nil, "the first use imports")
        // Folders changed just before they were stamped are read again once (see settlingInterval).
        settle()
        _ = try catalog.followMachine(environment: environment)
        #expect(try catalog.followMachine(environment: environment) == nil)
        let generation = try catalog.generation()
        #expect(try catalog.followMachine(environment: environment) == nil)
        #expect(try catalog.generation() == generation, "a check with nothing changed writes nothing")

        // A user's state on the app that will disappear, and an app registered by hand.
        try catalog.setDefault(scope: .type, key: "public.png", role: .viewer, appID: "old.desktop")
        try folder.write("mine/mine.desktop", text: desktopEntry(name: "Mine", mime: ["image/png"]))
        _ = try catalog.registerApps(at: [folder.path("mine/mine.desktop")])

        try folder.write("data/applications/sub/new.desktop", text: desktopEntry(name: "New", mime: ["image/png"]))
        try FileManager.default.removeItem(atPath: folder.path("usr/applications/old.desktop"))
        try folder.write("config/mimeapps.list", text: "[Default Applications]\nimage/png=viewer.desktop;\n")
        let report = try #require(try catalog.followMachine(environment: environment))
        #expect(Set(report.registeredApps) == ["sub-new.desktop", "viewer.desktop"], "only the entries of the changed folders were read")
        #expect(report.removedApps == ["old.desktop"])
        #expect(report.associationCount == 1)
        var snapshot = try catalog.snapshot()
        #expect(snapshot.app(id: "sub-new.desktop")?.name == "New")
        #expect(snapshot.app(id: "old.desktop") == nil)
        #expect(snapshot.app(id: "mine.desktop")?.origin == "user")
        #expect(snapshot.mimeAppsDefaults(mimeType: "image/png") == ["viewer.desktop"])

        // The entry comes back: the user's default on it is still there.
        settle()
        try folder.write("usr/applications/old.desktop", text: desktopEntry(name: "Old again", mime: ["image/png"]))
        _ = try catalog.followMachine(environment: environment)
        snapshot = try catalog.snapshot()
        #expect(snapshot.app(id: "old.desktop")?.name == "Old again")
        #expect(snapshot.userDefault(scope: .type, key: "public.png", role: .viewer) == snapshot.app(id: "old.desktop")?.index)

        // A data-home copy masks the system one; removing it brings the system one back.
        settle()
        try folder.write("data/applications/viewer.desktop", text: desktopEntry(name: "My viewer", mime: ["image/png"]))
        _ = try catalog.followMachine(environment: environment)
        #expect(try catalog.snapshot().app(id: "viewer.desktop")?.name == "My viewer")
        settle()
        try FileManager.default.removeItem(atPath: folder.path("data/applications/viewer.desktop"))
        _ = try catalog.followMachine(environment: environment)
        #expect(try catalog.snapshot().app(id: "viewer.desktop")?.name == "Viewer")
    }

    @Test("A new shared-mime-info package is imported on the next query")
    func followsPackages() throws {
        let folder = TemporaryDirectory("fresh")
        let environment = environment(folder)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        try catalog.followMachine(environment: environment)
        #expect(try catalog.snapshot().graph.type(filenameExtension: "owfresh")?.isDeclared != true)
        try folder.write("data/mime/packages/fresh.xml", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-openwith-fresh"><comment>Fresh</comment><glob pattern="*.owfresh"/></mime-type>
            </mime-info>
            """)
        let report = try #require(try catalog.followMachine(environment: environment))
        #expect(report.declaredTypes == ["org.freedesktop.mime.application.x-openwith-fresh"])
        #expect(report.registeredApps.isEmpty)
        #expect(try catalog.snapshot().graph.type(filenameExtension: "owfresh")?.identifier.rawValue == "org.freedesktop.mime.application.x-openwith-fresh")
    }

    @Test("The stored snapshot answers only while the machine is unchanged")
    func currentSnapshot() throws {
        let folder = TemporaryDirectory("fresh")
        let environment = environment(folder)
        let location = CatalogLocation(path: folder.path("catalog.sqlite"))
        _ = try DocumentCatalog.currentSnapshot(location: location, environment: environment)
        settle()
        _ = try DocumentCatalog.currentSnapshot(location: location, environment: environment)
        #expect(DocumentCatalog.storedSnapshotFollowsMachine(location: location, environment: environment))
        try folder.write("usr/applications/late.desktop", text: desktopEntry(name: "Late", mime: ["image/png"]))
        #expect(!DocumentCatalog.storedSnapshotFollowsMachine(location: location, environment: environment))
        #expect(try DocumentCatalog.currentSnapshot(location: location, environment: environment).app(id: "late.desktop")?.name == "Late")
        var other = environment
        other["XDG_DATA_DIRS"] = folder.path("usr")
        #expect(!DocumentCatalog.storedSnapshotFollowsMachine(location: location, environment: other), "another environment names other folders")
    }
}
