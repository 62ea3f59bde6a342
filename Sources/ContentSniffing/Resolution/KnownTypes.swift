import UniformTypes

/// Types the resolver refers to by name, looked up once.
struct KnownTypes: Sendable {
    let item: UniformType
    let data: UniformType
    let text: UniformType
    let plainText: UniformType
    /// CSV and TSV (`public.delimited-values-text`): kinds of plain text the sniffer places by
    /// the shape of their records.
    let delimitedText: UniformType
    let xml: UniformType
    /// `public.html`: markup that opens with a tag, whatever tags its text may mention later.
    let html: UniformType
    /// JSON and newline-delimited JSON: text whose grammar the sniffer checks to the end of
    /// what it reads, so it is JSON by structure, not by resemblance.
    let json: UniformType
    let ndjson: UniformType
    let empty: UniformType
    let symlink: UniformType
    /// Folders, bundles and packages: types of things without bytes of their own.
    let folder: UniformType
    let executable: UniformType
    let script: UniformType
    /// `public.source-code`: the languages whose names only another language's directives refute.
    let sourceCode: UniformType
    let desktopEntry: UniformType?
    /// The text formats every file of which carries a mark (``FormatMark``), with the mark.
    private let formatMarks: [(type: UniformType, mark: FormatMark)]
    /// Binary types the built-in signatures recognise: a file named as one of them whose bytes
    /// are text is not one of them.
    private let signatureVerified: LazyTypeFlags
    /// Container documents known by their parts (``KnownType/knownByParts``).
    private let partVerified: LazyTypeFlags
    /// Formats with a definite signature (``KnownType/definiteSignatures``).
    private let definitelySigned: LazyTypeFlags
    /// Binary formats nothing can confirm (``KnownType/binaryBySpecification``).
    private let specifiedBinary: LazyTypeFlags
    /// Types some magic rule's type is a proper subtype of: the only strong answers the magic
    /// rules can refine.
    private let magicRefinable: MagicRefinableTypes

    init(_ graph: TypeGraph) {
        item = graph.identity(.item)
        data = graph.identity(.data)
        text = graph.identity(.text)
        plainText = graph.identity(.plainText)
        delimitedText = graph.identity("public.delimited-values-text")
        xml = graph.identity(.xml)
        html = graph.identity(KnownType.html)
        json = graph.identity(KnownType.json)
        ndjson = graph.identity(KnownType.ndjson)
        empty = graph.type(mimeType: "application/x-zerosize") ?? graph.identity(.data)
        symlink = graph.identity(.symbolicLink)
        folder = graph.identity("public.directory")
        executable = graph.identity(.executable)
        script = graph.identity(.script)
        sourceCode = graph.identity("public.source-code")
        desktopEntry = graph.types(mimeType: "application/x-desktop").first
        formatMarks = FormatMark.all.compactMap { mark in graph.types(mimeType: mark.mimeType).first.map { ($0, mark) } }
        signatureVerified = LazyTypeFlags(graph, Self.signatureVerifiedFlags)
        partVerified = LazyTypeFlags(graph) { Self.flags(KnownType.knownByParts, in: $0) }
        definitelySigned = LazyTypeFlags(graph) { Self.flags(KnownType.definiteSignatures, in: $0) }
        specifiedBinary = LazyTypeFlags(graph) { Self.flags(KnownType.binaryBySpecification, in: $0) }
        magicRefinable = MagicRefinableTypes(graph)
    }

    /// The mark every file of `type` carries, when `type` is (or is a kind of) a format that
    /// has one.
    func formatMark(of type: UniformType) -> FormatMark? {
        formatMarks.first { type.conforms(to: $0.type) }?.mark
    }

    /// Whether some magic rule names a proper subtype of `type`, so that the rules could refine
    /// a strong answer of `type`.
    func isMagicRefinable(_ type: UniformType) -> Bool {
        magicRefinable.contains(type)
    }

    /// The ranks of the rules in `rules` that could refine a strong answer of `type` (see
    /// ``MagicRefinableTypes/refiningRanks(of:in:)``).
    func magicRefiningRanks(of type: UniformType, in rules: MagicRuleSet) -> [Int32]? {
        magicRefinable.refiningRanks(of: type, in: rules)
    }

    /// The ranks of the rules in `rules` that could change a weak text answer of `type`, under
    /// a name of `claim` that agrees with it or under no name (see
    /// ``MagicRefinableTypes/textChangingRanks(of:text:desktopEntry:hasName:nameIsPlainText:nameIsDesktopEntry:in:)``).
    func magicTextChangingRanks(of type: UniformType, claim: UniformType?, in rules: MagicRuleSet) -> [Int32]? {
        let nameIsDesktopEntry = claim.map { claim in desktopEntry.map { claim.conforms(to: $0) } ?? false } ?? false
        return magicRefinable.textChangingRanks(
            of: type, text: text, desktopEntry: desktopEntry, hasName: claim != nil, nameIsPlainText: claim == plainText,
            nameIsDesktopEntry: nameIsDesktopEntry, in: rules)
    }

    /// One flag per type of `graph`, by ordinal, set for the binary types a built-in signature
    /// names: only families whose signatures are structural (not text formats such as PEM).
    private static func signatureVerifiedFlags(_ graph: TypeGraph) -> [Bool] {
        let text = graph.identity(.text)
        let data = graph.identity(.data)
        let families = [TypeIdentifier.image, .audiovisualContent, .archive, .pdf, .executable, .font, .compositeContent]
            .map { graph.identity($0) }
        var verified = [Bool](repeating: false, count: graph.count)
        for identifier in KnownType.listed {
            let type = graph.identity(identifier)
            if let ordinal = type.ordinal, type != data, !type.conforms(to: text), families.contains(where: { type.conforms(to: $0) }) {
                verified[ordinal] = true
            }
        }
        return verified
    }

    /// One flag per type of `graph`, by ordinal, set for the types `identifiers` name.
    private static func flags(_ identifiers: [TypeIdentifier], in graph: TypeGraph) -> [Bool] {
        var flags = [Bool](repeating: false, count: graph.count)
        for identifier in identifiers {
            if let ordinal = graph.identity(identifier).ordinal { flags[ordinal] = true }
        }
        return flags
    }

    /// Whether `type` is one of the roots every file type conforms to (item, data, content,
    /// composite content), which say nothing about a format.
    func isGenericRoot(_ type: UniformType) -> Bool {
        type == item || type == data || type.identifier == .content || type.identifier == .compositeContent
    }

    /// Whether `type` is a document in a container that its format requires to hold telling
    /// parts, so a container without them is not one.
    func isKnownByParts(_ type: UniformType) -> Bool {
        partVerified.contains(type)
    }

    /// Whether `type` is one of the binary formats by their specifications that nothing can
    /// confirm (``KnownType/binaryBySpecification``).
    func isBinaryBySpecification(_ type: UniformType) -> Bool {
        specifiedBinary.contains(type)
    }

    /// Whether every file of `type` carries a mark the built-in signatures always recognise, so
    /// bytes that nothing placed are not of that type.
    func hasDefiniteSignature(_ type: UniformType) -> Bool {
        definitelySigned.contains(type)
    }

    /// Whether a built-in signature recognises `type`, a binary format.
    func isSignatureVerified(_ type: UniformType) -> Bool {
        signatureVerified.contains(type)
    }
}

