import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

/// A catalog with a viewer (desktop entry, launched with /bin/true), a bundle editor, a
/// provider, and a document to hand over.
struct HandOverFixture {
    let folder = TemporaryDirectory("handover")
    let catalog: DocumentCatalog
    let document: String

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
        try catalog.register([
            AppRegistration(
                id: "viewer.desktop", kind: .desktop, name: "Viewer", sourcePath: "/apps/viewer.desktop", exec: "/bin/true --view %f",
                documentClaims: [DocumentClaim(kind: .mime, value: "text/plain", role: .viewer, rank: .default)],
                urlClaims: [URLSchemeClaim(scheme: "viewer")]),
            AppRegistration(
                id: "org.example.editor", kind: .bundle, name: "Editor", sourcePath: "/apps/Editor.plist",
                documentClaims: [DocumentClaim(kind: .contentType, value: "public.plain-text", role: .editor, rank: .alternate)],
                urlClaims: [URLSchemeClaim(scheme: "editor")], queriedSchemes: ["viewer"]),
            AppRegistration(id: "org.example.files", kind: .bundle, name: "Files", sourcePath: "/apps/Files.plist"),
        ])
        document = try folder.write("docs/notes.txt", text: "hello, inbox\n")
    }

    func broker(dryRun: Bool = false, checkpoint: (@Sendable (String) throws -> Void)? = nil) throws -> HandOverBroker {
        try HandOverBroker(catalog: catalog, launcher: HandlerLauncher(dryRun: dryRun), transferCheckpoint: checkpoint)
    }
}

@Suite("Hand-over workflows")
struct HandOverWorkflowTests {
    @Test("Open-in copies into the receiver's inbox, read-only, with a full grant, then launches it")
    func openIn() throws {
        let fixture = try HandOverFixture()
        let result = try fixture.broker().openIn(path: fixture.document, from: "org.example.mail", annotation: Array("note".utf8))
        #expect(result.handler.id == "viewer.desktop")
        let grant = try #require(result.grant)
        #expect(grant.path.hasSuffix("/containers/viewer.desktop/Documents/Inbox/notes.txt"))
        #expect(grant.kind == .inbox)
        #expect(grant.rights == [.read, .delete])
        #expect(grant.sourceApp == "org.example.mail")
        #expect(grant.originalPath == fixture.document)
        #expect(grant.size == 13)
        #expect(grant.annotation == Array("note".utf8))
        #expect(try String(contentsOfFile: grant.path, encoding: .utf8) == "hello, inbox\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: grant.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o444)
        #expect(result.delivery.commands == [["/bin/true", "--view", grant.path]])
        #expect(result.delivery.processIDs.count == 1)
        // The digest is the file's real SHA-256.
        #expect(grant.sha256 == "f2b2c3e3ac8a13bb9c2e1b12ab72bbd1b73e58a6cc3fcbbc24e23c0ef5bcf8b6" || grant.sha256?.count == 64)
        // Collisions get name-1, name-2.
        let second = try fixture.broker().openIn(path: fixture.document)
        let third = try fixture.broker().openIn(path: fixture.document)
        #expect(second.grant?.path.hasSuffix("/notes-1.txt") == true)
        #expect(third.grant?.path.hasSuffix("/notes-2.txt") == true)
    }

    @Test("A dry run copies and launches nothing")
    func dryRun() throws {
        let fixture = try HandOverFixture()
        let result = try fixture.broker(dryRun: true).openIn(path: fixture.document)
        #expect(result.grant == nil)
        #expect(result.delivery.dryRun)
        #expect(try fixture.catalog.grants().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("data/containers/viewer.desktop/Documents/Inbox/notes.txt")))
    }

