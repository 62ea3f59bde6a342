import ContentSniffing
import DocumentCatalog
import Glibc

/// What people expect of a command line before the argument parser sees it: options that every
/// command shares may come before the subcommand, and a mistyped subcommand is named as such with
/// the command it most resembles, instead of being taken for a missing file.
package enum CommandLineConventions {
    /// Options every subcommand shares, with whether each takes a value: `openwith --catalog X apps
    /// list` means `openwith apps list --catalog X`.
    package static let sharedOptions: [(name: String, takesValue: Bool)] = [("--catalog", true), ("--json", false)]

    /// The process's arguments (without the program's name), read from `argv` directly:
    /// `CommandLine.arguments` builds its array generically, which costs more at start-up than a
    /// whole plain answer. File names are bytes: those that are not UTF-8 come through
    /// (``PathBytes``).
    package static func processArguments() -> [String] {
        var arguments: [String] = []
        arguments.reserveCapacity(Int(CommandLine.argc))
        for index in 1..<Int(CommandLine.argc) {
            if let argument = CommandLine.unsafeArgv[index] {
                arguments.append(PathBytes.string(from: UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) }))
            }
        }
        return arguments
    }

    /// `arguments` as every command reads them: `--quiet` taken out (and set), a mistyped
    /// subcommand refused with the one it resembles, shared options moved behind the subcommand.
    package static func conventionalArguments(_ arguments: [String]) throws(CommandFailure) -> [String] {
        let arguments = extractingQuiet(arguments)
        let commandIndex = commandIndex(arguments)
        if commandIndex < arguments.count, let meant = intendedCommand(for: arguments[commandIndex]) {
            throw CommandFailure(
                status: .badInput, message: "\(arguments[commandIndex]): not a command, and no file of that name exists",
                hint: "did you mean '\(meant)'? (openwith --help lists the commands)")
        }
        return movingSharedOptions(arguments)
    }

    /// The arguments without `--quiet` and `-q` (before any `--`), which every command takes:
    /// their presence sets ``TerminalStyle/quiet``.
    package static func extractingQuiet(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[..<end].contains(where: { $0 == "--quiet" || $0 == "-q" }) else { return arguments }
        TerminalStyle.quiet = true
        return arguments[..<end].filter { $0 != "--quiet" && $0 != "-q" } + arguments[end...]
    }

    /// Where the subcommand (or the first file) stands: after any shared options that lead.
    package static func commandIndex(_ arguments: [String]) -> Int {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if let option = sharedOptions.first(where: { $0.name == argument }) {
                index += option.takesValue ? 2 : 1
            } else if sharedOptions.contains(where: { $0.takesValue && argument.hasPrefix($0.name + "=") }) {
                index += 1
            } else {
                break
            }
        }
        return min(index, arguments.count)
    }

    /// The arguments with shared options moved from before the subcommand to its end (before a
    /// `--`). Anything else is returned as it is.
    package static func movingSharedOptions(_ arguments: [String]) -> [String] {
        let index = commandIndex(arguments)
        guard index > 0, index < arguments.count, CommandNames.all.contains(arguments[index]) else { return arguments }
        var rest = Array(arguments[index...])
        rest.insert(contentsOf: arguments[..<index], at: rest.firstIndex(of: "--") ?? rest.endIndex)
        return rest
    }

    /// The subcommand `word` was most likely meant to be, when it is no subcommand, names no file,
    /// and is one or two edits (a transposition is one) from a subcommand's name.
    package static func intendedCommand(for word: String) -> String? {
        let letters = Array(word.utf8)
        guard (2...12).contains(letters.count), !word.hasPrefix("-"), !word.contains("/"), !word.contains("."),
            !CommandNames.all.contains(word)
        else { return nil }
        let allowed = letters.count <= 3 ? 1 : 2
        var best: (name: String, distance: Int)?
        for name in CommandNames.all where name != "help" {
            let distance = EditDistance.between(letters, Array(name.utf8))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        guard let best else { return nil }
        // A file of that name is what was meant.
        var status = stat()
        if PathBytes.withCString(word, { lstat($0, &status) }) == 0 { return nil }
        return best.name
    }
}
