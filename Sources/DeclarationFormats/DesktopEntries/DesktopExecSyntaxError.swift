/// Why an `Exec` value was refused, with the key and the value as written.
public struct DesktopExecSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake the value holds.
    public enum Code: String, Sendable, Equatable {
        /// The line breaks a quoting rule or has no program.
        case invalidExecLine
        /// A field code is unknown, misplaced, or one too many.
        case invalidFieldCode
        /// A field code stands inside double quotes.
        case fieldCodeInQuotes
        /// A double quote is never closed.
        case unterminatedQuote
    }

    /// The kind of mistake.
    public var code: Code
    /// Why, in words.
    public var reason: String
    /// The key the value came from (`Exec`, an action's `Exec`).
    public var key: String
    /// The value as written.
    public var value: String

    /// Creates an error.
    public init(_ code: Code, reason: String, key: String, value: String) {
        self.code = code
        self.reason = reason
        self.key = key
        self.value = value
    }

    public var description: String { "\(code.rawValue): \(key)=\(value): \(reason)" }
}
