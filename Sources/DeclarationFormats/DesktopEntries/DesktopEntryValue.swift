/// Decoders for the value types of the Desktop Entry Specification: `string`/`localestring`/
/// `iconstring` (escapes `\s \n \t \r \\`), lists separated by `;` (with `\;` for a literal
/// semicolon, an optional trailing `;`) and `boolean` (`true`/`false`).
///
/// ```swift
/// DesktopEntryValue.string(#"Hello\sWorld"#)       // "Hello World"
/// DesktopEntryValue.list(#"text/plain;a\;b;"#)     // ["text/plain", "a;b"]
/// DesktopEntryValue.boolean("true")                // true
/// ```
///
/// An unknown escape (`\$`, `\x`) is kept as written: the Exec key uses backslashes of its own.
public enum DesktopEntryValue {
    /// Decodes a `string` value's escapes.
    public static func string(_ raw: String) -> String {
        decode(raw, asList: false).values.first ?? ""
    }

    /// Splits and decodes a list value. Empty elements in the middle are kept (`a;;b` has three);
    /// the trailing `;` does not make an empty last element.
    public static func list(_ raw: String) -> [String] {
        decode(raw, asList: true).values
    }

    /// Reads a `boolean`: `true` or `false`; also `1`/`0`, which GLib accepts from older files.
    public static func boolean(_ raw: String) -> Bool? {
        switch raw {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// Decodes escapes, splitting at unescaped `;` when `asList`; reports unknown escapes.
    static func decode(_ raw: String, asList: Bool) -> (values: [String], unknownEscapes: [String]) {
        guard raw.utf8.contains(where: { $0 == UInt8(ascii: "\\") || (asList && $0 == UInt8(ascii: ";")) }) else {
            return (asList && raw.isEmpty ? [] : [raw], [])
        }
        var values: [String] = []
        var unknown: [String] = []
        var current: [UInt8] = []
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "\\") {
                guard let escaped = iterator.next() else {
                    current.append(byte)
                    break
                }
                switch escaped {
                case UInt8(ascii: "s"): current.append(0x20)
                case UInt8(ascii: "n"): current.append(0x0A)
                case UInt8(ascii: "t"): current.append(0x09)
                case UInt8(ascii: "r"): current.append(0x0D)
                case UInt8(ascii: "\\"): current.append(UInt8(ascii: "\\"))
                case UInt8(ascii: ";") where asList: current.append(UInt8(ascii: ";"))
                default:
                    current.append(byte)
                    current.append(escaped)
                    unknown.append(String(decoding: [byte, escaped], as: UTF8.self))
                }
            } else if asList, byte == UInt8(ascii: ";") {
                values.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        if !asList || !current.isEmpty { values.append(String(decoding: current, as: UTF8.self)) }
        return (values, unknown)
    }
}
