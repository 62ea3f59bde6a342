/// The essence of a MIME type string: `type/subtype` without parameters or surrounding white
/// space, as HTTP `Content-Type` headers and `user.mime_type` attributes carry extra text.
///
/// ```swift
/// MIMEEssence.essence(of: " Text/Plain; charset=utf-8")   // "Text/Plain"
/// ```
public enum MIMEEssence {
    /// The part before the first `;`, without surrounding spaces and tabs. Case is kept; lookups fold it.
    public static func essence(of value: String) -> Substring {
        var text = Substring(value)
        if let semicolon = text.firstIndex(of: ";") { text = text[..<semicolon] }
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    /// Why `essence` is not a usable MIME type, or `nil` when it is: it needs exactly one `/`
    /// with a non-empty media type and subtype, and no spaces or control characters.
    public static func syntaxProblem(in essence: Substring) -> String? {
        if essence.isEmpty { return "a MIME type cannot be empty" }
        var slashes = 0
        for byte in essence.utf8 {
            if byte == UInt8(ascii: "/") { slashes += 1 }
            if byte <= 0x20 || byte == 0x7F { return "a MIME type cannot contain spaces or control characters" }
        }
        if slashes != 1 || essence.first == "/" || essence.last == "/" {
            return "a MIME type has the form type/subtype"
        }
        return nil
    }
}
