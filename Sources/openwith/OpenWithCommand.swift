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
            let commandIndex = CommandLineConventions.commandIndex(arguments)
            if commandIndex < arguments.count, let meant = CommandLineConventions.intendedCommand(for: arguments[commandIndex]) {
                throw CommandFailure(
                    status: .badInput, message: "'\(arguments[commandIndex])' is not a command, and no file of that name exists; did you mean '\(meant)'?")
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
            // Every error of the libraries gets its exit status from one table.
            if let failure = CommandFailure(libraryError: error) {
                writeStandardError("openwith: \(failure.message)\n")
                Glibc.exit(failure.status.code)
            }
            let code = exitCode(for: error)
            if code == .success || code.rawValue == 0 {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            writeStandardError(fullMessage(for: error) + "\n")
            // Usage errors are bad input.
            Glibc.exit(ExitStatus.badInput.code)
        }
    }
}

/// Writes text to standard error, made safe for a terminal (see ``TerminalOutput``).
func writeStandardError(_ text: String) {
    var text = TerminalOutput.safe(text)
    text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
}
