/// The essence of a MIME type string: `type/subtype` without parameters or surrounding white
/// space, as HTTP `Content-Type` headers and `user.mime_type` attributes carry extra text.
///
/// ```swift
/// MIMEEssence.essence(of: " Text/Plain; charset=utf-8")   // "Text/Plain"
/// ```
public enum MIMEEssence {
    /// The part before the first `;`, without surrounding spaces and tabs. Case is kept; lookups fold it.
    public static func essence(of value: String) -> Substring {
        let utf8 = value.utf8
        var end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        var start = utf8.startIndex
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 || utf8[before] == 0x09 else { break }
            end = before
        }
        return value[start..<end]
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
        if slashes != 1 || essence.utf8.first == UInt8(ascii: "/") || essence.utf8.last == UInt8(ascii: "/") {
            return "a MIME type has the form type/subtype"
        }
        return nil
    }
}
