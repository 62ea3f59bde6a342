import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

/// A catalog with four share and action extensions and real files to share: a PNG, a PDF and an MP4.
struct ShareFixture {
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] + [UInt8](repeating: 7, count: 40)
    let folder = TemporaryDirectory("share-sheet")
    let catalog: DocumentCatalog
    let png: String
    let pdf: String
    let movie: String

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
        func share(_ id: String, _ title: String, _ rule: ShareActivationRule, source: String, kind: ShareExtensionDeclaration.Kind = .share) -> ShareExtensionDeclaration {
            ShareExtensionDeclaration(identifier: id, kind: kind, title: title, rule: rule, source: source)
        }
        var notes = AppRegistration(id: "org.example.Notes", kind: .bundle, name: "Notes", sourcePath: "/apps/Notes.app/Info.plist")
        notes.shareExtensions = [
            share("org.example.Notes.Share", "Add to Notes", ShareActivationRule(maxImages: 2, maxText: ShareActivationRule.unlimited, maxWebURLs: 1), source: "/apps/Notes.app/PlugIns/Share.appex/Info.plist"),
            share("org.example.Notes.PNG", "Optimise PNG", ShareActivationRule(form: .predicate, maxAttachments: 3, acceptedTypes: ["public.png"]), source: "/apps/Notes.app/PlugIns/PNG.appex/Info.plist", kind: .action),
        ]
        var mail = AppRegistration(id: "org.example.Mail", kind: .bundle, name: "Mail", sourcePath: "/apps/Mail.app/Info.plist")
        mail.shareExtensions = [share("org.example.Mail.Compose", "Mail", ShareActivationRule(maxFiles: 10, maxText: 1, maxWebURLs: 5), source: "/apps/Mail.app/PlugIns/Compose.appex/Info.plist")]
        var board = AppRegistration(id: "board.desktop", kind: .desktop, name: "Board", sourcePath: "/apps/board.desktop", exec: "/bin/true %F")
        board.shareExtensions = [share("board.desktop", "Board", ShareActivationRule(maxAttachments: 20, acceptedTypes: ["public.image", "public.movie"]), source: "/apps/board.desktop")]
        try catalog.register([notes, mail, board])
        png = try folder.write("docs/photo.png", bytes: Self.pngBytes)
        pdf = try folder.write("docs/report.pdf", bytes: Array("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n".utf8))
        movie = try folder.write("docs/clip.mp4", bytes: [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8) + [0, 0, 0, 8] + Array("free".utf8))
    }

    func broker(dryRun: Bool = false) throws -> HandOverBroker {
        try HandOverBroker(catalog: catalog, launcher: HandlerLauncher(dryRun: dryRun))
    }
}

@Suite("The share sheet: activation, ranking, reasons")
struct ShareSheetTests {
    @Test("An extension whose app's Exec program is missing is not offered, is refused with that reason, and --to gets nothing")
    func appThatCannotLaunch() throws {
        let fixture = try ShareFixture()
        var gone = AppRegistration(id: "pixelboard.desktop", kind: .desktop, name: "Pixel Board", sourcePath: "/apps/pixelboard.desktop", exec: "openwith-test-no-such-program %F")
        gone.shareExtensions = [
            ShareExtensionDeclaration(
                identifier: "pixelboard.desktop", kind: .share, title: "Pin", rule: ShareActivationRule(maxAttachments: 10, acceptedTypes: ["public.image"]),
                source: "/apps/pixelboard.desktop")
        ]
        try fixture.catalog.register([gone])
        let sheet = try fixture.broker().shareActivities(for: [.file(fixture.png)])
        #expect(!sheet.offered.map(\.extensionID).contains("pixelboard.desktop"))
        #expect(sheet.offered.map(\.extensionID).contains("board.desktop"))
        let refused = try #require(sheet.refused.first { $0.extensionID == "pixelboard.desktop" })
        #expect(refused.reason == "its app cannot be launched here: its Exec program 'openwith-test-no-such-program' is not found on PATH")
        let error = HandOverTestHelpers.expectError(.shareRefused) { try fixture.broker(dryRun: true).share([.file(fixture.png)], to: "pixelboard.desktop") }
        #expect(error?.reason.contains("openwith-test-no-such-program") == true)
        #expect(try fixture.catalog.pendingOpenRequests(appID: "pixelboard.desktop").isEmpty)
    }

