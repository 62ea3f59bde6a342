import DocumentCatalog
import Foundation
import OpenWithKit
import Testing

/// A workspace keeps its lookup while the catalog's files look unchanged on disk; these tests
/// commit changes through a second catalog value on the same file, as another process would.
@Suite("The workspace sees every committed catalog change at the next question")
struct WorkspaceCatalogChangeTests {
    static func viewer(_ id: String) -> AppRegistration {
        AppRegistration(
            id: id, kind: .desktop, name: id, sourcePath: "/nonexistent/\(id)", exec: "/bin/true %f",
            documentClaims: [DocumentClaim(kind: .mime, value: "image/png", role: .viewer, rank: .default)])
    }

    @Test("A change committed at once after a question, and one committed long after, are both seen")
    func changesFromAnotherCatalogValue() throws {
        let fixture = WorkspaceFixture("workspace-change")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let photo = try fixture.folder.write("photo.png", bytes: WorkspaceFixture.pngBytes)
        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let other = try DocumentCatalog(location: CatalogLocation(path: workspace.catalog.location.path))
        #expect(try workspace.handlers(forFileAt: photo).handlers.candidates.map(\.app.id) == ["viewer.desktop"])

        // Within the file system's clock tick of the last question.
        try other.register([Self.viewer("second.desktop")])
        #expect(try Set(workspace.handlers(forFileAt: photo).handlers.candidates.map(\.app.id)) == ["viewer.desktop", "second.desktop"])

        // Long after: the kept lookup is trusted on its file marks alone, and a commit changes them.
        Thread.sleep(forTimeInterval: 0.2)
        let kept = try workspace.lookup()
        #expect(try workspace.lookup().snapshot === kept.snapshot)
        try other.register([Self.viewer("third.desktop")])
        let after = try workspace.handlers(forFileAt: photo).handlers.candidates.map(\.app.id)
        #expect(Set(after) == ["viewer.desktop", "second.desktop", "third.desktop"])
        #expect(try workspace.lookup().snapshot !== kept.snapshot)
    }
}
