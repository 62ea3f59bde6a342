import Foundation
import OpenWithTestSupport
import Testing

@Suite("apps register FOLDER: every desktop entry, Info.plist and .app bundle in it")
struct AppsRegisterFolderTests {
    @Test("The sample folder registers both of its apps: the desktop entry and the Info.plist")
    func sampleFolder() throws {
        let cli = try CLIFixture()
        let run = try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps"))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("registered 2 apps"), "\(run.output)")
        let list = try cli.run("apps", "list", "--json")
        let apps = try #require(try list.json() as? [[String: Any]])
        let ids = Set(apps.compactMap { $0["id"] as? String })
        #expect(ids.isSuperset(of: ["org.openwith.sample-editor", "org.openwith.sample-viewer.desktop"]), "\(ids)")
    }

    @Test("Property lists that name no app, or are no property list, are skipped with the reason; the rest is registered")
    func skippedFiles() throws {
        let cli = try CLIFixture()
        let samples = RepositoryPaths.path("Catalog/apps")
        let editor = try String(contentsOfFile: samples + "/SampleEditor.plist", encoding: .utf8)
        try cli.folder.write("apps/nested/Editor.app/Contents/Info.plist", text: editor.replacingOccurrences(of: "org.openwith.sample-editor", with: "org.example.bundled-editor"))
        try cli.folder.write("apps/settings.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>WindowWidth</key><integer>640</integer></dict></plist>
            """)
        try cli.folder.write("apps/broken.plist", text: "not a property list\n")
        try cli.folder.write("apps/Viewer.plist", text: editor)
        let run = try cli.run("apps", "register", cli.folder.path("apps"))
        #expect(run.status == 0, "\(run.error)")
        let said = run.output + run.error
        #expect(said.contains("registered 2 apps"), "\(said)")
        #expect(said.contains("org.example.bundled-editor"), "\(said)")
        #expect(said.contains("org.openwith.sample-editor"), "\(said)")
        #expect(said.contains("settings.plist") && said.contains("names no app"), "\(said)")
        #expect(said.contains("broken.plist") && said.contains("not registered"), "\(said)")
        let shown = try cli.run("apps", "show", "org.example.bundled-editor")
        #expect(shown.status == 0, "\(shown.error)")
    }

    @Test("A folder with only property lists that name no app registers nothing and says so, exit 2")
    func nothingToRegister() throws {
        let cli = try CLIFixture()
        try cli.folder.write("empty/settings.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>A</key><string>b</string></dict></plist>
            """)
        let run = try cli.run("apps", "register", cli.folder.path("empty"))
        #expect(run.status == 2)
        #expect(run.error.contains("no Info.plist, .app folder or .desktop file found"), "\(run.error)")
    }
}
