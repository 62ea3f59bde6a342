import ArgumentParser
import ContentSniffing
import Glibc

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
            // The plain `openwith FILE...` and `openwith type FILE...` skip the argument parser's
            // start-up reflection; anything else goes through it.
            // Read from argv directly: `CommandLine.arguments` builds its array generically,
            // which costs more at start-up than the whole fast path.
            var arguments: [String] = []
            arguments.reserveCapacity(Int(CommandLine.argc))
            for index in 1..<Int(CommandLine.argc) {
                if let argument = CommandLine.unsafeArgv[index] {
                    // File names are bytes: keep those that are not UTF-8 (PathBytes).
                    arguments.append(PathBytes.string(from: UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) }))
                }
            }
            arguments = CommandLineConventions.extractingQuiet(arguments)
            let commandIndex = CommandLineConventions.commandIndex(arguments)
            if commandIndex < arguments.count, let meant = CommandLineConventions.intendedCommand(for: arguments[commandIndex]) {
                throw CommandFailure(
                    status: .badInput, message: "\(arguments[commandIndex]): not a command, and no file of that name exists",
                    hint: "did you mean '\(meant)'? (openwith --help lists the commands)")
            }
            arguments = CommandLineConventions.movingSharedOptions(arguments)
            if let plain = HandlersRun(arguments: arguments) {
                try plain.run()
                return
            }
            if let plain = TypeRun(arguments: arguments) {
                try plain.run()
                return
            }
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

/// Writes text to standard error, made safe for a terminal (see ``TerminalOutput``).
func writeStandardError(_ text: String) {
    writeRawStandardError(TerminalStyle.forLocale(TerminalOutput.safe(text)))
}

/// Writes OpenWith's own text (colour escapes, a progress bar) to standard error as it is.
func writeRawStandardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
}
