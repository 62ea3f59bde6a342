import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithKit
import OpenWithTestSupport
import Testing

/// The change stream, on real inotify watches of a temporary machine. Serialized: the tests count
/// the process's inotify descriptors.
@Suite("The catalog's change stream", .serialized)
struct CatalogChangesTests {
    /// The first change, or `nil` when none comes within `seconds` (the consumer is cancelled).
    static func firstChange(_ changes: CatalogChanges, within seconds: Int = 10, after action: () throws -> Void) async rethrows -> CatalogChange? {
        let waiter = Task { () -> CatalogChange? in
            for await change in changes { return change }
            return nil
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(seconds))
            waiter.cancel()
        }
        try action()
        let change = await waiter.value
        timeout.cancel()
        return change
    }

    /// The inotify instances this process holds.
    static func inotifyDescriptors() -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == "anon_inode:inotify" }.count
    }

    @Test("A desktop entry added to the user's applications folder fires the stream; the next lookup sees the app")
    func desktopEntryAdded() async throws {
        let fixture = WorkspaceFixture("changes")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let picture = try fixture.folder.write("picture.png", bytes: WorkspaceFixture.pngBytes)
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        #expect(try await workspace.handlers(forFileAt: picture).handlers.candidates.map(\.app.id) == ["viewer.desktop"])
        let before = try workspace.catalog.generation()

        let change = try await Self.firstChange(try workspace.changes()) {
            try fixture.desktopEntry("painter.desktop", name: "Painter", mimeTypes: "image/png;")
        }

        let fired = try #require(change, "no change was reported within 10 s")
        #expect(fired.changedLocations == [fixture.folder.path("home/.local/share/applications")])
        #expect(fired.reimported)
        #expect(try #require(fired.generation) > before)
        #expect(Set(try await workspace.handlers(forFileAt: picture).handlers.candidates.map(\.app.id)) == ["viewer.desktop", "painter.desktop"])
    }

    @Test("An applications folder that does not exist yet is watched for; creating it with an entry fires the stream")
    func folderCreatedLater() async throws {
        let fixture = WorkspaceFixture("changes-later")
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("usr/share/applications")))
        let change = try await Self.firstChange(try workspace.changes()) {
            try fixture.folder.write("usr/share/applications/editor.desktop", text: "[Desktop Entry]\nType=Application\nName=Editor\nExec=/bin/true %f\nMimeType=text/plain;\n")
        }
        let fired = try #require(change, "no change was reported within 10 s")
        #expect(fired.changedLocations.contains(fixture.folder.path("usr/share/applications")))
        #expect(try workspace.catalog.snapshot().app(id: "editor.desktop") != nil)
    }

    @Test("A new subfolder of an applications folder is watched once it appears")
    func newSubfolder() async throws {
        let fixture = WorkspaceFixture("changes-subfolder")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let applications = fixture.folder.path("home/.local/share/applications")
        let changes = try workspace.changes()
        let waiter = Task { () -> [CatalogChange] in
            var seen: [CatalogChange] = []
            for await change in changes {
                seen.append(change)
                if seen.count == 2 { break }
            }
            return seen
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(10))
            waiter.cancel()
        }
        try FileManager.default.createDirectory(atPath: applications + "/kde", withIntermediateDirectories: false)
        try await Task.sleep(for: .milliseconds(400))
        try fixture.desktopEntry("kde/editor.desktop", name: "Editor", mimeTypes: "text/plain;")
        let seen = await waiter.value
        timeout.cancel()
        #expect(seen.count == 2)
        #expect(seen.last?.changedLocations == [applications + "/kde"])
        #expect(try workspace.catalog.snapshot().app(id: "kde-editor.desktop") != nil)
    }

    @Test("Another workspace's write to the catalog fires the stream; a file that feeds nothing does not")
    func catalogWrittenElsewhere() async throws {
        let fixture = WorkspaceFixture("changes-catalog")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let other = try Workspace(catalogPath: nil, environment: fixture.environment)
        let change = try await Self.firstChange(try workspace.changes()) {
            // Not a desktop entry: no change for this one.
            try fixture.folder.write("home/.local/share/applications/README.txt", text: "notes\n")
            Thread.sleep(forTimeInterval: 0.3)
            try other.setDefault("viewer.desktop", for: "public.png")
        }
        let fired = try #require(change, "no change was reported within 10 s")
        #expect(fired.changedLocations.isEmpty)
        #expect(!fired.reimported)
        #expect(fired.generation == (try workspace.catalog.generation()))
    }

    @Test("The stream ends when its consumer stops: the watcher closes its inotify descriptor")
    func endsWithConsumer() async throws {
        let fixture = WorkspaceFixture("changes-end")
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let before = Self.inotifyDescriptors()
        let changes = try workspace.changes()
        let change = await Self.firstChange(changes, within: 1) {
            #expect(Self.inotifyDescriptors() == before + 1)
        }
        #expect(change == nil)
        var remaining = Self.inotifyDescriptors()
        for _ in 0..<100 where remaining != before {
            try await Task.sleep(for: .milliseconds(20))
            remaining = Self.inotifyDescriptors()
        }
        #expect(remaining == before)
    }
}
