public import UniformTypes

/// What a signature check recognised in a file's bytes.
///
/// ```swift
/// let match = SignatureSniffer().sniff(prefix: bytes)
/// match?.identifier   // public.png
/// match?.strength     // .strong
/// match?.detail       // "PNG signature at offset 0"
/// ```
public struct SignatureMatch: Sendable, Equatable, CustomStringConvertible {
    /// The most specific type recognised, for example
    /// `org.openxmlformats.wordprocessingml.document` rather than `public.zip-archive`.
    public var identifier: TypeIdentifier
    /// How much the evidence says; see ``SignatureStrength``.
    public var strength: SignatureStrength
    /// The evidence in words, for people: `PNG signature at offset 0`,
    /// `ZIP entry word/document.xml`. Not meant to be parsed; it may change between versions.
    public var detail: String
    /// Whether the match is a container (a ZIP archive, an OLE2 compound file) whose directory
    /// was read whole and named no document: a document format known by its parts is not in it.
    var listsEveryPart = false
    /// Whether the match is a `#!` line naming a known language's interpreter: the program the
    /// system runs the file with, whatever the file is named.
    var namesInterpreter = false

    /// Creates a match.
    public init(identifier: TypeIdentifier, strength: SignatureStrength, detail: String) {
        self.identifier = identifier
        self.strength = strength
        self.detail = detail
    }

    /// Creates a match; the short form used by the signature checks.
    init(_ identifier: TypeIdentifier, _ strength: SignatureStrength, _ detail: String) {
        self.identifier = identifier
        self.strength = strength
        self.detail = detail
    }

    /// Two matches are equal when they say the same: identifier, strength and detail.
    public static func == (lhs: SignatureMatch, rhs: SignatureMatch) -> Bool {
        lhs.identifier == rhs.identifier && lhs.strength == rhs.strength && lhs.detail == rhs.detail
    }

    /// `identifier (strength): detail`.
    public var description: String {
        "\(identifier) (\(strength)): \(detail)"
    }
}
