import ArgumentParser
import ContentSniffing
import Glibc
import OpenWithCommandLine

/// The `openwith` command line: what a file is, who can open it, and handing it over.
///
/// Exit codes: 0 ok, 1 nothing found (no handler, unknown type), 2 bad input, 3 catalog error.
@main
struct OpenWithCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openwith",
        abstract: "What is this file, who can open it, and hand it over safely.",
        discussion: """
            Exit codes: 0 ok, 1 nothing found (no handler, unknown type), 2 bad input, 3 catalog error.
            The catalog lives at $OPENWITH_CATALOG, else $XDG_DATA_HOME/openwith/catalog.sqlite \
            (~/.local/share/openwith/catalog.sqlite); --catalog overrides both.
            Every command takes --quiet (-q: nothing on standard output, the exit code tells) and, \
            when it prints, --json. A file named - is standard input. Colour only on a terminal, \
            never with NO_COLOR. Errors read 'openwith: <what>: <why>', with a 'hint:' line when \
            there is something to do.
            """,
        version: OpenWithCommand.version,
        subcommands: CommandList.all,
        defaultSubcommand: CommandList.defaultCommand
    )

    /// The version `openwith --version` prints.
    static let version = "0.5.0"

    static func main() {
        do {
            // The front executable answers the plain `openwith FILE...` and `openwith type FILE...`
            // itself and hands everything else over here with its arguments unchanged.
            let arguments = try CommandLineConventions.conventionalArguments(CommandLineConventions.processArguments())
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let status as ExitStatus {
            Glibc.exit(status.code)
        } catch {
            // Every error of the libraries gets its exit status and its words from one table.
            if let failure = CommandFailure(libraryError: error) {
                failure.report()
                Glibc.exit(failure.status.code)
            }
            let code = exitCode(for: error)
            if code == .success || code.rawValue == 0 {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            // The argument parser's own errors, in the one error style. Usage errors are bad input.
            usageFailure(fullMessage(for: error)).report()
            Glibc.exit(ExitStatus.badInput.code)
        }
    }

    /// The argument parser's message (`Error: Missing expected argument '<file>'`, the usage, `See
    /// 'openwith open --help' …`) as `openwith: <command>: <why>` with the help to read as the hint.
    static func usageFailure(_ text: String) -> CommandFailure {
        var why = String(text.split(separator: "\n").first ?? "")
        if why.hasPrefix("Error: ") { why.removeFirst(7) }
        if let first = why.first, first.isUppercase, why.dropFirst().first?.isLowercase == true {
            why = first.lowercased() + why.dropFirst()
        }
        var command = "openwith"
        if let see = text.firstRange(of: "See '"), let help = text[see.upperBound...].firstRange(of: " --help'") {
            command = String(text[see.upperBound..<help.lowerBound])
        }
        let what = command == "openwith" ? "" : String(command.dropFirst("openwith ".count)) + ": "
        return CommandFailure(status: .badInput, message: what + why, hint: "\(command) --help says how to use it")
    }
}
