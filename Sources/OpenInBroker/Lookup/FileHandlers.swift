public import ContentSniffing
import DocumentCatalog

/// One file's answer from ``HandlerLookup``: what it is, and who can open it, default first.
public struct FileHandlers: Sendable {
    /// The path as the caller gave it.
    public var path: String
    /// The absolute, normalised path that per-file defaults are keyed by; `nil` when the path is
    /// relative and the working directory cannot be named.
    public var absolutePath: String?
    /// The file's type, with the evidence and any conflict.
    public var resolution: Resolution
    /// The ranked handlers with their reasons, and the apps left out with theirs.
    public var handlers: HandlerList
}
