/// The name of a pasteboard: the general board everyone shares, or a named board.
///
/// Policy: a named board's name is 1–128 bytes of ASCII letters, digits, `.`, `-` and `_`,
/// does not start with `.` and holds no `..`; so it is always one safe file name, and a name
/// with `/`, `..` or a control character is refused. Reverse-DNS names
/// (`com.example.notes.clippings`) are the custom. `general` names the general board.
///
/// ```swift
/// let board = try PasteboardName("com.example.notes.clippings")
/// let general = PasteboardName.general
/// ```
public struct PasteboardName: Hashable, Sendable, CustomStringConvertible {
    /// The name as written (`general` for the general board).
    public let rawValue: String

    /// The general pasteboard.
    public static let general = PasteboardName(checked: "general")

    /// The longest name taken, in bytes.
    public static let maximumLength = 128

    /// Whether this is the general pasteboard.
    public var isGeneral: Bool { rawValue == "general" }

    /// The name as written.
    public var description: String { rawValue }

    private init(checked: String) { rawValue = checked }

    /// A validated name (see the type's policy).
    ///
    /// - Throws: ``HandOverError/Code/invalidPasteboardName`` with the name as value and the
    ///   reason it was refused.
    public init(_ text: String) throws(HandOverError) {
        if let problem = PasteboardName.problem(in: text) {
            throw HandOverError(.invalidPasteboardName, reason: "not a pasteboard name: \(problem)", key: "pasteboard", value: text)
        }
        rawValue = text
    }

    /// Why `text` is not a pasteboard name, or `nil` when it is one.
    static func problem(in text: String) -> String? {
        let bytes = text.utf8
        if bytes.isEmpty { return "it is empty" }
        if bytes.count > maximumLength { return "it is \(bytes.count) bytes long, more than \(maximumLength)" }
        if bytes.contains(UInt8(ascii: "/")) { return "it holds a '/'" }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "it holds a control character" }
        if text.contains("..") { return "it holds '..'" }
        if bytes.first == UInt8(ascii: ".") { return "it starts with '.'" }
        let allowed: (UInt8) -> Bool = { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
        if let bad = bytes.first(where: { !allowed($0) }) {
            return bad < 0x80 ? "it holds '\(Character(Unicode.Scalar(bad)))' (only letters, digits, '.', '-' and '_' are taken)" : "it holds a non-ASCII character"
        }
        return nil
    }
}
