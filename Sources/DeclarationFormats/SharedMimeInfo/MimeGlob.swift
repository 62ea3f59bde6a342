/// A `<glob>` of a shared-mime-info type: a filename pattern such as `*.png` or `Makefile`.
public struct MimeGlob: Sendable, Equatable {
    /// The default weight when the attribute is missing.
    public static let defaultWeight = 50

    /// The pattern, as written (`*.tar.gz`, `README*`, `[Mm]akefile`).
    public var pattern: String
    /// The weight, 0...100 (default 50): higher wins between conflicting globs.
    public var weight: Int
    /// Whether the pattern must match with case (`case-sensitive="true"`); by default matching ignores case.
    public var caseSensitive: Bool

    /// Creates a glob.
    public init(pattern: String, weight: Int = MimeGlob.defaultWeight, caseSensitive: Bool = false) {
        self.pattern = pattern
        self.weight = weight
        self.caseSensitive = caseSensitive
    }
}
