import Foundation
import OpenWithTestSupport
import Testing

/// `openwith` answers the plain `openwith FILE` and `openwith type FILE` itself and hands every
/// other command line to `openwith-commands` beside it.
@Suite("The front executable and the full command set")
struct FrontExecutableTests {
    /// A fixture whose runner can be pointed at either executable.
    private static func fixture() throws -> (cli: CLIFixture, commands: CommandRunner) {
        let cli = try CLIFixture()
        let commands = CommandRunner(
            executable: URL(fileURLWithPath: cli.runner.executable).deletingLastPathComponent().appendingPathComponent("openwith-commands").path,
            environment: cli.runner.environment)
        return (cli, commands)
    }

    /// Expects each command line to give the same output, errors and status from `openwith` as
    /// from `openwith-commands` run directly.
    private static func expectSameAnswers(_ forms: [[String]], cli: CLIFixture, commands: CommandRunner) throws {
        for arguments in forms {
            let front = try cli.run(arguments)
            let parsed = try commands.run(arguments)
            #expect(front.output == parsed.output, "\(arguments)")
            #expect(front.error == parsed.error, "\(arguments)")
            #expect(front.status == parsed.status, "\(arguments)")
        }
    }

    @Test("The plain forms answer exactly as the parsed commands do: text, --explain, --mime-type, -b, and a missing file")
    func plainFormsEqualParsedOnes() throws {
        let (cli, commands) = try Self.fixture()
        try cli.installViewer()
        let note = try cli.folder.write("notes.txt", text: "plain words\n")
        let png = try cli.folder.write("picture.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 1, count: 17))
        let missing = cli.folder.path("absent.pdf")
        let forms: [[String]] = [
            [note], [note, png], ["--explain", note], ["--all", "--role", "viewer", note],
            ["type", note, png], ["type", "--explain", png], ["type", "--mime-type", note, png], ["type", "-b", png],
            ["type", "--content-only", note], [missing], ["type", missing, note],
        ]
        try Self.expectSameAnswers(forms, cli: cli, commands: commands)
        let answer = try cli.run(note)
        #expect(answer.status == 0)
        #expect(answer.output.contains("public.plain-text") && answer.output.contains("* Viewer (viewer.desktop)"))
        #expect(try cli.run("type", missing).status == 2)
    }

    @Test("Everything else is handed over with its arguments unchanged: --json, subcommands, --help, --version, usage errors")
    func otherCommandLinesAreHandedOver() throws {
        let (cli, commands) = try Self.fixture()
        let note = try cli.folder.write("notes.txt", text: "plain words\n")
        let forms: [[String]] = [
            ["type", "--json", note], ["--json", note], ["types", "show", "public.png"], ["--version"], ["type", "--frobnicate", note],
            ["-q", "type", note], ["tpye", note],
        ]
        try Self.expectSameAnswers(forms, cli: cli, commands: commands)
        let json = try cli.run("type", "--json", note)
        #expect((try json.json() as? [[String: Any]])?.first?["identifier"] as? String == "public.plain-text")
        #expect(try cli.run("--frobnicate").status == 2)
    }

    @Test("Without openwith-commands beside it, openwith still answers its plain forms and names the missing executable for the rest")
    func missingFullCommandSet() throws {
        let (cli, _) = try Self.fixture()
        let alone = cli.folder.path("alone/openwith")
        try FileManager.default.createDirectory(atPath: cli.folder.path("alone"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cli.runner.executable, toPath: alone)
        let runner = CommandRunner(executable: alone, environment: cli.runner.environment)
        let note = try cli.folder.write("notes.txt", text: "plain words\n")
        let plain = try runner.run(["type", note])
        #expect(plain.status == 0)
        #expect(plain.output.contains("public.plain-text"))
        let other = try runner.run(["apps", "list"])
        #expect(other.status == 3)
        #expect(other.error.hasPrefix("openwith: " + cli.folder.path("alone/openwith-commands") + ": cannot be run (No such file or directory)\nhint: install openwith-commands beside openwith"), "\(other.error)")
        #expect(other.output.isEmpty)
    }
}
