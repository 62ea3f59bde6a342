/// What the resolver may consult.
public struct ResolutionOptions: Sendable, Equatable {
    /// Which evidence is used.
    public enum Mode: String, Sendable, CaseIterable {
        /// Name and content (and declared type and xattr), the default.
        case nameAndContent
        /// The name (and file-system kind) only: no file content is read.
        case nameOnly
        /// The content (and file-system kind) only: the name is ignored.
        case contentOnly
    }

    /// Which evidence is used.
    public var mode: Mode = .nameAndContent
    /// A MIME type the caller vouches for, such as an HTTP `Content-Type`.
    public var declaredMIMEType: String?
    /// Whether to read the `user.mime_type` extended attribute.
    public var readsExtendedAttribute = true
    /// Whether to follow a symbolic link to its target (else it resolves to `public.symlink`).
    public var followsSymlinks = true
    /// Whether libmagic may be consulted when the name and the signatures leave the answer open.
    public var usesLibmagic = true

    /// Name and content, following links, with libmagic as the last resort.
    public static let `default` = ResolutionOptions()

    /// Creates options.
    public init(mode: Mode = .nameAndContent, declaredMIMEType: String? = nil, readsExtendedAttribute: Bool = true, followsSymlinks: Bool = true, usesLibmagic: Bool = true) {
        self.mode = mode
        self.declaredMIMEType = declaredMIMEType
        self.readsExtendedAttribute = readsExtendedAttribute
        self.followsSymlinks = followsSymlinks
        self.usesLibmagic = usesLibmagic
    }
}
