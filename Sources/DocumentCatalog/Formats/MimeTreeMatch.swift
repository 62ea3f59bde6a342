/// One `<treematch>` of a `<treemagic>` rule: a path that must exist inside a directory (a mounted
/// volume), with optional conditions, and nested matches.
public struct MimeTreeMatch: Sendable, Equatable {
    /// The path relative to the directory's root.
    public var path: String
    /// `file`, `directory` or `link`, if required.
    public var type: String?
    /// Whether the path must match with case (`match-case="true"`).
    public var matchCase: Bool
    /// Whether the item must be executable.
    public var executable: Bool
    /// Whether the item (a directory) must not be empty.
    public var nonEmpty: Bool
    /// A MIME type the item must have, if given.
    public var mimeType: String?
    /// Nested matches, one of which must also match.
    public var children: [MimeTreeMatch]

    /// Creates a tree match.
    public init(
        path: String, type: String? = nil, matchCase: Bool = false, executable: Bool = false,
        nonEmpty: Bool = false, mimeType: String? = nil, children: [MimeTreeMatch] = []
    ) {
        self.path = path
        self.type = type
        self.matchCase = matchCase
        self.executable = executable
        self.nonEmpty = nonEmpty
        self.mimeType = mimeType
        self.children = children
    }
}
