/// Text made safe to show on a terminal.
///
/// Policy: text that comes from files and the catalog (app names, ids, type descriptions,
/// paths, file names) may hold control characters and escape sequences that would move the
/// cursor, rewrite the screen or retitle the window. Human output shows each of them as a
/// visible escape instead: `\e` for ESC, `\n` `\r` `\t` for the usual ones, `\u{…}` for every
/// other C0 or C1 control character, DEL, and the bidirectional overrides and isolates (which
/// reorder what is shown); a byte of a file name that is not UTF-8 (carried in a string as a
/// private-use character) is shown as `\xNN`. Everything else, backslashes included, is shown as it is. JSON
/// output needs no such step: its own escaping already covers control characters.
public enum VisibleText {
    /// `text` with every control character written as a visible escape.
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\u{1B}": result += "\\e"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{10FF80}"..."\u{10FFFF}":
                // A byte of a file name that is not UTF-8, carried in a string (ContentSniffing's PathBytes).
                let byte = UInt8(scalar.value - 0x10FF00)
                result += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Whether a scalar is shown as an escape.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        case 0x10FF80...0x10FFFF: return true
        default: return false
        }
    }
}
