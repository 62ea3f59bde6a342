import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing

// The example of the OpenInBroker article "Embedding the resolver in a file manager"
// (Sources/OpenInBroker/OpenInBroker.docc/Embedding.md) and of the README, word for word: the
// tests below compile it, run it against a catalog in a temporary folder, and check that both
// documents still show exactly this code. Change all three together.

/// Shows what a file is and who opens it, then opens it in the default app, as a file
/// manager's "Open" does.
func openInDefaultApp(_ path: String, environment: [String: String]) throws -> (FileHandlers, OpenInResult) {
    // The user's catalog ($OPENWITH_CATALOG, else $XDG_DATA_HOME/openwith/catalog.sqlite),
    // created on first use, filled with the machine's apps, and kept up to date with them.
    let catalog = try DocumentCatalog(location: .resolve(environment: environment))
    try catalog.followMachine(environment: environment)

    // One snapshot answers every question asked through this lookup.
    let desktops = XDGDirectories(environment: environment).currentDesktops
    let lookup = HandlerLookup(snapshot: try catalog.snapshot(), desktops: desktops)
    let answer = try lookup.handlers(forFileAt: path)
    print(answer.resolution.identifier, answer.resolution.mimeType, answer.resolution.confidence)
    for candidate in answer.handlers.candidates {
        print(candidate.isDefault ? "*" : " ", candidate.app.name, "—", candidate.reason)
    }

    // Open-in: a read-only copy in the app's inbox, a grant, then the app is launched
    // (a desktop entry) or gets an open request (an app declared by its Info.plist).
    let broker = try HandOverBroker(catalog: catalog, desktops: desktops)
    let opened = try broker.openIn(path: path)
    return (answer, opened)
}

@Suite("The embedding example of the documentation")
struct EmbeddingExampleTests {
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]

    @Test("A PNG named without an extension resolves by its bytes; the registered app is the default and gets it")
    func example() throws {
        let folder = TemporaryDirectory("embedding")
        let environment = [
            "HOME": folder.path("home"),
            "XDG_DATA_HOME": folder.path("home/.local/share"),
            "XDG_DATA_DIRS": folder.path("usr/share"),
            "XDG_CONFIG_HOME": folder.path("home/.config"),
            "XDG_CONFIG_DIRS": folder.path("etc/xdg"),
            "OPENWITH_CATALOG": folder.path("data/catalog.sqlite"),
        ]
        // The machine: one desktop entry, which the first use imports.
        try folder.write(
            "usr/share/applications/viewer.desktop",
            text: "[Desktop Entry]\nType=Application\nName=Viewer\nExec=/bin/true %f\nMimeType=image/png;\n")
        // The file manager's own registration: an app declared by its Info.plist.
        let registered = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
        try registered.register([
            AppRegistration(
                id: "org.example.photos", kind: .bundle, name: "Photos", sourcePath: "/apps/Photos.plist",
                documentClaims: [DocumentClaim(kind: .contentType, value: "public.png", role: .viewer, rank: .owner)])
        ])
        let document = try folder.write("Pictures/holiday", bytes: Self.pngBytes)

        let (answer, opened) = try openInDefaultApp(document, environment: environment)

        #expect(answer.resolution.identifier == "public.png")
        #expect(answer.resolution.mimeType == "image/png")
        #expect(answer.handlers.candidates.map(\.app.id) == ["org.example.photos", "viewer.desktop"])
        #expect(answer.handlers.defaultHandler?.app.id == "org.example.photos")
        #expect(answer.handlers.candidates[0].reason.contains("public.png"))
        #expect(opened.handler.id == "org.example.photos")
        #expect(opened.delivery.method == "open-request")
        let grant = try #require(opened.grant)
        #expect(grant.path == folder.path("data/containers/org.example.photos/Documents/Inbox/holiday"))
        #expect(grant.originalPath == document)
        #expect(grant.rights == [.read, .delete])
        #expect(HandOverTestHelpers.contents(grant.path) == Self.pngBytes)
    }

    @Test("The article and the README show exactly the code compiled here")
    func documentsMatch() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let start = try #require(source.range(of: "/// Shows what a file is"))
        let end = try #require(source.range(of: "\n}\n", range: start.upperBound..<source.endIndex))
        let example = String(source[start.lowerBound..<end.upperBound])
        for document in ["Sources/OpenInBroker/OpenInBroker.docc/Embedding.md", "README.md"] {
            let text = try String(contentsOfFile: RepositoryPaths.path(document), encoding: .utf8)
            #expect(text.contains(example), "\(document) no longer shows the example compiled in \(#fileID)")
        }
    }
}
