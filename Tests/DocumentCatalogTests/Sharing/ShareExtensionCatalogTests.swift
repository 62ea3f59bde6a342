import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing

/// A `Notes.app` bundle with two extensions in `Contents/PlugIns/`, as Xcode builds it, and a
/// desktop entry with share keys.
struct ShareExtensionFiles {
    let folder = TemporaryDirectory("share-extensions")
    let catalog: DocumentCatalog

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
    }

    func writeNotes(imageRule: String = "<key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>5</integer>") throws -> String {
        _ = try folder.write("apps/Notes.app/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.Notes</string>
              <key>CFBundleName</key><string>Notes</string>
              <key>CFBundleExecutable</key><string>Notes</string>
            </dict></plist>
            """)
        _ = try folder.write("apps/Notes.app/Contents/PlugIns/Share.appex/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.Notes.Share</string>
              <key>CFBundleDisplayName</key><string>Add to Notes</string>
              <key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
                <key>NSExtensionAttributes</key><dict>
                  <key>NSExtensionActivationRule</key><dict>
                    \(imageRule)
                    <key>NSExtensionActivationSupportsText</key><true/>
                    <key>NSExtensionActivationSupportsWebURLWithMaxCount</key><integer>1</integer>
                  </dict>
                </dict>
              </dict>
            </dict></plist>
            """)
        _ = try folder.write("apps/Notes.app/Contents/PlugIns/Markup.appex/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.Notes.Markup</string>
              <key>CFBundleDisplayName</key><string>Markup</string>
              <key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.ui-services</string>
                <key>NSExtensionAttributes</key><dict>
                  <key>NSExtensionActivationRule</key>
                  <string>SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count == 1).@count == 1</string>
                </dict>
              </dict>
            </dict></plist>
            """)
        return folder.path("apps/Notes.app")
    }

    func writeBoard(_ keys: String = "X-OpenWith-Share-Types=public.image;\nX-OpenWith-Share-Max-Items=20\n") throws -> String {
        try folder.write("applications/pixelboard.desktop", text: "[Desktop Entry]\nType=Application\nName=Pixel Board\nExec=/bin/true %F\nMimeType=image/png;\n\(keys)")
    }

    func rows() throws -> String {
        try SQLiteShell.query(catalog.location.path, "SELECT extension_id, app_id, kind, max_images, accepted_types FROM share_extensions ORDER BY extension_id")
    }
}

@Suite("Share extensions in the catalog")
struct ShareExtensionCatalogTests {
    @Test("An .app folder's PlugIns extensions and a desktop entry's share keys are stored, read back, and replaced on re-registration")
    func registerAndReload() throws {
        let files = try ShareExtensionFiles()
        _ = try files.catalog.registerApps(at: [try files.writeNotes(), try files.writeBoard()])
        #expect(try files.rows() == """
            org.example.Notes.Markup|org.example.Notes|action||com.adobe.pdf
            org.example.Notes.Share|org.example.Notes|share|5|
            pixelboard.desktop|pixelboard.desktop|share||public.image
            """)
        let extensions = try files.catalog.shareExtensions()
        #expect(extensions.map(\.identifier) == ["org.example.Notes.Markup", "org.example.Notes.Share", "pixelboard.desktop"])
        let share = try #require(extensions.first { $0.identifier == "org.example.Notes.Share" })
        #expect(share.declaration.title == "Add to Notes")
        #expect(share.declaration.rule.maxWebURLs == 1)
        #expect(share.declaration.source.hasSuffix("/Notes.app/Contents/PlugIns/Share.appex/Contents/Info.plist"))
        #expect(try files.catalog.registration(appID: "org.example.Notes").shareExtensions.count == 2)
        // Registering again with another limit replaces the rows, it does not add to them.
        _ = try files.catalog.registerApps(at: [try files.writeNotes(imageRule: "<key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>2</integer>")])
        #expect(try SQLiteShell.query(files.catalog.location.path, "SELECT COUNT(*), MAX(max_images) FROM share_extensions") == "3|2")
    }

    @Test("Unregistering an app removes its extensions with it")
    func unregisterCascades() throws {
        let files = try ShareExtensionFiles()
        _ = try files.catalog.registerApps(at: [try files.writeNotes(), try files.writeBoard()])
        try files.catalog.unregister(appID: "org.example.Notes")
        #expect(try files.rows() == "pixelboard.desktop|pixelboard.desktop|share||public.image")
    }

    @Test("A malformed rule refuses the registration with the file, the key and the reason, and the catalog stays as it was")
    func malformedRuleRefused() throws {
        let files = try ShareExtensionFiles()
        _ = try files.catalog.registerApps(at: [try files.writeBoard()])
        let notes = try files.writeNotes(imageRule: "<key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>-3</integer>")
        do {
            _ = try files.catalog.registerApps(at: [notes])
            Issue.record("a negative count was accepted")
        } catch {
            #expect(error.code == .importRefused)
            #expect(error.path?.hasSuffix("Share.appex/Contents/Info.plist") == true, "\(error)")
            #expect(error.key == "NSExtension.NSExtensionAttributes.NSExtensionActivationRule.NSExtensionActivationSupportsImageWithMaxCount")
            #expect(error.reason.contains("-3 is negative"))
        }
        #expect(try files.rows() == "pixelboard.desktop|pixelboard.desktop|share||public.image")
        #expect(try SQLiteShell.query(files.catalog.location.path, "SELECT COUNT(*) FROM apps WHERE id = 'org.example.Notes'") == "0")
    }

    @Test("A desktop entry with a malformed share key is refused whole, naming the key and its line")
    func malformedDesktopKey() throws {
        let files = try ShareExtensionFiles()
        let board = try files.writeBoard("X-OpenWith-Share-Max-Images=-1\n")
        do {
            _ = try files.catalog.registerApps(at: [board])
            Issue.record("a negative desktop count was accepted")
        } catch {
            #expect(error.path == board)
            #expect(error.key == "X-OpenWith-Share-Max-Images")
            #expect(error.reason.contains("'-1' is not a count"))
            #expect(error.reason.contains("line 6"))
        }
        #expect(try files.rows() == "")
    }

    @Test("Two apps cannot declare one extension id")
    func duplicateExtensionID() throws {
        let files = try ShareExtensionFiles()
        _ = try files.catalog.registerApps(at: [try files.writeNotes()])
        let copy = try files.folder.write("other/Other.plist", text: """
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.Notes.Share</string>
              <key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
                <key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><string>TRUEPREDICATE</string></dict>
              </dict>
            </dict></plist>
            """)
        do {
            _ = try files.catalog.registerApps(at: [copy])
            Issue.record("a second org.example.Notes.Share was accepted")
        } catch {
            #expect(error.code == .importRefused)
            #expect(error.reason.contains("already declared by org.example.Notes"), "\(error)")
        }
    }
}
