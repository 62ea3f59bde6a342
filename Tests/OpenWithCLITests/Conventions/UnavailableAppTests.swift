import Foundation
import OpenWithTestSupport
import Testing

@Suite("Apps whose program is not installed are left out, with the reason, as GIO does")
struct UnavailableAppTests {
    @Test("A missing Exec program and a missing TryExec leave the app out; --explain and --json say why; a present one is listed")
    func leftOutWithReason() throws {
        let cli = try CLIFixture()
        let missing = cli.folder.path("bin/not-installed-editor")
        let applications = "xdg-data/applications/"
        try cli.folder.write(applications + "gone.desktop", text: "[Desktop Entry]\nType=Application\nName=Gone\nExec=\(missing) %f\nMimeType=text/plain;\n")
        try cli.folder.write(
            applications + "tried.desktop", text: "[Desktop Entry]\nType=Application\nName=Tried\nTryExec=no-such-program-on-path\nExec=true %f\nMimeType=text/plain;\n")
        try cli.folder.write(
            applications + "present.desktop", text: "[Desktop Entry]\nType=Application\nName=Present\nTryExec=true\nExec=true %f\nMimeType=text/plain;\n")
        let notes = try cli.folder.write("docs/notes.txt", text: "plain words\n")

        let json = try #require(try cli.run(notes, "--json").json() as? [[String: Any]])
        let handlers = (json.first?["handlers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(handlers == ["present.desktop"], "\(handlers)")
        let excluded = json.first?["excluded"] as? [[String: Any]] ?? []
        let reasons = Dictionary(uniqueKeysWithValues: excluded.compactMap { item in (item["id"] as? String).map { ($0, item["reason"] as? String ?? "") } })
        #expect(reasons["gone.desktop"]?.contains(missing) == true, "\(reasons)")
        #expect(reasons["tried.desktop"]?.contains("no-such-program-on-path") == true, "\(reasons)")

        let explained = try cli.run(notes, "--explain")
        #expect(explained.output.contains("Gone (gone.desktop) left out"), "\(explained.output)")
        #expect(explained.output.contains("Tried (tried.desktop) left out"), "\(explained.output)")
        #expect(explained.output.contains("* Present (present.desktop)"), "\(explained.output)")

        // Asked for by name, a left-out app is not run.
        let forced = try cli.run("open", notes, "--with", "gone.desktop", "--dry-run")
        #expect(forced.status != 0, "\(forced.output)")
        #expect(forced.error.hasPrefix("openwith: "), "\(forced.error)")
    }
}
