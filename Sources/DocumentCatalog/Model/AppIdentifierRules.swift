/// What an app id may be.
///
/// Policy: an app id names the app's container folder (`containers/<id>`) and its inbox
/// folders, so it must be usable as one file name, safely: not empty, not `.` or `..`, no `/`,
/// no NUL or other control character, and at most 200 bytes of UTF-8 (room for the
/// `<id>-Inbox` folder within the 255-byte name limit). Ids are compared ignoring case.
/// Ids are checked when an app is registered, before anything is stored.
public enum AppIdentifierRules {
    /// The longest id, in bytes of UTF-8.
    public static let maximumLength = 200

    /// Why `id` cannot be an app id, or `nil` when it can.
    public static func problem(in id: String) -> String? {
        if id.isEmpty { return "an app id must not be empty" }
        if id == "." || id == ".." { return "an app id must not be . or .." }
        if id.utf8.count > maximumLength { return "an app id has at most \(maximumLength) bytes; this one has \(id.utf8.count)" }
        if id.utf8.contains(UInt8(ascii: "/")) { return "an app id must not contain /" }
        if id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) {
            return "an app id must not contain control characters"
        }
        return nil
    }
}
