import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("Defaults written to mimeapps.list")
struct MimeAppsDefaultsTests {
    /// A machine with one viewer of PNG and MP3 files, and its catalog.
    private func machine(_ folder: TemporaryDirectory, desktop: String? = nil) throws -> (DocumentCatalog, [String: String]) {
        try folder.write("data/applications/viewer.desktop", text: desktopEntry(name: "Viewer", mime: ["image/png", "audio/mpeg", "x-scheme-handler/notes"]))
        try folder.write("data/applications/other.desktop", text: desktopEntry(name: "Other", mime: ["image/png"]))
        var environment = [
            "HOME": folder.path("home"), "XDG_DATA_HOME": folder.path("data"), "XDG_DATA_DIRS": folder.path("usr"),
            "XDG_CONFIG_HOME": folder.path("config"), "XDG_CONFIG_DIRS": folder.path("etc"),
        ]
        if let desktop { environment["XDG_CURRENT_DESKTOP"] = desktop }
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
        _ = try catalog.importSystem(environment: environment)
        return (catalog, environment)
    }

    private func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("A type's default is written for every MIME type it has, in a folder that did not exist")
    func writesEveryMimeType() throws {
        let folder = TemporaryDirectory("defaults")
        let (catalog, environment) = try machine(folder)
        let mp3 = try #require(try catalog.snapshot().graph.type(mimeType: "audio/mpeg"))
        let mimeTypes = try #require(mp3.tags[.mimeType])
        #expect(mimeTypes.count > 1, "audio/mpeg has aliases (audio/mp3, audio/x-mp3 …)")
        let location = try catalog.setDefault(scope: .type, key: mp3.identifier.rawValue, appID: "viewer.desktop", environment: environment)
        #expect(location == .mimeAppsList(path: folder.path("config/mimeapps.list"), mimeTypes: mimeTypes))
        let list = try MimeAppsListParser.parse(Array(try text(folder.path("config/mimeapps.list")).utf8), source: "written")
        #expect(list.defaults.map(\.mimeType) == mimeTypes)
        #expect(list.defaults.allSatisfy { $0.desktopIDs == ["viewer.desktop"] })
        let snapshot = try catalog.snapshot()
        #expect(snapshot.userDefault(scope: .type, key: mp3.identifier.rawValue, role: .any) == nil, "it lives in the file, not the catalog")
        #expect(snapshot.mimeAppsDefaults(mimeType: "audio/mpeg") == ["viewer.desktop"], "the catalog read the file again")
        let sources = snapshot.defaultSources(scope: .type, key: mp3.identifier.rawValue)
        #expect(sources.first == DefaultSource(appID: "viewer.desktop", location: .mimeAppsList(path: folder.path("config/mimeapps.list"), mimeTypes: ["audio/mpeg"])))
        var info = stat()
        #expect(stat(folder.path("config"), &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test("The user's file keeps its other lines; a desktop-specific file that shadows it is changed too")
    func keepsOtherLinesAndShadowingFile() throws {
        let folder = TemporaryDirectory("defaults")
        let mine = "# mine\n[Added Associations]\nimage/png=other.desktop;\n\n[Default Applications]\ntext/plain=other.desktop;\n"
        try folder.write("config/mimeapps.list", text: mine)
        try folder.write("config/kde-mimeapps.list", text: "[Default Applications]\nimage/png=other.desktop;\n")
        try folder.write("config/gnome-mimeapps.list", text: "[Default Applications]\ntext/html=other.desktop;\n")
        let (catalog, environment) = try machine(folder, desktop: "KDE:GNOME")
        #expect(try catalog.snapshot().mimeAppsDefaults(mimeType: "image/png").first == "other.desktop")
        try catalog.setDefault(scope: .type, key: "public.png", appID: "viewer.desktop", environment: environment)
        #expect(try text(folder.path("config/mimeapps.list")) == mine.replacingOccurrences(of: "text/plain=other.desktop;\n", with: "text/plain=other.desktop;\nimage/png=viewer.desktop;\n"))
        #expect(try text(folder.path("config/kde-mimeapps.list")) == "[Default Applications]\nimage/png=viewer.desktop;other.desktop;\n")
        #expect(try text(folder.path("config/gnome-mimeapps.list")) == "[Default Applications]\ntext/html=other.desktop;\n", "no entry for the type: left alone")
        #expect(try catalog.snapshot().mimeAppsDefaults(mimeType: "image/png").first == "viewer.desktop")
        // Unset removes the entries from both files.
        #expect(try catalog.removeDefault(scope: .type, key: "public.png", environment: environment))
        #expect(try text(folder.path("config/mimeapps.list")) == mine)
        #expect(try text(folder.path("config/kde-mimeapps.list")) == "[Default Applications]\n")
        #expect(try catalog.snapshot().mimeAppsDefaults(mimeType: "image/png").isEmpty)
    }

    @Test("A scheme's default is x-scheme-handler/SCHEME")
    func schemeDefault() throws {
        let folder = TemporaryDirectory("defaults")
        let (catalog, environment) = try machine(folder)
        let location = try catalog.setDefault(scope: .scheme, key: "NOTES", appID: "viewer.desktop", environment: environment)
        #expect(location == .mimeAppsList(path: folder.path("config/mimeapps.list"), mimeTypes: ["x-scheme-handler/notes"]))
        #expect(try text(folder.path("config/mimeapps.list")) == "[Default Applications]\nx-scheme-handler/notes=viewer.desktop;\n")
    }

    @Test("Defaults mimeapps.list cannot express stay in the catalog")
    func catalogDefaults() throws {
        let folder = TemporaryDirectory("defaults")
        let (catalog, environment) = try machine(folder)
        #expect(try catalog.setDefault(scope: .type, key: "public.png", role: .viewer, appID: "viewer.desktop", environment: environment) == .catalog)
        #expect(try catalog.setDefault(scope: .file, key: folder.path("photo.png"), appID: "viewer.desktop", environment: environment) == .catalog)
        try folder.write("Bundle.app/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>org.example.bundle</string>
            <key>CFBundleName</key><string>Bundle</string>
            <key>CFBundleDocumentTypes</key><array><dict><key>LSItemContentTypes</key><array><string>public.png</string></array></dict></array>
            </dict></plist>
            """)
        _ = try catalog.registerApps(at: [folder.path("Bundle.app")])
        #expect(try catalog.setDefault(scope: .type, key: "public.png", appID: "org.example.bundle", environment: environment) == .catalog)
        #expect(!FileManager.default.fileExists(atPath: folder.path("config/mimeapps.list")))
        let snapshot = try catalog.snapshot()
        #expect(snapshot.defaultSources(scope: .type, key: "public.png", role: .viewer).map(\.appID) == ["viewer.desktop", "org.example.bundle"])
    }

    @Test("A mimeapps.list that does not read is refused, naming the file and line; file and catalog stay")
    func refusesUnreadableFiles() throws {
        let folder = TemporaryDirectory("defaults")
        let (catalog, environment) = try machine(folder)
        let broken = "[Default Applications]\nimage/png=other.desktop;\nnot a key file line\n"
        try folder.write("config/mimeapps.list", text: broken)
        let generation = try catalog.generation()
        #expect {
            try catalog.setDefault(scope: .type, key: "public.png", appID: "viewer.desktop", environment: environment)
        } throws: { error in
            guard let error = error as? CatalogError else { return false }
            return error.code == .mimeAppsListRefused && error.path == folder.path("config/mimeapps.list") && error.reason.hasPrefix("line 3:")
        }
        #expect(try text(folder.path("config/mimeapps.list")) == broken)
        #expect(try catalog.generation() == generation, "nothing was written to the catalog")
        // A mimeapps.list that is not a file (a folder in its place): refused the same way.
        try FileManager.default.removeItem(atPath: folder.path("config/mimeapps.list"))
        try FileManager.default.createDirectory(atPath: folder.path("config/mimeapps.list"), withIntermediateDirectories: true)
        #expect {
            try catalog.setDefault(scope: .type, key: "public.png", appID: "viewer.desktop", environment: environment)
        } throws: { ($0 as? CatalogError)?.code == .mimeAppsListRefused && ($0 as? CatalogError)?.path == folder.path("config/mimeapps.list") }
        #expect(try catalog.generation() == generation)
        #expect(try catalog.snapshot().userDefault(scope: .type, key: "public.png", role: .any) == nil)
    }

    @Test("A linked mimeapps.list stays a link; its target is written")
    func writesThroughLinks() throws {
        let folder = TemporaryDirectory("defaults")
        let (catalog, environment) = try machine(folder)
        try folder.write("dotfiles/mimeapps.list", text: "# kept in dotfiles\n")
        try FileManager.default.createDirectory(atPath: folder.path("config"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("config/mimeapps.list"), withDestinationPath: folder.path("dotfiles/mimeapps.list"))
        try catalog.setDefault(scope: .type, key: "public.png", appID: "viewer.desktop", environment: environment)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("config/mimeapps.list")) == folder.path("dotfiles/mimeapps.list"))
        #expect(try text(folder.path("dotfiles/mimeapps.list")) == "# kept in dotfiles\n\n[Default Applications]\nimage/png=viewer.desktop;\n")
    }
}
