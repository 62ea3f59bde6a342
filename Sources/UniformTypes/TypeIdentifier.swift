/// The name of a uniform type: a reverse-DNS string such as `public.png` or
/// `org.openxmlformats.wordprocessingml.document`.
///
/// Identifiers compare case-insensitively (ASCII case folding), as the Uniform Type
/// Identifier rules require: `public.PNG` and `public.png` are the same type. The original
/// spelling is kept for display.
///
/// ```swift
/// let png: TypeIdentifier = "public.png"
/// png == TypeIdentifier("Public.PNG")   // true
/// ```
public struct TypeIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral, Codable
{
    /// The identifier as it was written.
    public let rawValue: String

    /// Creates an identifier from a string, without validating it.
    ///
    /// Use ``init(validating:)`` for untrusted input.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Creates an identifier from untrusted text, checking its syntax.
    ///
    /// A valid identifier is non-empty, at most 255 bytes, made of ASCII letters, digits,
    /// `-` and `.` (or any non-ASCII character), does not start or end with `.` and has no
    /// empty component (`a..b`).
    ///
    /// - Throws: ``UniformTypeError`` with code `.malformedIdentifier` naming the value.
    public init(validating text: String) throws(UniformTypeError) {
        if let reason = TypeIdentifier.syntaxProblem(in: text) {
            throw UniformTypeError(.malformedIdentifier, value: text, reason: reason)
        }
        self.rawValue = text
    }

    /// Why `text` is not a valid identifier, or `nil` if it is.
    public static func syntaxProblem(in text: String) -> String? {
        let bytes = text.utf8
        if bytes.isEmpty { return "an identifier cannot be empty" }
        if bytes.count > 255 { return "an identifier is at most 255 bytes long" }
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in bytes {
            let ok =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte >= 0x80
            if !ok {
                return "the character \(Unicode.Scalar(byte).escaped(asASCII: true)) is not allowed in an identifier"
            }
            if byte == UInt8(ascii: ".") && previous == UInt8(ascii: ".") {
                return "an identifier cannot start with '.' or contain an empty component"
            }
            previous = byte
        }
        if previous == UInt8(ascii: ".") { return "an identifier cannot end with '.'" }
        return nil
    }

    /// The identifier with ASCII letters folded to lower case: the form used for comparison.
    public var folded: String { ASCIICaseFolding.folded(rawValue) }

    /// `true` for identifiers in the `public.` domain, which only the system declares.
    public var isPublic: Bool {
        ASCIICaseFolding.hasPrefix(rawValue, folded: "public.")
    }

    /// `true` for identifiers of dynamic types (`dyn.` prefix), made for tags no declaration claims.
    public var isDynamic: Bool {
        ASCIICaseFolding.hasPrefix(rawValue, folded: "dyn.")
    }

    public var description: String { rawValue }

    public static func == (lhs: TypeIdentifier, rhs: TypeIdentifier) -> Bool {
        ASCIICaseFolding.equal(lhs.rawValue, rhs.rawValue)
    }

    public static func < (lhs: TypeIdentifier, rhs: TypeIdentifier) -> Bool {
        lhs.folded < rhs.folded
    }

    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(ASCIICaseFolding.fold(byte)) }
    }

    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension TypeIdentifier {
    /// The identifier OpenWith derives for a MIME type that no declared type claims:
    /// `org.freedesktop.mime.<media>.<subtype>`, with every character outside ASCII letters,
    /// digits, `-` and `.` replaced by `-` (`application/x-foo+xml` →
    /// `org.freedesktop.mime.application.x-foo-xml`). The system catalog uses the same rule.
    public static func derived(fromMIMEType mime: String) -> TypeIdentifier {
        let essence = MIMEEssence.essence(of: mime)
        var bytes = Array("org.freedesktop.mime.".utf8)
        for byte in essence.utf8 {
            let ok = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            bytes.append(byte == UInt8(ascii: "/") ? UInt8(ascii: ".") : ok ? byte : UInt8(ascii: "-"))
        }
        return TypeIdentifier(String(decoding: bytes, as: UTF8.self))
    }
}
