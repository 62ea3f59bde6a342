/// A `<treemagic>` rule of a shared-mime-info type (used for directories such as `x-content/*` volumes).
public struct MimeTreeMagic: Sendable, Equatable {
    /// The priority, 0...100 (default 50).
    public var priority: Int
    /// The top-level matches (alternatives).
    public var matches: [MimeTreeMatch]

    /// Creates a rule.
    public init(priority: Int = MimeMagic.defaultPriority, matches: [MimeTreeMatch]) {
        self.priority = priority
        self.matches = matches
    }
}