    @Test("One PNG: the PNG action first (the most specific type), then the image rules, then the file rule; each with its reason")
    func rankingForOneImage() throws {
        let fixture = try ShareFixture()
        let sheet = try fixture.broker().shareActivities(for: [.file(fixture.png)])
        #expect(sheet.items.map(\.type.identifier.rawValue) == ["public.png"])
        #expect(sheet.offered.map(\.extensionID) == ["org.example.Notes.PNG", "org.example.Notes.Share", "board.desktop", "org.example.Mail.Compose"])
        #expect(sheet.offered[0].reason == "takes 1 item conforming to public.png, at most 3 in all")
        #expect(sheet.offered[1].reason == "takes 1 image (at most 2)")
        #expect(sheet.offered[3].reason == "takes 1 file (at most 10)")
        #expect(sheet.offered[3].itemReasons == ["photo.png (public.png): counted as a file by NSExtensionActivationSupportsFileWithMaxCount (at most 10)"])
        #expect(sheet.refused.isEmpty)
    }

    @Test("Three images are too many for Add to Notes; a PDF conforms to none of Board's types; the refusals say so per item")
    func refusalsWithReasons() throws {
        let fixture = try ShareFixture()
        let images = try fixture.broker().shareActivities(for: [.file(fixture.png), .file(fixture.png), .file(fixture.png)])
        let notes = try #require(images.refused.first { $0.extensionID == "org.example.Notes.Share" })
        #expect(notes.reason == "3 images, but NSExtensionActivationSupportsImageWithMaxCount is 2")
        #expect(images.offered.map(\.extensionID) == ["org.example.Notes.PNG", "board.desktop", "org.example.Mail.Compose"])
        let mixed = try fixture.broker().shareActivities(for: [.file(fixture.movie), .file(fixture.pdf)])
        #expect(mixed.items.map(\.type.identifier.rawValue) == ["public.mpeg-4", "com.adobe.pdf"])
        let board = try #require(mixed.refused.first { $0.extensionID == "board.desktop" })
        #expect(board.reason == "report.pdf (com.adobe.pdf) conforms to none of public.image, public.movie (X-OpenWith-Share-Types)")
        #expect(board.itemReasons == [
            "clip.mp4 (public.mpeg-4): conforms to public.movie (X-OpenWith-Share-Types)",
            "report.pdf (com.adobe.pdf): refused: conforms to none of public.image, public.movie (X-OpenWith-Share-Types)",
        ])
        #expect(mixed.offered.map(\.extensionID) == ["org.example.Mail.Compose"])
    }

    @Test("Text and web URLs: counted against their own limits; a text item to an image-only rule is refused by kind")
    func textAndURLs() throws {
        let fixture = try ShareFixture()
        let sheet = try fixture.broker().shareActivities(for: [.text("Look at this"), .webURL("https://example.com/a")])
        #expect(sheet.items.map(\.type.identifier.rawValue) == ["public.plain-text", "public.url"])
        #expect(Set(sheet.offered.map(\.extensionID)) == ["org.example.Notes.Share", "org.example.Mail.Compose"])
        #expect(sheet.offered.first { $0.extensionID == "org.example.Notes.Share" }?.reason == "takes 1 text (any number) and 1 web URL (at most 1)")
        let png = try #require(sheet.refused.first { $0.extensionID == "org.example.Notes.PNG" })
        #expect(png.reason.hasPrefix("\"Look at this\" (public.plain-text) conforms to none of public.png"))
        let twoURLs = try fixture.broker().shareActivities(for: [.webURL("https://example.com/a"), .webURL("http://example.org/b")])
        #expect(twoURLs.refused.first { $0.extensionID == "org.example.Notes.Share" }?.reason == "2 web URLs, but NSExtensionActivationSupportsWebURLWithMaxCount is 1")
    }

    @Test("A text item with a line break is shown on one line in reasons")
    func controlCharactersInReasons() throws {
        let fixture = try ShareFixture()
        let sheet = try fixture.broker().shareActivities(for: [.text("line one\nline two")])
        let board = try #require(sheet.refused.first { $0.extensionID == "board.desktop" })
        #expect(board.reason.hasPrefix(#""line one\u{a}line two" (public.plain-text) conforms to none of"#), "\(board.reason)")
        #expect(!board.reason.contains("\n") && board.itemReasons.allSatisfy { !$0.contains("\n") })
    }

    @Test("Bad items are refused before any weighing: an empty or NUL text, a URL that is not http(s)")
    func badItems() throws {
        let fixture = try ShareFixture()
        let broker = try fixture.broker()
        HandOverTestHelpers.expectError(.invalidShareItem) { try broker.shareActivities(for: [.text("")]) }
        HandOverTestHelpers.expectError(.invalidShareItem) { try broker.shareActivities(for: [.text("a\u{0}b")]) }
        HandOverTestHelpers.expectError(.invalidShareItem) { try broker.shareActivities(for: [.webURL("javascript:alert(1)")]) }
        HandOverTestHelpers.expectError(.invalidShareItem) { try broker.shareActivities(for: [.text(String(repeating: "x", count: 70_000))]) }
    }
}

