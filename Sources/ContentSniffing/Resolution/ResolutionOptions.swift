import UniformTypes

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
    ///
    /// Policy: any text is accepted here and never traps; a value whose essence is not a MIME
    /// type (see ``MIMEEssence/syntaxProblem(in:)``) is no claim, and the file is resolved by its
    /// name and content. To refuse such a value instead, create the options with
    /// ``init(mode:validatingDeclaredMIMEType:readsExtendedAttribute:followsSymlinks:usesLibmagic:)``.
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

    /// Creates options with a declared MIME type that must be one: for a value from outside (an
    /// HTTP header, a C caller, a command-line option) that the caller wants refused, not ignored.
    ///
    /// ```swift
    /// let options = try ResolutionOptions(validatingDeclaredMIMEType: "text/html; charset=utf-8")
    /// ```
    ///
    /// - Throws: ``SniffingError`` with code `invalidArgument` naming the value and the reason
    ///   when its essence is empty, is not `type/subtype`, or holds spaces or control characters.
    public init(
        mode: Mode = .nameAndContent, validatingDeclaredMIMEType declared: String, readsExtendedAttribute: Bool = true,
        followsSymlinks: Bool = true, usesLibmagic: Bool = true
    ) throws(SniffingError) {
        if let problem = MIMEEssence.syntaxProblem(in: MIMEEssence.essence(of: declared)) {
            throw SniffingError(.invalidArgument, reason: "declared MIME type \"\(declared)\": \(problem)")
        }
        self.init(mode: mode, declaredMIMEType: declared, readsExtendedAttribute: readsExtendedAttribute, followsSymlinks: followsSymlinks, usesLibmagic: usesLibmagic)
    }
}
