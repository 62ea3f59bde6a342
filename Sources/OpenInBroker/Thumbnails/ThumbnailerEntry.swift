import ContentSniffing
import Glibc

/// A thumbnailer of the machine, read from a `*.thumbnailer` key file (`[Thumbnailer Entry]`:
/// `TryExec`, `Exec`, `MimeType`), as GNOME's thumbnail factory reads them.
///
/// Policy:
/// - the file must have a `[Thumbnailer Entry]` group with `Exec` and at least one `MimeType`;
/// - `Exec` is split like a desktop entry's: unquoted blanks separate arguments, double quotes
///   group (with `\"` `\\` `` \` `` `\$` escapes); field codes are `%i` (the input path), `%u`
///   (its `file://` URI), `%o` (the output path), `%s` (the size in pixels) and `%%`; any other
///   code refuses the entry, and so does a line without `%o` or without `%i`/`%u`;
/// - the thumbnailer is available when its `TryExec` (if any) and its program are found: an
///   absolute path that is an executable file, or a name found executable on `PATH`.
public struct ThumbnailerEntry: Sendable, Equatable {
    /// The file's name (`gdk-pixbuf-thumbnailer.thumbnailer`), which identifies it.
    public var name: String
    /// Where it was read from.
    public var path: String
    /// `TryExec`, if given.
    public var tryExec: String?
    /// The split `Exec` arguments, with field codes still in place.
    public var arguments: [String]
    /// The MIME types it takes (lower case; `image/*` patterns allowed).
    public var mimeTypes: [String]

    /// Reads an entry from a key file's text; `nil` when it is not a usable thumbnailer entry.
    public static func parse(_ text: String, name: String, path: String) -> ThumbnailerEntry? {
        var inGroup = false
        var values: [String: String] = [:]
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                inGroup = line.trimmedOfBlanks() == "[Thumbnailer Entry]"
                continue
            }
            guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]).trimmedOfBlanks()
            if values[key] == nil { values[key] = String(line[line.index(after: equals)...]).trimmedOfBlanks() }
        }
        guard let exec = values["Exec"], let arguments = splitExec(exec), !arguments.isEmpty else { return nil }
        let mimeTypes = (values["MimeType"] ?? "").split(separator: ";").map { $0.trimmedOfBlanks().lowercased() }
            .filter { !$0.isEmpty }
        guard !mimeTypes.isEmpty else { return nil }
        let tryExec = values["TryExec"].flatMap { $0.isEmpty ? nil : $0 }
        return ThumbnailerEntry(name: name, path: path, tryExec: tryExec, arguments: arguments, mimeTypes: mimeTypes)
    }

    /// Splits an `Exec` value; `nil` when quoting or field codes are broken.
    static func splitExec(_ exec: String) -> [String]? {
        var arguments: [String] = []
        var current = ""
        var hasArgument = false
        var quoted = false
        var escaped = false
        var percent = false
        var codes: Set<Character> = []
        for character in exec {
            if percent {
                percent = false
                guard "iuos%".contains(character) else { return nil }
                if character != "%" { codes.insert(character) }
                current += "%" + String(character)
                hasArgument = true
                continue
            }
            if escaped {
                escaped = false
                current.append(character)
                continue
            }
            switch character {
            case "\\" where quoted: escaped = true
            case "\"":
                quoted.toggle()
                hasArgument = true
            case " " where !quoted, "\t" where !quoted:
                if hasArgument { arguments.append(current) }
                current = ""
                hasArgument = false
            case "%":
                percent = true
            default:
                current.append(character)
                hasArgument = true
            }
        }
        guard !quoted, !escaped, !percent else { return nil }
        if hasArgument { arguments.append(current) }
        guard codes.contains("o"), codes.contains("i") || codes.contains("u") else { return nil }
        return arguments
    }

    /// The argument vector for one run: field codes replaced, `%%` made `%`.
    public func command(input: String, inputURI: String, output: String, size: Int) -> [String] {
        arguments.map { argument in
            var result = ""
            var percent = false
            for character in argument {
                if percent {
                    percent = false
                    switch character {
                    case "i": result += input
                    case "u": result += inputURI
                    case "o": result += output
                    case "s": result += String(size)
                    default: result.append(character)
                    }
                } else if character == "%" {
                    percent = true
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }

    /// Whether `TryExec` and the program are found (see the type's policy).
    public func isAvailable(searchPath: String) -> Bool {
        if let tryExec, ThumbnailerEntry.findProgram(tryExec, searchPath: searchPath) == nil { return false }
        guard let program = arguments.first else { return false }
        return ThumbnailerEntry.findProgram(program, searchPath: searchPath) != nil
    }

    /// The executable file `program` names: itself when it holds a `/`, else the first match on
    /// `searchPath` (a `PATH` value).
    static func findProgram(_ program: String, searchPath: String) -> String? {
        func isExecutable(_ path: String) -> Bool {
            var info = stat()
            return PathBytes.withCString(path) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
                && PathBytes.withCString(path) { access($0, X_OK) } == 0
        }
        if program.contains("/") { return isExecutable(program) ? program : nil }
        for folder in searchPath.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder + "/" + program
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmedOfBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
