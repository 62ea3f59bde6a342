import Foundation
import OpenWithTestSupport
import Testing

/// A catalog where `Notes.app` (with a share and an action extension in `Contents/PlugIns/`) is
/// registered and a desktop entry with share keys is installed, and files to share.
private struct ShareCLIFixture {
    let cli: CLIFixture
    let png: String
    let pdf: String

    init() throws {
        cli = try CLIFixture()
        try cli.folder.write(
            "xdg-data/applications/pixelboard.desktop",
            text: """
                [Desktop Entry]
                Type=Application
                Name=Pixel Board
                Exec=true %F
                MimeType=image/png;
                X-OpenWith-Share-Title=Pin to Pixel Board
                X-OpenWith-Share-Types=image/png;image/jpeg;
                X-OpenWith-Share-Max-Items=10

                """)
        _ = try cli.folder.write("apps/Notes.app/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.Notes</string>
              <key>CFBundleName</key><string>Notes</string>
              <key>CFBundleShortVersionString</key><string>2.1</string>
            </dict></plist>
            """)
        _ = try cli.folder.write("apps/Notes.app/Contents/PlugIns/NotesShare.appex/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.Notes.Share</string>
              <key>CFBundleDisplayName</key><string>Add to Notes</string>
              <key>CFBundlePackageType</key><string>XPC!</string>
              <key>NSExtension</key><dict>
                <key>NSExtensionAttributes</key><dict>
                  <key>NSExtensionActivationRule</key><dict>
                    <key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>1</integer>
                    <key>NSExtensionActivationSupportsText</key><true/>
                    <key>NSExtensionActivationSupportsWebURLWithMaxCount</key><integer>1</integer>
                  </dict>
                </dict>
                <key>NSExtensionMainStoryboard</key><string>MainInterface</string>
                <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
              </dict>
            </dict></plist>
            """)
        png = try cli.folder.write("docs/photo.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] + [UInt8](repeating: 1, count: 64))
        pdf = try cli.folder.write("docs/report.pdf", text: "%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n")
        let registered = try cli.run("apps", "register", cli.folder.path("apps/Notes.app"))
        #expect(registered.status == 0, "\(registered.error)")
    }
}

@Suite("openwith share as a process")
struct ShareCommandTests {
    @Test("Lists the extensions that take the set, ranked with reasons; --explain adds each item and the ones left out")
    func listAndExplain() throws {
        let fixture = try ShareCLIFixture()
        let listed = try fixture.cli.run("share", fixture.png, "--text", "Sunset")
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains("1. Add to Notes (org.example.Notes.Share, share) — takes 1 image (at most 1) and 1 text (any number)"), "\(listed.output)")
        #expect(!listed.output.contains("Pixel Board"))
        let explained = try fixture.cli.run("share", fixture.png, "--text", "Sunset", "--explain")
        #expect(explained.output.contains("photo.png (public.png): counted as an image by NSExtensionActivationSupportsImageWithMaxCount (at most 1)"), "\(explained.output)")
        #expect(explained.output.contains("left out:"))
        #expect(explained.output.contains("Pin to Pixel Board (pixelboard.desktop, share) — \"Sunset\" (public.plain-text) conforms to none of public.png, public.jpeg (X-OpenWith-Share-Types)"), "\(explained.output)")
        let image = try fixture.cli.run("share", fixture.png, "--json")
        let report = try #require(try image.json() as? [String: Any])
        let activities = try #require(report["activities"] as? [[String: Any]])
        #expect(activities.map { $0["id"] as? String } == ["pixelboard.desktop", "org.example.Notes.Share"])
        #expect(activities.first?["reason"] as? String == "takes 1 item conforming to public.png or public.jpeg, at most 10 in all")
        #expect((report["items"] as? [[String: Any]])?.first?["type"] as? String == "public.png")
    }

    @Test("Nothing takes a PDF: exit status 1 and a plain answer")
    func nothingTakesIt() throws {
        let fixture = try ShareCLIFixture()
        let result = try fixture.cli.run("share", fixture.pdf)
        #expect(result.status == 1)
        #expect(result.output.contains("no extension takes this item"))
    }

    @Test("--to copies into the extension's inbox with a grant and queues the requests; a refused set copies nothing")
    func deliverAndRefuse() throws {
        let fixture = try ShareCLIFixture()
        let refused = try fixture.cli.run("share", fixture.png, fixture.png, "--to", "org.example.Notes.Share")
        #expect(refused.status == 2)
        #expect(refused.error.contains("2 images, but NSExtensionActivationSupportsImageWithMaxCount is 1"), "\(refused.error)")
        let inbox = fixture.cli.folder.path("xdg-data/openwith/containers/org.example.Notes.Share/Documents/Inbox")
        let catalogFolder = fixture.cli.folder.path("catalog/containers/org.example.Notes.Share")
        #expect(!FileManager.default.fileExists(atPath: inbox) && !FileManager.default.fileExists(atPath: catalogFolder))
        let shared = try fixture.cli.run("share", fixture.png, "--url", "https://example.com/sunset", "--to", "org.example.Notes.Share", "--from", "org.example.Photos", "--json")
        #expect(shared.status == 0, "\(shared.error)")
        let delivery = try #require(try shared.json() as? [String: Any])
        let copies = try #require(delivery["copies"] as? [[String: Any]])
        let copy = try #require(copies.first?["path"] as? String)
        #expect(copy.hasSuffix("/containers/org.example.Notes.Share/Documents/Inbox/photo.png"))
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: fixture.png))
        let requests = try fixture.cli.run("requests", "list", "--app", "org.example.Notes.Share")
        #expect(requests.status == 0, "\(requests.error)")
        let queued = try #require(try requests.json() as? [[String: Any]])
        #expect(queued.count == 2)
        #expect(queued.last?["url"] as? String == "https://example.com/sunset")
        let inboxList = try fixture.cli.run("inbox", "list", "--app", "org.example.Notes.Share")
        #expect(inboxList.status == 0, "\(inboxList.error)")
        #expect(inboxList.output.contains("photo.png"))
    }

    @Test("A malformed rule is reported at registration with the file, the key and the reason")
    func malformedAtRegistration() throws {
        let cli = try CLIFixture()
        let plist = try cli.folder.write("apps/Broken.appex/Info.plist", text: """
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.Broken</string>
              <key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
                <key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><dict>
                  <key>NSExtensionActivationSupportsFileWithMaxCount</key><string>several</string>
                </dict></dict>
              </dict>
            </dict></plist>
            """)
        let result = try cli.run("apps", "register", plist)
        #expect(result.status == 2)
        #expect(result.error.contains(plist), "\(result.error)")
        #expect(result.error.contains("NSExtensionActivationSupportsFileWithMaxCount"))
        #expect(result.error.contains("'several' is not a count"))
    }
}
