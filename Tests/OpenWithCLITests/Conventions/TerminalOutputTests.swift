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
}
