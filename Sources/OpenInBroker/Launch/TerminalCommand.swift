/// How to run a desktop entry with `Terminal=true`: a terminal emulator command that the
/// entry's expanded `argv` is appended to.
///
/// Policy: the default is Debian's `x-terminal-emulator -e` (the alternatives system picks
/// the emulator, and Debian policy requires `-e` to take the rest of the command line as the
/// program and its arguments, one argument each — no shell). Other systems or users override
/// it with an explicit prefix, or with a string in `Exec` syntax (e.g. from a setting), which
/// is parsed with ``DesktopExecLine`` rules and may not contain field codes.
///
/// ```swift
/// TerminalCommand.debian.wrap(["htop"])   // ["x-terminal-emulator", "-e", "htop"]
/// ```
public struct TerminalCommand: Sendable, Hashable {
    /// Debian's `x-terminal-emulator -e`.
    public static let debian = TerminalCommand(validatedPrefix: ["x-terminal-emulator", "-e"])

    /// The arguments placed before the program's `argv`.
    public let prefix: [String]

    /// Creates a terminal command from explicit arguments.
    ///
    /// - Throws: ``HandOverError`` `invalidExecLine` if `prefix` is empty or its program is empty.
    public init(prefix: [String]) throws(HandOverError) {
        guard let first = prefix.first, !first.isEmpty, !prefix.contains(where: { $0.utf8.contains(0) }) else {
            throw HandOverError(
                .invalidExecLine, reason: "a terminal command needs a program name and no NUL",
                key: "terminal", value: prefix.joined(separator: " "))
        }
        self.prefix = prefix
    }

    /// Creates a terminal command from a string in `Exec` syntax, e.g. `"kitty --"`.
    ///
    /// - Throws: ``HandOverError`` from parsing, or `invalidFieldCode` if it holds field codes.
    public init(execSyntax: String) throws(HandOverError) {
        let line = try DesktopExecLine(execSyntax, key: "terminal", unescapingStringValue: false)
        if line.arguments.contains(where: { !$0.codes.isEmpty }) {
            throw HandOverError(
                .invalidFieldCode, reason: "a terminal command must not contain field codes",
                key: "terminal", value: execSyntax)
        }
        try self.init(prefix: try line.expand()[0])
    }

    private init(validatedPrefix: [String]) { prefix = validatedPrefix }

    /// The terminal's `argv` running `argv`.
    public func wrap(_ argv: [String]) -> [String] { prefix + argv }

    /// Wraps every launch of an expanded ``DesktopExecLine``.
    public func wrap(launches: [[String]]) -> [[String]] { launches.map(wrap) }
}
