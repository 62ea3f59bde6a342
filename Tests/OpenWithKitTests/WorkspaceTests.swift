import ContentSniffing
import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithKit
import OpenWithTestSupport
import Testing

@Suite("The workspace: one value for what a file is and who opens it")
struct WorkspaceTests {
    @Test("Opening imports the machine's apps on first use; a PNG named .jpg resolves by its bytes to the registered viewer")
    func firstUseImportAndLookup() throws {
        let fixture = WorkspaceFixture("workspace")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let photo = try fixture.folder.write("Pictures/photo.jpg", bytes: WorkspaceFixture.pngBytes)

        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        #expect(workspace.catalog.location.path == fixture.folder.path("data/catalog.sqlite"))
        let answer = try workspace.handlers(forFileAt: photo)
        #expect(answer.resolution.identifier == "public.png")
        #expect(answer.resolution.conflict?.claimed == "public.jpeg")
        #expect(answer.handlers.candidates.map(\.app.id) == ["viewer.desktop"])
        #expect(answer.handlers.candidates[0].reason.contains("public.png"))
        #expect(try workspace.resolve(path: photo).identifier == "public.png")
    }

    @Test("Bytes and a name resolve without a file")
    func bytesAndName() throws {
        let fixture = WorkspaceFixture("workspace-bytes")
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        #expect(try workspace.resolve(bytes: WorkspaceFixture.pngBytes, name: "upload.bin").identifier == "public.png")
        #expect(try workspace.resolve(bytes: Array("# Title\n\nSome words.\n".utf8), name: "notes.md").mimeType == "text/markdown")
        let empty = try workspace.resolve(bytes: [], name: nil)
        #expect(try workspace.conforms(empty.identifier.rawValue, to: "public.item"))
    }

    @Test("Conformance in the catalog's graph; an unknown identifier is an error naming it")
    func conformance() throws {
        let fixture = WorkspaceFixture("workspace-conforms")
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        #expect(try workspace.conforms("public.png", to: "public.image"))
        #expect(try !workspace.conforms("public.png", to: "public.text"))
        let error = #expect(throws: HandOverError.self) { try workspace.conforms("no such type!", to: "public.data") }
        #expect(error?.code == .invalidTarget)
        #expect(error?.value?.contains("no such type!") == true)
    }

    @Test("A default set through the workspace is the first candidate of the next lookup")
    func setDefault() throws {
        let fixture = WorkspaceFixture("workspace-default")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        try fixture.desktopEntry("painter.desktop", name: "Painter", mimeTypes: "image/png;")
        let picture = try fixture.folder.write("picture.png", bytes: WorkspaceFixture.pngBytes)
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let stored = try workspace.setDefault("painter.desktop", for: ".png")
        #expect(stored.key == "public.png")
        let answer = try workspace.handlers(forFileAt: picture)
        #expect(answer.handlers.defaultHandler?.app.id == "painter.desktop")
        let refused = #expect(throws: HandOverError.self) { try workspace.setDefault("nobody.desktop", for: "public.png") }
        #expect(refused?.code == .unknownApp)
        try fixture.desktopEntry("notes.desktop", name: "Notes", mimeTypes: "text/plain;")
        _ = try workspace.importSystem()
        let unclaimed = #expect(throws: HandOverError.self) { try workspace.setDefault("notes.desktop", for: "public.png") }
        #expect(unclaimed?.code == .noHandler)
        #expect(unclaimed?.key == "notes.desktop")
        #expect(try workspace.handlers(forFileAt: picture).handlers.defaultHandler?.app.id == "painter.desktop")
    }

    @Test("Open-in copies the file into the default app's inbox with a grant; preview reads the image")
    func openInAndPreview() throws {
        let fixture = WorkspaceFixture("workspace-open")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let picture = try fixture.folder.write("picture.png", bytes: WorkspaceFixture.pngBytes)
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let opened = try workspace.openIn(path: picture)
        #expect(opened.handler.id == "viewer.desktop")
        let grant = try #require(opened.grant)
        #expect(grant.path == fixture.folder.path("data/containers/viewer.desktop/Documents/Inbox/picture.png"))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: grant.path))) == WorkspaceFixture.pngBytes)
        let (resolution, preview) = try workspace.preview(path: picture)
        #expect(resolution.identifier == "public.png")
        #expect(preview.kind == .image)
    }

    @Test("The async forms give the synchronous answers")
    func asyncForms() async throws {
        let fixture = WorkspaceFixture("workspace-async")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let photo = try fixture.folder.write("photo.jpg", bytes: WorkspaceFixture.pngBytes)
        let workspace = try await Workspace.open(environment: fixture.environment)
        let answer = try await workspace.handlers(forFileAt: photo)
        #expect(answer.handlers.candidates.map(\.app.id) == ["viewer.desktop"])
        #expect(try await workspace.resolve(path: photo).identifier == "public.png")
        let missing = await #expect(throws: HandOverError.self) { try await workspace.resolve(path: fixture.folder.path("absent")) }
        #expect(missing?.code == .notFound)
    }

    @Test("The watched locations are the ones the catalog's freshness check follows")
    func watchedLocations() throws {
        let fixture = WorkspaceFixture("workspace-watched")
        try fixture.desktopEntry("kde/viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let paths = workspace.watchedLocations.map(\.path)
        for expected in [
            "home/.local/share/applications", "home/.local/share/applications/kde", "usr/share/applications",
            "home/.config/mimeapps.list", "etc/xdg/mimeapps.list", "home/.local/share/mime/packages", "usr/share/mime/packages",
        ] {
            #expect(paths.contains(fixture.folder.path(expected)), "\(expected) is watched")
        }
        #expect(Set(paths).count == paths.count)
    }
}
