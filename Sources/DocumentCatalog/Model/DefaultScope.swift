/// What a user default is for.
public enum DefaultScope: String, Sendable, Codable, CaseIterable {
    /// A type identifier: the default app for files of that exact type.
    case type
    /// A URL scheme: the default handler of `scheme:` URLs.
    case scheme
    /// One file, by absolute path: a per-file override.
    case file
}

/// The role a default or a query asks for.
public enum RequestedRole: String, Sendable, Codable, CaseIterable {
    /// Any role that can open the document (editors and viewers).
    case any
    /// Apps that view.
    case viewer
    /// Apps that edit.
    case editor
    /// Apps that act as a runtime for it.
    case shell
}
