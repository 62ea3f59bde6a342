/// A shared-mime-info glob that names files of a type: a literal name (`Makefile`), an
/// extension pattern (`*.tar.gz`) or a general glob (`README*`, `*.[1-9]`).
///
/// Matching follows the shared-mime-info rules: case-insensitive unless ``isCaseSensitive``,
/// the highest ``weight`` wins, then the longest pattern.
public struct FilenamePattern: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The glob as written, e.g. `*.tar.gz`.
    public var pattern: String
    /// The weight, 0–100; 50 is the default.
    public var weight: Int
    /// Whether the pattern matches only with the exact case.
    public var isCaseSensitive: Bool

    /// The default weight of a glob, and of extension tags: 50.
    public static let defaultWeight = 50
    /// The weight of an extension tag that no glob states (a declaration's
    /// `public.filename-extension` tag): below the default, so that shared-mime-info's globs decide
    /// between the two on Linux while declared-only extensions still resolve.
    public static let extensionTagWeight = 40

    /// Creates a pattern.
    public init(_ pattern: String, weight: Int = FilenamePattern.defaultWeight, caseSensitive: Bool = false) {
        self.pattern = pattern
        self.weight = weight
        self.isCaseSensitive = caseSensitive
    }

    /// The shape of the pattern, which decides which index serves it.
    public enum Kind: Hashable, Sendable {
        /// No wildcard: the whole filename must equal the pattern.
        case literal(String)
        /// `*.` followed by a wildcard-free suffix: the filename must end with `.suffix`.
        case `extension`(String)
        /// Anything else, matched with glob rules (`*`, `?`, `[...]`).
        case glob
    }

    /// The shape of the pattern.
    public var kind: Kind {
        let bytes = pattern.utf8
        func isWildcard(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") }
        if !bytes.contains(where: isWildcard) { return .literal(pattern) }
        if bytes.count > 2, bytes.starts(with: [UInt8(ascii: "*"), UInt8(ascii: ".")]), !bytes.dropFirst(2).contains(where: isWildcard) {
            return .extension(String(decoding: bytes.dropFirst(2), as: UTF8.self))
        }
        return .glob
    }

    public var description: String {
        pattern + (weight == FilenamePattern.defaultWeight ? "" : " (weight \(weight))") + (isCaseSensitive ? " (case-sensitive)" : "")
    }
}
