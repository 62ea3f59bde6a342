import FoundationEssentials
import OpenWithCommandLine

/// Prints values as JSON: sorted keys, two-space indentation, slashes unescaped. Field names are
/// part of the CLI contract (see the README). Nothing is printed with `--quiet`.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        guard !TerminalStyle.quiet else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        Swift.print(String(decoding: data, as: UTF8.self))
    }
}
