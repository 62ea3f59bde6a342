/// A desktop entry's `Exec` value, parsed once into arguments and field codes, and expanded into
/// argument vectors (`argv`) for launching — never through a shell.
///
/// Policy (Desktop Entry Specification 1.5, "The Exec key"):
/// - The raw value from the file first gets the general string unescaping (`\s` `\n` `\t` `\r`
///   `\\`; other backslash pairs are kept for the quoting step), unless
///   `unescapingStringValue` is `false` because the caller already did it.
/// - Arguments are separated by unquoted spaces, tabs or newlines. A double-quoted section
///   may hold any character; inside it only `\"` `` \` `` `\$` `\\` are escapes, any other
///   backslash is an error. Quoted sections may also start inside an argument
///   (`--dir="a b"` → `--dir=a b`), as GLib accepts.
/// - The reserved characters (`'` `\` `>` `<` `~` `|` `&` `;` `$` `*` `?` `#` `(` `)` `` ` ``)
///   must be quoted: unquoted they are refused, since the author expected a shell that is never
///   used.
/// - Field codes: `%f` one local file, `%F` local files, `%u` one URL, `%U` URLs, `%i`
///   `--icon <Icon>` (nothing if no icon), `%c` the translated name, `%k` the desktop file's
///   location, `%%` a literal `%`. The deprecated `%d %D %n %N %v %m` expand to nothing. Any
///   other `%x`, or a lone `%`, is refused with the key and value named.
/// - At most one of `%f %F %u %U` per line; `%F %U %i` must stand alone as an argument;
///   `%f %u %c %k` may be embedded (`--file=%f`).
/// - **Field codes inside quotes are refused** (the spec forbids them; expanding them would
///   paste a file name into what is often a `sh -c` script, and leaving them literal would
///   launch the app with a meaningless `%f`). Only `%%` is accepted there, as `%`.
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
    public enum FileCode: String, Sendable, Hashable, CaseIterable {
        /// `%f`: one local file per launch.
        case file = "%f"
        /// `%F`: all local files in one launch.
        case files = "%F"
        /// `%u`: one URL per launch.
        case url = "%u"
        /// `%U`: all URLs in one launch.
        case urls = "%U"
    }

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
    public let value: String
    /// The desktop entry key the value came from (named in errors), usually `Exec`.
    public let key: String
    /// The file field code used, if any.
    public let fileCode: FileCode?
    /// The parsed arguments.
    let arguments: [Argument]

    /// Parses an `Exec` value.
    ///
    /// - Parameters:
    ///   - value: the value after `Exec=`.
    ///   - key: the key name reported in errors (`Exec`, `TryExec`, an action's `Exec`).
    ///   - unescapingStringValue: apply the general string escapes first (pass `false` when
    ///     the desktop file reader already did).
    /// - Throws: ``HandOverError`` with code `invalidExecLine`, `invalidFieldCode` or
    ///   `fieldCodeInQuotes`, naming `key` and `value`.
    public init(_ value: String, key: String = "Exec", unescapingStringValue: Bool = true) throws(HandOverError) {
        self.value = value
        self.key = key
        let text = unescapingStringValue ? Self.unescapeString(value) : value
        arguments = try ExecLineParser(text: text, key: key, value: value).parse()
        fileCode = try Self.checkFieldCodes(arguments, key: key, value: value)
    }

    /// The program: the first argument (a path or a name looked up in `PATH`).
    public var program: String { arguments[0].literalText }

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

extension DesktopExecLine {
    /// One parsed argument: literal text and field codes, in order.
    struct Argument: Sendable, Hashable {
        enum Piece: Sendable, Hashable {
            case literal(String)
            case code(Character)
        }

        var pieces: [Piece] = []

        /// The code when the argument is exactly one field code.
        var standaloneCode: Character? {
            if pieces.count == 1, case .code(let code) = pieces[0] { return code }
            return nil
        }

        var containsFileCode: Bool {
            pieces.contains { $0 == .code("f") || $0 == .code("u") || $0 == .code("F") || $0 == .code("U") }
        }

        var codes: [Character] {
            pieces.compactMap { if case .code(let code) = $0 { code } else { nil } }
        }

        var literalText: String {
            pieces.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
        }
    }

    /// Enforces the placement rules for field codes; returns the file code used.
    static func checkFieldCodes(_ arguments: [Argument], key: String, value: String) throws(HandOverError) -> FileCode?
    {
        func refuse(_ reason: String) -> HandOverError {
            HandOverError(.invalidFieldCode, reason: reason, key: key, value: value)
        }
        guard let first = arguments.first else {
            throw HandOverError(.invalidExecLine, reason: "the command line is empty", key: key, value: value)
        }
        if !first.codes.isEmpty || first.literalText.isEmpty {
            throw HandOverError(
                .invalidExecLine, reason: "the program must be a plain, non-empty name or path",
                key: key, value: value)
        }
        var fileCode: FileCode?
        for argument in arguments {
            for code in argument.codes {
                if let found = FileCode(rawValue: "%\(code)") {
                    if let fileCode {
                        throw refuse(
                            "only one of %f %F %u %U may be used; found \(fileCode.rawValue) and \(found.rawValue)")
                    }
                    fileCode = found
                }
                if "FUi".contains(code) && argument.standaloneCode == nil {
                    throw refuse("%\(code) must be an argument on its own")
                }
            }
        }
        return fileCode
    }

    /// The general string unescaping of desktop entry values (`\s \n \t \r \\`).
    static func unescapeString(_ value: String) -> String {
        var result = ""
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let next = iterator.next() else {
                result.unicodeScalars.append(scalar)
                break
            }
            switch next {
            case "s": result += " "
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "\\": result += "\\"
            default:
                result.unicodeScalars.append(scalar)
                result.unicodeScalars.append(next)
            }
        }
        return result
    }
}
