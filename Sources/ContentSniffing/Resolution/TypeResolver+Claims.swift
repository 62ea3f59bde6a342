import UniformTypes

/// What a file's name, a declared MIME type or its extended attribute claims it is.
extension TypeResolver {
    // MARK: - Claims

    struct Claim {
        var type: UniformType
        var source: ResolutionEvidence.Source
        var ambiguous: Bool
        /// Other types an ambiguous name ties with ``type`` (empty for a declared type or an
        /// attribute, which name exactly one).
        var rivals: [UniformType] = []
        /// Every type the claim names, ``type`` first: never empty.
        var tied: [UniformType] { [type] + rivals }
        /// For a compound extension (`*.pcf.gz`), the type of its last extension alone (gzip).
        var compoundTail: UniformType? = nil
        /// Whether the claimed format (or a format it is a kind of) has magic rules and the
        /// bytes match none of them: set only when the content is text and the claim is not.
        var lacksItsMagic = false
        /// The mark every file of the claimed text format carries, when the text lacks it
        /// (see ``FormatMark``): the name is refuted, and the text is told as if it had none.
        var lacksItsMark: FormatMark? = nil
        /// The file name the claim comes from (`nil` for a declared type or an attribute).
        var name: String? = nil
    }

    struct ContentAnswer {
        var type: UniformType
        var strength: SignatureStrength
        var fromLibmagic = false
        /// The answer is a magic rule's (shared-mime-info's or Tika's), not a built-in signature's.
        var fromMagicRules = false
        /// The content is a container read whole that names no document (``SignatureMatch/listsEveryPart``).
        var listsEveryPart = false
        /// The answer is the text classifier's statistical guess, not a structure or a signature.
        var isStatistical = false
        /// The text classifier looked at this text and was not sure enough to name its kind.
        var classifierUnsure = false
        /// The text classifier read this text and was not sure, and its likeliest kind was plain
        /// text (no language it knows): ``TextClassification/likeliest``.
        var classifierLeansPlain = false
        /// Another source language's own directives refute the name's language (see
        /// ``SourceLanguageShape``): the content wins over the name's text reading.
        var refutesTextName = false
        /// The content is a `#!` line naming a language's interpreter (``SignatureMatch/namesInterpreter``).
        var namesInterpreter = false

        /// Where the answer came from, as a conflict it wins names it: libmagic, a magic rule,
        /// or else the built-in signatures.
        var source: ResolutionEvidence.Source { fromLibmagic ? .libmagic : fromMagicRules ? .magicRules : .signature }
    }

    /// The claim on the regular file at `path`: a declared type, its `user.mime_type` attribute
    /// (read by `storedMIMEType`, from the path unless told otherwise), or its name. `hasBytes`:
    /// the file reports a size above 0.
    ///
    /// A declared type or an attribute that no regular file can be — a folder, a link, a device
    /// (`inode/directory`: types outside `public.data`), or the empty type for a file with bytes
    /// — is ignored, with the reason as evidence, and the name claims instead.
    func claim(
        path: String, hasBytes: Bool, options: ResolutionOptions, evidence: inout [ResolutionEvidence],
        storedMIMEType: (() -> String?)? = nil
    ) -> Claim? {
        var declared = options.declaredMIMEType
        if declared == nil, options.readsExtendedAttribute, options.mode != .contentOnly,
            let stored = storedMIMEType.map({ $0() }) ?? FileSystemItem.storedMIMEType(path: path)
        {
            if let type = graph.type(mimeType: stored), type.isDeclared {
                let detail = "user.mime_type=\(stored)"
                if let why = unfitness(of: type, hasBytes: hasBytes) {
                    evidence.append(.init(source: .xattr, identifier: type.identifier, detail: "\(detail), \(why): ignored", agrees: false))
                } else {
                    evidence.append(.init(source: .xattr, identifier: type.identifier, detail: detail))
                    return Claim(type: type, source: .xattr, ambiguous: false)
                }
            }
        }
        if options.mode == .contentOnly { declared = nil }
        return claim(name: options.mode == .contentOnly ? nil : path, declared: declared, hasBytes: hasBytes, evidence: &evidence)
    }

    /// The claim of a name and a declared MIME type (which comes first), for something regular
    /// that has bytes when `hasBytes`; see ``claim(path:hasBytes:options:evidence:storedMIMEType:)``.
    func claim(name: String?, declared: String?, hasBytes: Bool, evidence: inout [ResolutionEvidence]) -> Claim? {
        if let declared, let type = graph.type(mimeType: declared) {
            if let why = unfitness(of: type, hasBytes: hasBytes) {
                evidence.append(.init(source: .declared, identifier: type.identifier, detail: "\(declared), \(why): ignored", agrees: false))
            } else {
                evidence.append(.init(source: .declared, identifier: type.identifier, detail: declared))
                return Claim(type: type, source: .declared, ambiguous: false)
            }
        }
        guard let name else { return nil }
        var match = graph.match(filename: name)
        if let stem = Self.templateStem(of: name), match.type == nil || match.pattern == "*.in" {
            // A configure template (`init.tcl.in`, `config.h.in`) is a file of its stem's type
            // with placeholders in it: the stem's name says more than the registries' `*.in`.
            let inner = graph.match(filename: String(stem))
            if inner.type != nil { match = inner }
        }
        guard let first = match.type else { return nil }
        // What is resolved here has bytes: a name's folder types (bundles, packages, such as
        // the file-system plug-in that `*.fs` names) do not describe it.
        let named = ([first] + match.tiedTypes).filter { !$0.conforms(to: known.folder) }
        guard let type = named.first else { return nil }
        let rivals = Array(named.dropFirst())
        let ambiguous = !rivals.isEmpty
        evidence.append(.init(source: .name, identifier: type.identifier, detail: match.pattern + (ambiguous ? " (ambiguous)" : "")))
        for other in rivals {
            evidence.append(.init(source: .name, identifier: other.identifier, detail: match.pattern + " (ambiguous)", agrees: false))
        }
        var tail: UniformType?
        if match.kind == .extension, match.pattern.dropFirst(2).contains("."), let last = match.pattern.split(separator: ".").last {
            tail = graph.types(filenameExtension: String(last)).first
        }
        return Claim(type: type, source: .name, ambiguous: ambiguous, rivals: rivals, compoundTail: tail, name: name)
    }

