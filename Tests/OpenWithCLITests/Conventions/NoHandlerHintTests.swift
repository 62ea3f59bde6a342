import Foundation
import OpenWithTestSupport
import Testing

@Suite("When no app can open a file, the output says what to do next")
struct NoHandlerHintTests {
    @Test("No app at all: the way to add one; an app left out: that --explain says why")
    func hints() throws {
        let cli = try CLIFixture()
        let photo = RepositoryPaths.path("Catalog/samples/photo.png")
        let none = try cli.run(photo)
        #expect(none.status == 1)
        #expect(none.output.contains("no application can open it"), "\(none.output)")
        #expect(none.output.contains("to add one: openwith apps register PATH"), "\(none.output)")
        #expect(!none.output.contains("left out"), "\(none.output)")

        let entry = try cli.folder.write("apps/painter.desktop", text: """
            [Desktop Entry]
            Type=Application
            Name=Painter
            Exec=\(cli.folder.path("bin/painter-not-installed")) %f
            MimeType=image/png;
            """)
        #expect(try cli.run("apps", "register", entry).status == 0)
        let leftOut = try cli.run(photo)
        #expect(leftOut.status == 1)
        #expect(leftOut.output.contains("1 app was left out: --explain says why"), "\(leftOut.output)")
        let explained = try cli.run(photo, "--explain")
        #expect(explained.output.contains("Painter (painter.desktop) left out"), "\(explained.output)")
        #expect(!explained.output.contains("--explain says why"), "\(explained.output)")
    }
}
