import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing

@Suite("Provider storage roots, picked links and failed launches")
struct ProviderStorageRootTests {
    @Test("A storage root that is empty, /, inside the containers or above the catalog is refused")
    func refusedRoots() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let data = fixture.catalog.location.dataFolder
        _ = try broker.openIn(path: fixture.document)
        for root in ["", "/", data, data + "/containers/viewer.desktop/Documents", data + "/containers", fixture.folder.path, data + "/../data/x"] {
            let error = try #require(throws: HandOverError.self, "\(root)") {
                try broker.registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
            }
            #expect(error.code == .invalidStorageRoot, "\(root)")
            #expect(error.path == root)
        }
        #expect(try fixture.catalog.provider(appID: "org.example.files") == nil)
        // A root stored before these rules is refused when used: the viewer's inbox stays its own.
        try fixture.catalog.registerProvider(appID: "org.example.files", storageRoot: data + "/containers/viewer.desktop", contentTypes: [])
        let use = try #require(throws: HandOverError.self) {
            try broker.provider("org.example.files", grant: data + "/containers/viewer.desktop/Documents/Inbox/notes.txt", to: "org.example.editor")
        }
        #expect(use.code == .invalidStorageRoot)
    }

    @Test("A root beside the catalog is accepted")
    func acceptedRoot() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        try broker.registerProvider(appID: "org.example.files", storageRoot: fixture.folder.path("storage"), contentTypes: [])
        #expect(try fixture.catalog.provider(appID: "org.example.files")?.storageRoot == fixture.folder.path("storage"))
    }

    @Test("Picking a symbolic link to open in place is refused; no grant is made")
    func pickedLinkIsRefused() throws {
        let fixture = try HandOverFixture()
        let link = fixture.folder.path("docs/link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.document)
        let error = try #require(throws: HandOverError.self) {
            try fixture.broker().pick(path: link, appID: "org.example.editor", mode: .open)
        }
        #expect(error.code == .symlinkRefused)
        #expect(try fixture.catalog.grants().isEmpty)
    }

    @Test("Another app's inbox copy is not granted in place: neither by the picker nor by open-in-place")
    func containerFilesAreNotGrantedInPlace() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker(dryRun: true)
        let delivered = try #require(try fixture.broker().openIn(path: fixture.document).grant)
        let picked = try #require(throws: HandOverError.self) {
            try broker.pick(path: delivered.path, appID: "org.example.editor", mode: .open)
        }
        #expect(picked.code == .rightDenied)
        #expect(try fixture.catalog.grants(appID: "org.example.editor").isEmpty)
        let link = fixture.folder.path("docs/link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.document)
        let opened = try #require(throws: HandOverError.self) {
            try fixture.broker().openIn(path: link, with: "viewer.desktop", inPlace: true)
        }
        #expect(opened.code == .symlinkRefused)
    }

    @Test("A launch that fails takes back the inbox copy and its grant")
    func failedLaunchRollsBack() throws {
        let fixture = try HandOverFixture()
        // An executable file that is no program: the launch itself fails (ENOEXEC).
        let broken = try fixture.folder.write("bin/broken-viewer", bytes: [0x00, 0x01, 0x02, 0x03])
        chmod(broken, 0o755)
        try fixture.catalog.register([
            AppRegistration(
                id: "gone.desktop", kind: .desktop, name: "Gone", sourcePath: "/apps/gone.desktop", exec: broken + " %f",
                documentClaims: [DocumentClaim(kind: .mime, value: "text/plain", role: .viewer, rank: .default)])
        ])
        let error = try #require(throws: HandOverError.self) { try fixture.broker().openIn(path: fixture.document, with: "gone.desktop") }
        #expect(error.code == .launchFailed)
        let inbox = fixture.folder.path("data/containers/gone.desktop/Documents/Inbox")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: inbox)) ?? []).isEmpty)
        #expect(try fixture.catalog.grants(appID: "gone.desktop").isEmpty)
    }
}
