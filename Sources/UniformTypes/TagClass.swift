/// A kind of tag that maps outside names onto type identifiers: filename extensions, MIME
/// types, or any other class a declaration names (extensible, like Apple's `UTTagClass`).
///
/// ```swift
/// graph.types(tag: "png", tagClass: .filenameExtension)
/// ```
public struct TagClass: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The tag class identifier, e.g. `public.filename-extension`.
    public let rawValue: String

    /// Creates a tag class from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Filename extensions without the leading dot (`png`, `tar.gz`), compared case-insensitively.
    public static let filenameExtension = TagClass("public.filename-extension")
    /// MIME types (`image/png`), compared case-insensitively and without parameters.
    public static let mimeType = TagClass("public.mime-type")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
