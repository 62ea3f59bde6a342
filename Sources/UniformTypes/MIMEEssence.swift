/// The essence of a MIME type string: `type/subtype` without parameters or surrounding white
/// space, as HTTP `Content-Type` headers and `user.mime_type` attributes carry extra text.
///
/// ```swift
/// MIMEEssence.essence(of: " Text/Plain; charset=utf-8")   // "Text/Plain"
/// ```
public enum MIMEEssence {
    /// The part before the first `;`, without surrounding spaces and tabs. Case is kept; lookups fold it.
    public static func essence(of value: String) -> Substring {
        var text = value
        let bounds = text.withUTF8 { essenceBounds(in: $0) }
        if bounds == 0..<value.utf8.count { return value[...] }
        // Both ends sit next to ASCII bytes, so they are character boundaries.
        let utf8 = value.utf8
        return value[utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: bounds.upperBound)]
    }

    /// Where the essence lies in the UTF-8 bytes of a MIME type: before the first `;`, without
    /// surrounding spaces and tabs.
    @inline(__always)
    static func essenceBounds(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var end = 0
        while end < bytes.count && bytes[end] != UInt8(ascii: ";") { end += 1 }
        var start = 0
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return start..<end
    }

    /// Why `essence` is not a usable MIME type, or `nil` when it is: it needs exactly one `/`
    /// with a non-empty media type and subtype, and no spaces or control characters.
    public static func syntaxProblem(in essence: Substring) -> String? {
        var text = essence
        return text.withUTF8 { syntaxProblem(in: $0) }
    }

    /// ``syntaxProblem(in:)`` of the essence in `bytes`.
    static func syntaxProblem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.isEmpty { return "a MIME type cannot be empty" }
        var slashes = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") { slashes += 1 }
            if byte <= 0x20 || byte == 0x7F { return "a MIME type cannot contain spaces or control characters" }
        }
        if slashes != 1 || bytes.first == UInt8(ascii: "/") || bytes.last == UInt8(ascii: "/") {
            return "a MIME type has the form type/subtype"
        }
        return nil
    }
}
