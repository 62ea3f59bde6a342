import Foundation
import OpenWithTestSupport
import Testing

@Suite("Inbox items from the command line")
struct InboxReadTests {
    @Test("inbox read writes a whole item larger than 64 MiB")
    func readsLargeItem() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        let content = ByteFixtures.text(count: (64 << 20) + 12_345, seed: 3)
        let source = try cli.folder.write("big.txt", bytes: content)
        #expect(try cli.run("open", source, "--with", "viewer.desktop").status == 0)
        let output = cli.folder.path("read.txt")
        var runner = CommandRunner(executable: "/bin/sh", environment: cli.runner.environment)
        runner.environment["OPENWITH"] = cli.runner.executable
        let result = try runner.run(["-c", "\"$OPENWITH\" inbox read --app viewer.desktop big.txt > '\(output)'"])
        #expect(result.status == 0, "\(result.error)")
        let read = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(read.count == content.count)
        #expect(read == Data(content))
    }
}
