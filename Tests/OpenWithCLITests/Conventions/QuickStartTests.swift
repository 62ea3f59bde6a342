import Foundation
import OpenWithTestSupport
import Testing

@Suite("The README's quick start on a fresh machine")
struct QuickStartTests {
    /// The first command line of the README's quick start, as argument lists for `openwith`
    /// (`swift build && swift run openwith A && swift run openwith B` gives two: the build is
    /// what the test bundle's build folder already holds).
    static func firstCommand() throws -> [[String]] {
        let readme = try String(contentsOfFile: RepositoryPaths.path("README.md"), encoding: .utf8)
        let start = try #require(readme.firstRange(of: "## Quick start"))
        let block = try #require(readme[start.upperBound...].firstRange(of: "Then the two commands:\n\n```sh\n"))
        let line = readme[block.upperBound...].prefix { $0 != "\n" }
        return line.components(separatedBy: " && ").compactMap { part in
            let words = part.split(separator: " ").map(String.init)
            return words.contains("openwith") ? Array(words.drop { $0 != "openwith" }.dropFirst()) : nil
        }
    }

    @Test("The first command shows a handler, with no app of the machine's installed")
    func firstCommandShowsAHandler() throws {
        let cli = try CLIFixture()
        let commands = try Self.firstCommand()
        #expect(commands.count >= 1 && commands.allSatisfy { !$0.isEmpty }, "\(commands)")
        var last: CommandRunner.Result?
        for arguments in commands {
            // Paths in the README are relative to the repository.
            let run = try cli.run(arguments.map { $0.hasPrefix("Catalog/") ? RepositoryPaths.path($0) : $0 })
            #expect(run.status == 0, "\(arguments): \(run.error)")
            last = run
        }
        let output = try #require(last).output
        #expect(output.contains("public.png"), "\(output)")
        #expect(output.contains("* Sample Viewer (org.openwith.sample-viewer.desktop)"), "\(output)")
    }
}
