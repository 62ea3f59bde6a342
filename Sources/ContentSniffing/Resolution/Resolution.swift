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
    /// The size of the file in bytes (0 for anything but regular files). A file of a kernel
    /// pseudo-file system (`/proc` …), which reports 0, has the size its first read gave:
    /// all of it up to 4 KiB, else 4 KiB and one byte.
    public var size: Int64
    /// The dynamic type of the name's extension when no declared type owns that extension
    /// (`dyn.ext.kdbx` for `vault.kdbx`), kept beside ``type`` whatever the content says: the
    /// type Launch Services gives such a file, which apps claim by extension
    /// (`CFBundleTypeExtensions`). Handler matching matches claims on both.
    ///
    /// `nil` when the name has no extension, when a declared type owns the last extension, and
    /// when the name was not consulted (content only). `part.scad` is `public.plain-text` by its
    /// content with `dyn.ext.scad` here, for as long as no declared type owns `scad`.
    public var nameType: UniformType?

    /// Creates a resolution.
    public init(
        type: UniformType, confidence: ResolutionConfidence, evidence: [ResolutionEvidence], conflict: ResolutionConflict? = nil,
        nameWasAmbiguous: Bool = false, size: Int64 = 0, nameType: UniformType? = nil
    ) {
        self.type = type
        self.confidence = confidence
        self.evidence = evidence
        self.conflict = conflict
        self.nameWasAmbiguous = nameWasAmbiguous
        self.size = size
        self.nameType = nameType
    }

    /// The resolved identifier.
    public var identifier: TypeIdentifier { type.identifier }
    /// The resolved type's preferred MIME type, bare (`type/subtype`, no parameters); for a type
    /// without one, that of its nearest supertype that has one (`public.bash-script` →
    /// `application/x-shellscript`), else `application/octet-stream`.
    ///
    /// Policy: a MIME type is bare wherever one is expected: UTF-8 text, whose declared tag is
    /// `text/plain;charset=utf-8`, is `text/plain`, with the charset in ``charset``.
    public var mimeType: String { String(MIMEEssence.essence(of: taggedMIMEType)) }
    /// The `charset` parameter of the preferred MIME type's tag, unquoted (`utf-8` for UTF-8
    /// text), or `nil` when the tag has none.
    public var charset: String? {
        let tag = taggedMIMEType
        for parameter in tag.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "charset" else { continue }
            let value = pair[1].trimmingSpaces.filter { $0 != "\"" }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }
    /// The preferred MIME type's tag as declared, parameters included.
    private var taggedMIMEType: String {
        if let mime = type.preferredMIMEType { return mime }
        for supertype in type.supertypes { if let mime = supertype.preferredMIMEType { return mime } }
        return "application/octet-stream"
    }
    /// The resolved type's description.
    public var typeDescription: String { type.localizedDescription }
    /// Whether a claim and the content disagreed.
    public var isMismatch: Bool { conflict != nil }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
