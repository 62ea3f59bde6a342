/// A `<magic>` rule of a shared-mime-info type: a priority and a tree of byte matches. The type
/// matches when any top-level match and, recursively, any of its children's chains match.
public struct MimeMagic: Sendable, Equatable {
    /// The default priority when the attribute is missing.
    public static let defaultPriority = 50

    /// The priority, 0...100 (default 50): higher rules are tried first.
    public var priority: Int
    /// The top-level matches (alternatives).
    public var matches: [MimeMagicMatch]

    /// Creates a rule.
    public init(priority: Int = MimeMagic.defaultPriority, matches: [MimeMagicMatch]) {
        self.priority = priority
        self.matches = matches
    }
}
