import Glibc

/// How human output is dressed for where it goes.
///
/// Policy:
/// - `--quiet` (`-q`) prints nothing on standard output; errors still go to standard error and
///   the exit status still tells.
/// - Colour only when the stream is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not
///   `dumb`; never in JSON.
/// - When the locale (the first set of `LC_ALL`, `LC_CTYPE`, `LANG`) names a character set other
///   than UTF-8 (`C`, `POSIX`, `en_US.ISO-8859-1`), the punctuation OpenWith writes (— → … ·) is
///   written in ASCII; no locale set at all counts as UTF-8. JSON is UTF-8 whatever the locale.
package enum TerminalStyle {
    /// `--quiet`: nothing on standard output.
    package nonisolated(unsafe) static var quiet = false

    /// Whether standard output gets colour.
    package static let colorsOutput = colors(descriptor: 1)
    /// Whether standard error gets colour.
    package static let colorsErrors = colors(descriptor: 2)
    /// Whether the locale's character set is UTF-8.
    package static let localeIsUTF8 = isUTF8(locale: ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap(ProcessEnvironment.value).first { !$0.isEmpty })

    /// `openwith: `, in bold red on a colour terminal.
    package static var errorPrefix: String { colorsErrors ? "\u{1B}[1;31mopenwith:\u{1B}[0m " : "openwith: " }
    /// `hint: `, in bold on a colour terminal.
    package static var hintPrefix: String { colorsErrors ? "\u{1B}[1mhint:\u{1B}[0m " : "hint: " }

    /// `text` in bold on a colour standard output.
    package static func bold(_ text: some StringProtocol) -> String {
        colorsOutput ? "\u{1B}[1m\(text)\u{1B}[0m" : String(text)
    }

    /// Whether a locale value names UTF-8: `nil` (none set) does; `C` and `POSIX` do not; else
    /// its codeset (after the dot, before any `@`) must be UTF-8 or utf8.
    package static func isUTF8(locale: String?) -> Bool {
        guard let locale else { return true }
        guard let dot = locale.firstIndex(of: ".") else { return false }
        let codeset = locale[locale.index(after: dot)...].prefix { $0 != "@" }.lowercased()
        return codeset == "utf-8" || codeset == "utf8"
    }

    /// The punctuation OpenWith writes, in ASCII when the locale is not UTF-8.
    package static func forLocale(_ text: String) -> String {
        guard !localeIsUTF8, text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "—", "–": out += "-"
            case "→": out += "->"
            case "…": out += "..."
            case "·": out += "*"
            default: out.append(character)
            }
        }
        return out
    }

    private static func colors(descriptor: Int32) -> Bool {
        if let noColor = ProcessEnvironment.value("NO_COLOR"), !noColor.isEmpty { return false }
        if ProcessEnvironment.value("TERM") == "dumb" { return false }
        return isatty(descriptor) == 1
    }
}
