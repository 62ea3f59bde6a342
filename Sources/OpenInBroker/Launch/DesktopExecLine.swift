public import DeclarationFormats

/// A desktop entry's `Exec` value, parsed once into arguments and field codes, and expanded into
/// argument vectors (`argv`) for launching — never through a shell.
///
/// Syntax: see ``DesktopExecSyntax`` (Desktop Entry Specification 1.5, "The Exec key").
///
/// Expansion policy:
/// - Expansion: `%f`/`%u` with several targets launch once per target (one `argv` each);
///   `%F`/`%U` launch once with all. With no targets, an argument holding `%f`/`%u` is
///   dropped, and an argument made only of field codes that expand to nothing is dropped.
///   Targets given to a line without a file field code are refused
///   (``HandOverError/Code/filesNotAccepted``).
/// - Files must be absolute paths (so a file can never look like an option); `%u`/`%U` turn
///   them into `file://` URIs, percent-encoding every byte but unreserved characters and `/`;
///   `%f`/`%F` accept `file:` URLs (turned back into paths) and refuse other URLs.
///
/// ```swift
/// let exec = try DesktopExecLine("gimp-2.10 %U")
/// try exec.expand([.file("/tmp/a b.png")])   // [["gimp-2.10", "file:///tmp/a%20b.png"]]
/// ```
public struct DesktopExecLine: Sendable, Hashable {
    /// The file field code a line uses, which decides how targets become launches.
    public typealias FileCode = DesktopExecSyntax.FileCode

    /// Something to open: a local file or a URL.
    public enum Target: Sendable, Hashable {
        /// An absolute local path.
        case file(String)
        /// A URL such as `mailto:a@b` or `file:///tmp/x`.
        case url(String)
    }

    /// The desktop entry values that field codes other than files expand to.
    public struct Context: Sendable, Hashable {
        /// The `Icon` value, for `%i`; `nil` or empty expands to nothing.
        public var icon: String?
        /// The translated `Name`, for `%c`.
        public var name: String?
        /// The desktop file's location (path or URI), for `%k`.
        public var location: String?

        /// Creates a context.
        public init(icon: String? = nil, name: String? = nil, location: String? = nil) {
            self.icon = icon
            self.name = name
            self.location = location
        }
    }

    /// The value as given.
    public var value: String { syntax.value }
    /// The desktop entry key the value came from (named in errors), usually `Exec`.
    public var key: String { syntax.key }
    /// The file field code used, if any.
    public var fileCode: FileCode? { syntax.fileCode }
    /// The checked syntax: arguments and field codes.
    public let syntax: DesktopExecSyntax
    var arguments: [DesktopExecSyntax.Argument] { syntax.arguments }

    /// Parses an `Exec` value.
    ///
    /// - Parameters:
    ///   - value: the value after `Exec=`.
    ///   - key: the key name reported in errors (`Exec`, `TryExec`, an action's `Exec`).
    ///   - unescapingStringValue: apply the general string escapes first (pass `false` when
    ///     the desktop file reader already did, as for a registered app's `exec`).
    /// - Throws: ``HandOverError`` with code `invalidExecLine`, `invalidFieldCode`,
    ///   `fieldCodeInQuotes` or `unterminatedQuote`, naming `key` and `value`.
    public init(_ value: String, key: String = "Exec", unescapingStringValue: Bool = true) throws(HandOverError) {
        do {
            syntax = try DesktopExecSyntax(value, key: key, unescapingStringValue: unescapingStringValue)
        } catch {
            throw HandOverError(error)
        }
    }

    /// The program: the first argument (a path or a name looked up in `PATH`).
    public var program: String { syntax.program }

    /// Expands the line for `targets`, returning one `argv` per launch.
    ///
    /// - Throws: ``HandOverError`` with code `filesNotAccepted` or `invalidPath`.
    public func expand(_ targets: [Target] = [], context: Context = Context()) throws(HandOverError) -> [[String]] {
        guard !targets.isEmpty else { return [argv(for: [], context: context)] }
        guard let fileCode else {
            throw HandOverError(
                .filesNotAccepted, reason: "the command line has no %f, %F, %u or %U to receive files",
                key: key, value: value)
        }
        let wantsPaths = fileCode == .file || fileCode == .files
        var converted: [String] = []
        for target in targets {
            converted.append(try wantsPaths ? Self.path(of: target) : Self.uri(of: target))
        }
        switch fileCode {
        case .file, .url: return converted.map { argv(for: [$0], context: context) }
        case .files, .urls: return [argv(for: converted, context: context)]
        }
    }

    /// Expands the line for local files (absolute paths).
    public func expand(files: [String], context: Context = Context()) throws(HandOverError) -> [[String]] {
        try expand(files.map { Target.file($0) }, context: context)
    }

    /// Builds one argv with `items` (already converted) filling the file field code.
    private func argv(for items: [String], context: Context) -> [String] {
        var result: [String] = []
        for argument in arguments {
            if let code = argument.standaloneCode {
                switch code {
                case "F", "U", "f", "u": result.append(contentsOf: items)
                case "i":
                    if let icon = context.icon, !icon.isEmpty { result += ["--icon", icon] }
                case "c":
                    if let name = context.name, !name.isEmpty { result.append(name) }
                case "k":
                    if let location = context.location, !location.isEmpty { result.append(location) }
                default: break  // deprecated codes expand to nothing
                }
                continue
            }
            if argument.containsFileCode && items.isEmpty { continue }
            var text = ""
            var hasLiteral = false
            for piece in argument.pieces {
                switch piece {
                case .literal(let literal):
                    text += literal
                    hasLiteral = true
                case .code("f"), .code("u"): text += items.first ?? ""
                case .code("c"): text += context.name ?? ""
                case .code("k"): text += context.location ?? ""
                case .code: break
                }
            }
            if text.isEmpty && !hasLiteral { continue }
            result.append(text)
        }
        return result
    }
}