    /// Why an explicit claim (a declared type, an attribute) cannot describe a regular file —
    /// a kind of file-system object (folder, link, device, socket: outside `public.data`), or
    /// the empty type for one with bytes — or `nil` when it can.
    private func unfitness(of type: UniformType, hasBytes: Bool) -> String? {
        if !type.conforms(to: known.data) { return "which names no regular file" }
        if hasBytes && type == known.empty { return "which names an empty file, and this one has bytes" }
        return nil
    }

    /// The name a configure template (`NAME.EXT.in`) is made into, `NAME.EXT`; `nil` for any
    /// other name. The stem must have an extension of its own (`Makefile.in` is left to the
    /// registries' own patterns).
    static func templateStem(of name: String) -> Substring? {
        let base = name.utf8.lastIndex(of: UInt8(ascii: "/")).map { name[name.utf8.index(after: $0)...] } ?? name[...]
        guard base.hasSuffix(".in") else { return nil }
        let stem = base.dropLast(3)
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex, stem.index(after: dot) != stem.endIndex else { return nil }
        return stem
    }

    /// The text format a name's extension also means, at a lighter glob weight than the binary
    /// formats it names first (`*.mts` is an MPEG transport stream at weight 50 and TypeScript
    /// at 40). Asked only when the content is text and the heavier formats are refuted by it:
    /// the lighter reading is then the extension's only one left. Only an extension's glob
    /// counts: a pattern on the rest of the name (`readme*` for `readme.mod`) is not what the
    /// extension means, so the refuted format stays a conflict. `nil` when there is none.
    func lighterTextReading(of claim: Claim) -> FilenameCandidate? {
        guard claim.source == .name, let name = claim.name else { return nil }
        let tied = claim.tied
        return graph.candidates(filename: name).first { candidate in
            candidate.pattern.hasPrefix("*.") && isTextual(candidate.type) && !tied.contains(candidate.type)
                && !candidate.type.conforms(to: known.folder)
        }
    }

    /// The name's type beside the resolved one (``Resolution/nameType``): the dynamic type of
    /// the file name's last extension when no declared type owns it (`dyn.ext.kdbx` for
    /// `vault.kdbx`). `nil` for a name without an extension (`Makefile`, `.profile`), for an
    /// extension a declared type owns, when the name is not consulted, and for what has no
    /// content of its own (folders, links, devices: types outside `public.data`).
    func nameType(of name: String?, resolved: UniformType, options: ResolutionOptions) -> UniformType? {
        guard let name, options.mode != .contentOnly, resolved.conforms(to: known.data) else { return nil }
        let bytes = name.utf8
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[start...].lastIndex(of: UInt8(ascii: ".")), dot != start else { return nil }
        let tail = bytes.index(after: dot)
        guard tail != bytes.endIndex, let type = graph.type(filenameExtension: String(name[tail...])), type.isDynamic else { return nil }
        return type
    }

    /// Marks a claim of a binary format that the bytes do not bear out: the content reads as
    /// text, and the claimed type — or a type it conforms to, short of the generic roots — has
    /// magic rules, none of which matches the prefix. Such a name must not beat text content
    /// (`notes.it` in plain English is not Impulse Tracker audio).
    func noteMissingMagic(_ claim: inout Claim?, content: ContentAnswer?, prefix: UnsafeRawBufferPointer) {
        guard var current = claim, let content, content.strength == .weak, isTextual(content.type), !isTextual(current.type) else { return }
        let rules = MagicRuleSet.freedesktop
        var bearers = 0
        for type in [current.type] + current.type.supertypes where !known.isGenericRoot(type) {
            guard typesWithMagicRules.contains(type.identifier.folded) else { continue }
            bearers += 1
            if rules.matches(type.identifier, in: prefix) { return }
        }
        current.lacksItsMagic = bearers > 0
        claim = current
    }

    /// Marks an unambiguous text format's claim whose mark (``FormatMark``: vCard's
    /// `BEGIN:VCARD`, a troff request line) the text does not carry, and says so in the evidence: only for text
    /// the text classifier may still tell (``isOpenText(_:)``).
    func noteMissingMark(
        _ claim: inout Claim?, content: ContentAnswer?, prefix: UnsafeRawBufferPointer, evidence: inout [ResolutionEvidence]
    ) {
        guard var current = claim, !current.ambiguous, isTextual(current.type), let content, isOpenText(content),
            let mark = known.formatMark(of: current.type), !mark.isCarried(by: prefix)
        else { return }
        evidence.append(.init(source: .textContent, identifier: content.type.identifier, detail: mark.refutation(of: current.type.identifier)))
        current.lacksItsMark = mark
        claim = current
    }
}

/// The folded identifiers of every type the magic rules can answer with, built once.
private let typesWithMagicRules: Set<String> = Set(MagicRuleSet.freedesktop.recognizedTypes.map(\.folded))
