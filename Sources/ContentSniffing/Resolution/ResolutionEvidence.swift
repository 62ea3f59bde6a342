public import UniformTypes

/// One piece of evidence the resolver used or weighed: where it came from, what type it
/// pointed to, and what exactly it saw.
public struct ResolutionEvidence: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Where a piece of evidence comes from.
    public enum Source: String, Sendable, Codable, CaseIterable {
        /// A type the caller declared (an HTTP `Content-Type`, say).
        case declared
        /// The `user.mime_type` extended attribute of the file.
        case xattr
        /// The file's kind in the file system (directory, symlink, FIFO, device, socket, empty).
        case fileSystem = "file-system"
        /// The filename, by the shared-mime-info glob rules.
        case name
        /// The built-in signature sniffer.
        case signature
        /// shared-mime-info's magic rules.
        case magicRules = "magic-rules"
        /// libmagic.
        case libmagic
        /// What text says it is by its content: a structure that cannot occur by accident
        /// (armour, a diff, a modeline …) or the statistical text classifier.
        case textContent = "text-content"
        /// A fallback rule (empty file, text, binary).
        case fallback
    }

    /// Where the evidence comes from.
    public var source: Source
    /// The type it points to.
    public var identifier: TypeIdentifier
    /// What was seen: the pattern, the signature, libmagic's MIME type.
    public var detail: String
    /// Whether the final answer agrees with (is equal to or refines) this evidence.
    public var agrees: Bool

    /// Creates a piece of evidence.
    public init(source: Source, identifier: TypeIdentifier, detail: String, agrees: Bool = true) {
        self.source = source
        self.identifier = identifier
        self.detail = detail
        self.agrees = agrees
    }

    public var description: String {
        "\(source.rawValue): \(identifier) (\(detail))" + (agrees ? "" : " [overruled]")
    }
}
