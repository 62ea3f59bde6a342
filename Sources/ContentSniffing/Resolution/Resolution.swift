public import UniformTypes

/// The answer to "what is this file?": a type, how sure, the evidence, and any conflict
/// between the name and the content.
///
/// Resolution never fails for a file that exists: at worst it answers `public.data` with low
/// confidence. See ``TypeResolver`` for the order in which evidence is weighed.
public struct Resolution: Sendable {
    /// The resolved type.
    public var type: UniformType
    /// How sure the answer is.
    public var confidence: ResolutionConfidence
    /// Everything weighed, in the order it was consulted.
    public var evidence: [ResolutionEvidence]
    /// A disagreement between a claim (name, declared type) and the content, if any.
    public var conflict: ResolutionConflict?
    /// Whether the name alone matched several unrelated types.
    public var nameWasAmbiguous: Bool
    /// The size of the file in bytes (0 for anything but regular files).
    public var size: Int64

    /// Creates a resolution.
    public init(type: UniformType, confidence: ResolutionConfidence, evidence: [ResolutionEvidence], conflict: ResolutionConflict? = nil, nameWasAmbiguous: Bool = false, size: Int64 = 0) {
        self.type = type
        self.confidence = confidence
        self.evidence = evidence
        self.conflict = conflict
        self.nameWasAmbiguous = nameWasAmbiguous
        self.size = size
    }

    /// The resolved identifier.
    public var identifier: TypeIdentifier { type.identifier }
    /// The resolved type's preferred MIME type; for a type without one, that of its nearest
    /// supertype that has one (`public.bash-script` → `application/x-shellscript`), else
    /// `application/octet-stream`.
    public var mimeType: String {
        if let mime = type.preferredMIMEType { return mime }
        for supertype in type.supertypes { if let mime = supertype.preferredMIMEType { return mime } }
        return "application/octet-stream"
    }
    /// The resolved type's description.
    public var typeDescription: String { type.localizedDescription }
    /// Whether a claim and the content disagreed.
    public var isMismatch: Bool { conflict != nil }
}
