/// The syntax of a desktop entry's `Exec` value: its arguments and field codes, checked once —
/// when an entry is registered or imported, and again before a launch.
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
///
/// The file that holds the value is not this type's concern: its errors name the key and value,
/// and importers add the file.
public struct DesktopExecSyntax: Sendable, Hashable {
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

    /// The value as given.
    public let value: String
    /// The desktop entry key the value came from (named in errors), usually `Exec`.
    public let key: String
    /// The file field code used, if any.
    public let fileCode: FileCode?
    /// The parsed arguments.
    package let arguments: [Argument]

    /// Parses an `Exec` value.
    ///
    /// - Parameters:
    ///   - value: the value after `Exec=`.
    ///   - key: the key name reported in errors (`Exec`, `TryExec`, an action's `Exec`).
    ///   - unescapingStringValue: apply the general string escapes first — pass `false` for a
    ///     value a desktop entry reader already decoded (``DesktopEntry/exec`` is), so that
    ///     they are applied exactly once.
    /// - Throws: ``DesktopExecSyntaxError`` naming `key` and `value`.
    public init(_ value: String, key: String = "Exec", unescapingStringValue: Bool = true) throws(DesktopExecSyntaxError) {
        self.value = value
        self.key = key
        let text = unescapingStringValue ? Self.unescapeString(value) : value
        arguments = try ExecLineParser(text: text, key: key, value: value).parse()
        fileCode = try Self.checkFieldCodes(arguments, key: key, value: value)
    }

    /// The program: the first argument (a path or a name looked up in `PATH`).
    public var program: String { arguments[0].literalText }
}

extension DesktopExecSyntax {
    /// One parsed argument: literal text and field codes, in order.
    package struct Argument: Sendable, Hashable {
        package enum Piece: Sendable, Hashable {
            case literal(String)
            case code(Character)
        }

        package var pieces: [Piece] = []

        /// The code when the argument is exactly one field code.
        package var standaloneCode: Character? {
            if pieces.count == 1, case .code(let code) = pieces[0] { return code }
            return nil
        }

        package var containsFileCode: Bool {
            pieces.contains { $0 == .code("f") || $0 == .code("u") || $0 == .code("F") || $0 == .code("U") }
        }

        package var codes: [Character] {
            pieces.compactMap { if case .code(let code) = $0 { code } else { nil } }
        }

        package var literalText: String {
            pieces.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
        }
    }

    /// Enforces the placement rules for field codes; returns the file code used.
    static func checkFieldCodes(_ arguments: [Argument], key: String, value: String) throws(DesktopExecSyntaxError) -> FileCode?
    {
        func refuse(_ reason: String) -> DesktopExecSyntaxError {
            DesktopExecSyntaxError(.invalidFieldCode, reason: reason, key: key, value: value)
        }
        guard let first = arguments.first else {
            throw DesktopExecSyntaxError(.invalidExecLine, reason: "the command line is empty", key: key, value: value)
        }
        if !first.codes.isEmpty || first.literalText.isEmpty {
            throw DesktopExecSyntaxError(
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
    package static func unescapeString(_ value: String) -> String {
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
