import Foundation
import OpenWithTestSupport
import Testing

@Suite("open takes several files")
struct OpenSeveralFilesTests {
    @Test("Each file is handed over; one that fails is reported and the others still go")
    func severalFiles() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        let first = try cli.folder.write("docs/first.txt", text: "one\n")
        let second = try cli.folder.write("docs/second.txt", text: "two\n")
        let both = try cli.run("open", first, second, "--json")
        #expect(both.status == 0, "\(both.error)")
        let outputs = try #require(try both.json() as? [[String: Any]])
        #expect(outputs.map { $0["path"] as? String } == [first, second])
        for output in outputs {
            let inbox = try #require(output["inboxPath"] as? String)
            #expect(FileManager.default.fileExists(atPath: inbox))
            #expect(output["handler"] as? String == "viewer.desktop")
        }
        // One file: the object, as before.
        let one = try cli.run("open", first, "--json", "--dry-run")
        #expect((try one.json() as? [String: Any])?["path"] as? String == first)

        let missing = cli.folder.path("docs/missing.txt")
        let partly = try cli.run("open", missing, second, "--dry-run")
        #expect(partly.status == 2)
        #expect(partly.error.hasPrefix("openwith: \(missing): "), "\(partly.error)")
        #expect(partly.output.hasPrefix("\(second): "), "\(partly.output)")
        #expect(partly.output.contains("would run: true"), "\(partly.output)")
    }
}