@Suite("Sharing with an extension: delivery")
struct ShareDeliveryTests {
    @Test("Files are copied into the extension's inbox, read-only, with grants and journal entries; every item becomes a request")
    func deliversEverything() throws {
        let fixture = try ShareFixture()
        let delivery = try fixture.broker().share(
            [.file(fixture.png), .text("Hello, notes & friends"), .webURL("https://example.com/a")], to: "org.example.Notes.Share", from: "org.example.Photos")
        #expect(delivery.inbox == fixture.folder.path("data/containers/org.example.Notes.Share/Documents/Inbox"))
        #expect(HandOverTestHelpers.listing(delivery.inbox) == ["photo.png"])
        let grant = try #require(delivery.grants.first)
        #expect(HandOverTestHelpers.contents(grant.path) == ShareFixture.pngBytes)
        #expect(HandOverTestHelpers.mode(grant.path) == 0o444)
        #expect(grant.appID == "org.example.Notes.Share")
        #expect(grant.rights == [.read, .delete])
        #expect(grant.sourceApp == "org.example.Photos")
        #expect(grant.originalPath == fixture.png)
        #expect(grant.sha256 == (try HandOverTestHelpers.sha256sum(fixture.png)))
        let pending = try fixture.catalog.pendingOpenRequests(appID: "org.example.Notes.Share")
        #expect(pending.map(\.url) == [
            "file://" + grant.path, "data:text/plain;charset=utf-8,Hello%2C%20notes%20%26%20friends", "https://example.com/a",
        ])
        #expect(pending.map(\.typeIdentifier) == ["public.png", "public.plain-text", "public.url"])
        #expect(pending[0].grantID == grant.id)
        #expect(pending.allSatisfy { $0.options == ["share"] && $0.sourceApp == "org.example.Photos" })
        let journal = try SQLiteShell.query(fixture.catalog.location.path, "SELECT operation, app_id, state FROM transfer_journal")
        #expect(journal == "open-in|org.example.Notes.Share|committed")
        let audit = try SQLiteShell.query(fixture.catalog.location.path, "SELECT subject FROM audit_log WHERE action = 'share'")
        #expect(audit == "org.example.Notes.Share")
    }

    @Test("An extension that refuses the set gets nothing: no inbox, no grant, no request, no journal entry")
    func refusedBeforeCopying() throws {
        let fixture = try ShareFixture()
        let error = HandOverTestHelpers.expectError(.shareRefused) {
            try fixture.broker().share([.file(fixture.png), .file(fixture.pdf)], to: "org.example.Notes.Share")
        }
        #expect(error?.reason.contains("report.pdf (com.adobe.pdf) is a file, which the rule does not take") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("data/containers/org.example.Notes.Share")))
        #expect(try fixture.catalog.grants(appID: "org.example.Notes.Share").isEmpty)
        #expect(try fixture.catalog.pendingOpenRequests(appID: "org.example.Notes.Share").isEmpty)
        #expect(try SQLiteShell.query(fixture.catalog.location.path, "SELECT COUNT(*) FROM transfer_journal") == "0")
        HandOverTestHelpers.expectError(.unknownExtension) { try fixture.broker().share([.file(fixture.png)], to: "org.example.Notes.Shar") }
    }

    @Test("A desktop-entry extension's app is launched with the inbox copies")
    func desktopLaunch() throws {
        let fixture = try ShareFixture()
        let delivery = try fixture.broker().share([.file(fixture.png), .file(fixture.movie)], to: "board.desktop")
        let launch = try #require(delivery.launch)
        #expect(launch.commands == [["/bin/true"] + delivery.grants.map(\.path)])
        #expect(delivery.grants.map { ($0.path as NSString).lastPathComponent } == ["photo.png", "clip.mp4"])
        let dry = try fixture.broker(dryRun: true).share([.file(fixture.png)], to: "board.desktop")
        #expect(dry.dryRun && dry.grants.isEmpty)
        #expect(HandOverTestHelpers.listing(dry.inbox) == ["clip.mp4", "photo.png"])
    }
}
