public import UniformTypes

/// The content-magic rule that matched a file's bytes: its type and priority.
///
/// ```swift
/// let match = bytes.withUnsafeBytes { MagicRuleSet.freedesktop.bestMatch(in: $0) }
/// match?.identifier   // org.freedesktop.mime.image.x-gimp-gbr
/// match?.mimeType     // image/x-gimp-gbr
/// match?.priority     // 50
/// ```
public struct MagicMatch: Sendable, Hashable, CustomStringConvertible {
    /// The OpenWith type identifier of the rule's MIME type, as `Catalog/system-types.tsv` maps it.
    public var identifier: TypeIdentifier
    /// The MIME type as the rule's registry (shared-mime-info or Tika) names it (not
    /// necessarily the identifier's preferred MIME type).
    public var mimeType: String
    /// The rule's priority, 0–100 (50 unless the rule says otherwise): low for generic formats
    /// (`gzip`), high for specific ones that contain them.
    public var priority: Int

    /// Creates a match.
    public init(identifier: TypeIdentifier, mimeType: String, priority: Int) {
        self.identifier = identifier
        self.mimeType = mimeType
        self.priority = priority
    }

    /// `mime/type (identifier), priority N`.
    public var description: String {
        "\(mimeType) (\(identifier)), priority \(priority)"
    }
}
