import Foundation
import OpenWithTestSupport
import Testing

@Suite("Human output never passes control characters to the terminal")
struct TerminalOutputTests {
    @Test("An app name and a file name holding escape sequences are shown escaped; JSON keeps them exact")
    func escapeSequences() throws {
        let cli = try CLIFixture()
        let hostile = "Viewer\u{1B}]0;owned\u{07}\u{1B}[2J"
        try cli.folder.write(
            "xdg-data/applications/viewer.desktop", text: "[Desktop Entry]\nType=Application\nName=\(hostile)\nExec=true %f\nMimeType=text/plain;\n")
        let document = try cli.folder.write("notes\u{1B}[31m.txt", text: "hello\n")
        for arguments in [[document], ["apps", "list"], ["apps", "show", "viewer.desktop"], ["type", document], ["default", "show", "public.plain-text"]] {
            let result = try cli.run(arguments)
            #expect(!result.output.utf8.contains(0x1B) && !result.output.utf8.contains(0x07), "\(arguments): \(result.output)")
            #expect(!result.error.utf8.contains(0x1B), "\(arguments)")
        }
        let human = try cli.run(document)
        #expect(human.output.contains(#"Viewer\e]0;owned\u{7}\e[2J"#))
        #expect(human.output.contains(#"notes\e[31m.txt"#))
        let json = try cli.run(document, "--json")
        let reports = try #require(try json.json() as? [[String: Any]])
        let handlers = try #require(reports.first?["handlers"] as? [[String: Any]])
        #expect(handlers.first?["name"] as? String == hostile)
    }

    @Test("A line break in a file name or an app's name is shown as \\n: each answer, app and error stays one line")
    func lineBreakInName() throws {
        let cli = try CLIFixture()
        let document = try cli.folder.write("two\nlines\t.txt", text: "hello\n")
        // `openwith FILE` finds no app yet: status 1, nothing found, with the answer line.
        for (arguments, status) in [(["type", document], Int32(0)), ([document], 1)] {
            let result = try cli.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.error)")
            let first = try #require(result.output.split(separator: "\n").first.map(String.init))
            #expect(first.hasPrefix(cli.folder.path + #"/two\nlines\t.txt: public.plain-text"#), "\(arguments): \(result.output)")
        }
        let json = try cli.run("type", document, "--json")
        let reports = try #require(try json.json() as? [[String: Any]])
        #expect(reports.first?["path"] as? String == document)

        // A desktop entry's `\n` escape is a line break in the app's name.
        try cli.folder.write(
            "xdg-data/applications/viewer.desktop",
            text: "[Desktop Entry]\nType=Application\nName=Viewer\\n  * Forged (forged.desktop)\nExec=true %f\nMimeType=text/plain;\n")
        let listed = try cli.run(document)
        #expect(!listed.output.split(separator: "\n").contains { $0.hasPrefix("  * Forged") }, "\(listed.output)")
        #expect(listed.output.contains(#"Viewer\n  * Forged (forged.desktop) (viewer.desktop)"#), "\(listed.output)")
        let apps = try cli.run("apps", "list")
        #expect(!apps.output.split(separator: "\n").contains { $0.hasPrefix("  * Forged") }, "\(apps.output)")
        #expect(apps.output.contains(#"Viewer\n  * Forged (forged.desktop)"#), "\(apps.output)")

        let missing = cli.folder.path + "/gone\nopenwith: forged.txt"
        let failed = try cli.run("type", missing)
        #expect(failed.status == 2)
        #expect(failed.error.split(separator: "\n").count == 1, "\(failed.error)")
        #expect(failed.error.contains(#"gone\nopenwith: forged.txt: "#), "\(failed.error)")
    }
}
