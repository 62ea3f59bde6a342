/// What an app group id may be.
///
/// An app group id (`group.org.example.suite`, or the older team-prefixed `ABCDE12345.org.example.suite`)
/// names the group's shared container folder, so it must be usable as one file name, safely.
///
/// Policy: an id is refused when it is empty, longer than ``maximumLength`` bytes of UTF-8,
/// contains `/` or `..` anywhere, starts with `.` (a hidden folder, or `.` itself), or contains a
/// control character (C0, DEL or C1, NUL included). Nothing is repaired: a refused id is never
/// turned into another. Ids are compared ignoring ASCII case, as app ids are.
///
/// ```swift
/// AppGroupIdentifier.problem(in: "group.org.example.suite") // nil
/// AppGroupIdentifier.problem(in: "group/../../etc")          // "an app group id must not contain /"
/// ```
public enum AppGroupIdentifier {
    /// The longest id, in bytes of UTF-8 (a file name's limit).
    public static let maximumLength = 255

    /// Why `id` cannot be an app group id, or `nil` when it can.
    public static func problem(in id: String) -> String? {
        if id.isEmpty { return "an app group id must not be empty" }
        if id.utf8.count > maximumLength { return "an app group id has at most \(maximumLength) bytes; this one has \(id.utf8.count)" }
        if id.utf8.contains(UInt8(ascii: "/")) { return "an app group id must not contain /" }
        if id.contains("..") { return "an app group id must not contain .." }
        if id.hasPrefix(".") { return "an app group id must not start with ." }
        if id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) {
            return "an app group id must not contain control characters"
        }
        return nil
    }

    /// `id` with control characters shown as `\u{…}` escapes, for messages about refused ids.
    public static func visible(_ id: String) -> String {
        var text = ""
        for scalar in id.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