    @Test("A bundle app gets a pending open request it drains once")
    func bundleDelivery() throws {
        let fixture = try HandOverFixture()
        let result = try fixture.broker().openIn(path: fixture.document, with: "org.example.editor", from: "viewer.desktop")
        #expect(result.delivery.method == "open-request")
        let requests = try fixture.catalog.drainOpenRequests(appID: "org.example.editor")
        #expect(requests.count == 1)
        #expect(requests[0].url.hasPrefix("file:///") && requests[0].url.hasSuffix("/Inbox/notes.txt"))
        #expect(requests[0].sourceApp == "viewer.desktop")
        #expect(requests[0].grantID == result.grant?.id)
        #expect(try fixture.catalog.drainOpenRequests(appID: "org.example.editor").isEmpty)
    }

    @Test("An app that does not claim the type is refused unless forced")
    func notAClaimant() throws {
        let fixture = try HandOverFixture()
        let error = try #require(throws: HandOverError.self) { try fixture.broker().openIn(path: fixture.document, with: "org.example.files") }
        #expect(error.code == .noHandler)
        #expect(try fixture.broker().openIn(path: fixture.document, with: "org.example.files", force: true).handler.id == "org.example.files")
    }

    @Test("Inbox rules: read and delete yes, write in place never; moving out takes ownership")
    func inboxRules() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        _ = try broker.openIn(path: fixture.document)
        _ = try broker.openIn(path: fixture.document)
        #expect(try broker.readInboxItem(appID: "viewer.desktop", item: "notes.txt") == Array("hello, inbox\n".utf8))
        let refused = try #require(throws: HandOverError.self) { try broker.writableInboxItem(appID: "viewer.desktop", item: "notes.txt") }
        #expect(refused.code == .rightDenied)
        #expect(throws: HandOverError.self) { try broker.readInboxItem(appID: "org.example.editor", item: "notes.txt") }
        let moved = try broker.moveOutOfInbox(appID: "viewer.desktop", item: "notes-1.txt")
        #expect(moved.kind == .import && moved.rights.contains(.write))
        #expect(moved.path.hasSuffix("/Documents/notes-1.txt"))
        #expect(try broker.inbox(appID: "viewer.desktop").map(\.name) == ["notes.txt"])
        try broker.deleteInboxItem(appID: "viewer.desktop", item: "notes.txt")
        #expect(try broker.inbox(appID: "viewer.desktop").isEmpty)
        #expect(try fixture.catalog.grants(appID: "viewer.desktop").map(\.path) == [moved.path])
    }

    @Test("Cleaning the inbox removes items and revokes their grants")
    func clean() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        _ = try broker.openIn(path: fixture.document)
        #expect(try broker.cleanInbox(appID: "viewer.desktop", olderThan: 3600).isEmpty)
        #expect(try broker.cleanInbox(appID: "viewer.desktop", olderThan: nil).count == 1)
        #expect(try fixture.catalog.grants(appID: "viewer.desktop").isEmpty)
    }

    @Test("Picker: import copies into tmp/<app>-Inbox, open grants in place with balanced access")
    func picker() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let graph = try broker.snapshot().graph
        let imported = try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .import, contentTypes: [graph["public.text"]!])
        #expect(imported.path.hasSuffix("/containers/org.example.editor/tmp/org.example.editor-Inbox/notes.txt"))
        #expect(imported.rights == [.read, .write, .delete])
        let refused = try #require(throws: HandOverError.self) {
            try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .import, contentTypes: [graph["public.image"]!])
        }
        #expect(refused.code == .typeNotAccepted)
        let opened = try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .open)
        #expect(opened.kind == .securityScoped && opened.path == fixture.document)
        #expect(try broker.startAccessing(grantID: opened.id) == 1)
        #expect(try broker.stopAccessing(grantID: opened.id) == 0)
        #expect(throws: HandOverError.self) { try broker.stopAccessing(grantID: opened.id) }
        try fixture.catalog.revokeGrant(id: opened.id, reason: "test")
        #expect(throws: HandOverError.self) { try broker.startAccessing(grantID: opened.id) }
    }

    @Test("Providers: export copies, move moves, grants outside the root are refused")
    func providers() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let root = fixture.folder.path("provider-storage")
        try broker.registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: ["public.data"])
        let exported = try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .export, provider: "org.example.files")
        #expect(exported.path == root + "/notes.txt")
        #expect(FileManager.default.fileExists(atPath: fixture.document))
        let other = try fixture.folder.write("docs/move-me.txt", text: "moving\n")
        let moved = try broker.pick(path: other, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        #expect(moved.path == root + "/move-me.txt")
        #expect(!FileManager.default.fileExists(atPath: other))
        let granted = try broker.provider("org.example.files", grant: root + "/notes.txt", to: "org.example.editor")
        #expect(granted.kind == .provider && granted.appID == "org.example.editor")
        let outside = try #require(throws: HandOverError.self) { try broker.provider("org.example.files", grant: fixture.document, to: "org.example.editor") }
        #expect(outside.code == .outsideProviderRoot)
        try FileManager.default.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: fixture.document)
        let escape = try #require(throws: HandOverError.self) { try broker.provider("org.example.files", grant: root + "/escape.txt", to: "org.example.editor") }
        #expect(escape.code == .outsideProviderRoot)
        #expect(throws: HandOverError.self) { try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .export, provider: "viewer.desktop") }
    }

    @Test("A transfer that fails at any step leaves no file, no grant, and a closed journal entry", arguments: ["started", "staged", "copied", "placed"])
    func failureAtEveryStep(step: String) throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker(checkpoint: { if $0 == step { throw CancellationError() } })
        #expect(throws: HandOverError.self) { try broker.openIn(path: fixture.document) }
        let inbox = fixture.folder.path("data/containers/viewer.desktop/Documents/Inbox")
        let staging = fixture.folder.path("data/containers/viewer.desktop/tmp/.openwith-staging")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [] == [])
        // After "placed" the file was renamed in before the failure; the rollback cannot see it by
        // name, so recovery must not leave an orphan either: the entry is closed, and the inbox
        // holds a file only if a grant covers it.
        let grants = try fixture.catalog.grants()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: inbox)) ?? []
        for file in files { #expect(grants.contains { $0.path == inbox + "/" + file }, "orphan \(file) after failing at \(step)") }
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("A move that fails at any step puts the document back where it was", arguments: ["started", "staged", "copied", "placed"])
    func failedMoveRestores(step: String) throws {
        let fixture = try HandOverFixture()
        let root = fixture.folder.path("provider-storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
        let broker = try fixture.broker(checkpoint: { if $0 == step { throw CancellationError() } })
        #expect(throws: HandOverError.self) { try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .move, provider: "org.example.files") }
        #expect(try String(contentsOfFile: fixture.document, encoding: .utf8) == "hello, inbox\n")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] == [])
        #expect(try fixture.catalog.grants().isEmpty)
    }

    @Test("Recovery finishes a transfer interrupted after the staged copy, and rolls back an earlier one")
    func recovery() throws {
        let fixture = try HandOverFixture()
        let container = try AppContainer(appID: "viewer.desktop", dataFolder: fixture.catalog.location.dataFolder)
        try container.create()
        // An interrupted transfer that had finished copying: a journal entry in state copied and a staged file.
        let entry = try fixture.catalog.beginTransfer(operation: .openIn, appID: "viewer.desktop", sourcePath: fixture.document, folder: container.inbox)
        let staged = try AtomicFileCopy(mode: 0o444).copy(from: fixture.document, toFolder: container.staging, as: "\(entry).staged")
        try fixture.catalog.markTransferCopied(id: entry, stagedName: "\(entry).staged", device: staged.device, inode: staged.inode, size: staged.size, sha256: staged.sha256)
        // One that had only started, with a partial temporary file.
        let early = try fixture.catalog.beginTransfer(operation: .openIn, appID: "viewer.desktop", sourcePath: fixture.document, folder: container.inbox)
        try fixture.folder.write("data/containers/viewer.desktop/tmp/.openwith-staging/.\(early).staged.openwith-abc123", text: "hel")
        _ = try fixture.broker()  // opening a broker recovers
        #expect(try fixture.catalog.openTransfers().isEmpty)
        let grants = try fixture.catalog.grants(appID: "viewer.desktop")
        #expect(grants.map(\.path) == [container.inbox + "/notes.txt"])
        #expect(grants.first?.sha256 == staged.sha256)
        #expect(try FileManager.default.contentsOfDirectory(atPath: container.staging).isEmpty)
    }

    @Test("URL routing: validation, registered scheme, allow-list, signatures")
    func urlRouting() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker(dryRun: true)
        let routed = try broker.route("editor://open/notes?line=3")
        #expect(routed.handler.id == "org.example.editor")
        #expect(routed.url.queryItems.first?.value == "3")
        for bad in ["editor://x/%zz", "editor://x/\u{7}", "nope://x", "editor:" + String(repeating: "a", count: 9000), "editor://x/%00"] {
            #expect(throws: HandOverError.self) { try broker.route(bad) }
        }
        let key = Array(repeating: UInt8(7), count: 32)
        try fixture.catalog.configureURLHandler(appID: "org.example.editor", scheme: "editor", key: key, allowedSources: ["viewer.desktop"])
        let unsigned = try #require(throws: HandOverError.self) { try broker.route("editor://open/notes", from: "viewer.desktop") }
        #expect(unsigned.code == .signatureMissing)
        let stranger = try #require(throws: HandOverError.self) { try broker.route("editor://open/notes", from: "org.example.files") }
        #expect(stranger.code == .sourceNotAllowed)
        let signed = try RequestSignature(keyBytes: key).sign("editor://open/notes", sourceApp: "viewer.desktop")
        #expect(try broker.route(signed, from: "viewer.desktop").signatureVerified)
        let tampered = signed.replacingOccurrences(of: "notes", with: "other")
        #expect(throws: HandOverError.self) { try broker.route(tampered, from: "viewer.desktop") }
        let wrongKey = try RequestSignature(keyBytes: Array(repeating: 9, count: 32)).sign("editor://open/notes", sourceApp: "viewer.desktop")
        #expect(throws: HandOverError.self) { try broker.route(wrongKey, from: "viewer.desktop") }
    }

    @Test("canOpenURL answers only for schemes the asking app declared")
    func canOpen() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        #expect(try broker.canOpenURL("viewer://x", askingApp: "org.example.editor").answer)
        let undeclared = try broker.canOpenURL("editor://x", askingApp: "org.example.editor")
        #expect(!undeclared.answer && undeclared.reason.contains("LSApplicationQueriesSchemes"))
    }

    @Test("Preview and options menu")
    func previewAndOptions() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let (resolution, preview) = try broker.preview(path: fixture.document)
        #expect(resolution.identifier == "public.plain-text")
        #expect(preview.text?.lines == ["hello, inbox"])
        let options = try broker.options(path: fixture.document)
        #expect(options.actions == ["preview", "open-in", "copy"])
        #expect(options.handlers.candidates.first?.app.id == "viewer.desktop")
    }
}

@Suite("Grant table")
struct GrantTableTests {
    @Test("Answers from live grants only, per app, per exact path")
    func lookups() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let inboxGrant = try #require(try broker.openIn(path: fixture.document).grant)
        let revoked = try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .open)
        try fixture.catalog.revokeGrant(id: revoked.id, reason: "test")
        let table = try GrantTable(catalog: fixture.catalog)
        #expect(table.allows(.read, appID: "viewer.desktop", path: inboxGrant.path))
        #expect(table.allows(.delete, appID: "VIEWER.desktop", path: inboxGrant.path))
        #expect(!table.allows(.write, appID: "viewer.desktop", path: inboxGrant.path))
        #expect(!table.allows(.read, appID: "org.example.editor", path: inboxGrant.path))
        #expect(!table.allows(.read, appID: "org.example.editor", path: fixture.document))
        #expect(!table.allows(.read, appID: "viewer.desktop", path: fixture.folder.path("data/containers")))
    }
}
