import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing

/// An Info.plist naming `identifier` as its bundle identifier.
private func infoPlist(identifier: String) -> String {
    let escaped = identifier.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>\(escaped)</string>
        <key>CFBundleName</key><string>Sample</string>
        </dict></plist>
        """
}

@Suite("What registration refuses: app ids that cannot name a folder, Exec lines that cannot run")
struct RegistrationCheckTests {
    @Test(
        "A bundle identifier that cannot name a container folder is refused at registration",
        arguments: ["../evil", "..", "org/example/app", "org.example.\u{1}bell", String(repeating: "a", count: 300)])
    func badIdentifiers(identifier: String) throws {
        let folder = TemporaryDirectory("registration")
        let path = try folder.write("Sample.plist", text: infoPlist(identifier: identifier))
        let error = try #require(throws: CatalogFormatError.self) { try InfoPlistImporter.registration(path: path) }
        #expect(error.key == "CFBundleIdentifier")
        #expect(error.source == path)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        let refused = try #require(throws: CatalogError.self) { try catalog.registerApps(at: [path]) }
        #expect(refused.path == path)
        #expect(try catalog.appSummaries().isEmpty)
    }

    @Test("An app registered through the library with an unusable id is refused, naming its file")
    func badIdentifierThroughTheLibrary() throws {
        let folder = TemporaryDirectory("registration")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        let error = try #require(throws: CatalogError.self) {
            try catalog.register([AppRegistration(id: "a/../../b", kind: .bundle, name: "B", sourcePath: "/apps/B.plist")])
        }
        #expect(error.code == .importRefused && error.path == "/apps/B.plist" && error.key == "id")
    }

    @Test("The spec's literal backslash in a quoted Exec argument is accepted; an unquoted one is refused at import")
    func execBackslashes() throws {
        let folder = TemporaryDirectory("registration")
        // In the file: "a\\\\b" — the key-file level turns \\\\ into \\, the Exec quoting \\ into \.
        let good = try folder.write("applications/good.desktop", text: "[Desktop Entry]\nType=Application\nName=Good\nExec=app \"a\\\\\\\\b\" %f\nMimeType=text/plain;\n")
        let (registration, _) = try DesktopEntryImporter.registration(path: good)
        let syntax = try DesktopExecSyntax(try #require(registration.exec), unescapingStringValue: false)
        #expect(syntax.program == "app")
        // a\\sb in the file is a\sb after the key-file level: a backslash outside quotes.
        let bad = try folder.write("applications/bad.desktop", text: "[Desktop Entry]\nType=Application\nName=Bad\nExec=app a\\\\sb %f\nMimeType=text/plain;\n")
        let error = try #require(throws: CatalogFormatError.self) { try DesktopEntryImporter.registration(path: bad) }
        #expect(error.key == "Exec" && error.source == bad)
        let unterminated = try folder.write("applications/open.desktop", text: "[Desktop Entry]\nType=Application\nName=Open\nExec=app \"%f\nMimeType=text/plain;\n")
        let quote = try #require(throws: CatalogFormatError.self) { try DesktopEntryImporter.registration(path: unterminated) }
        #expect(quote.key == "Exec")
        #expect(quote.reason.contains("unterminatedQuote"))
    }
}
