public import UniformTypes

/// Resolves a file — its name, its bytes, its extended attribute, a declared MIME type — to one
/// type, with the evidence and any conflict.
///
/// Order (shared-mime-info's recommended order with GLib's refinements):
/// 1. **File-system kind**: directories, symbolic links (when not followed), FIFOs, sockets and
///    devices get their own types; an empty regular file is `application/x-zerosize`. FIFOs and
///    devices are never opened.
/// 2. **Explicit type**: a MIME type the caller declared, else the `user.mime_type` extended
///    attribute. It is the claim the content is checked against, as a name would be.
/// 3. **Name**: literal names before globs, the longest compound extension, glob weights,
///    case-insensitive unless a pattern says otherwise (``TypeGraph/match(filename:)``).
/// 4. **Content**: the built-in ``SignatureSniffer`` on a bounded prefix (and, for containers,
///    a bounded directory read); generic XML refined by its root element; shared-mime-info's
///    magic rules (``MagicRuleSet``) when the signatures found nothing or only a weak hint, or to
///    settle an ambiguous name; then libmagic, only for binary data nothing else placed.
/// 5. **Combination**:
///    - a claim equal to or a subtype of the content's answer is kept (`.dotx` over OOXML
///      word, `.svg` over XML), with both as evidence;
///    - content that refines the claim wins (a `.zip` that is a `.jar`), except that content
///      never promotes a file to an executable or script type that the claim did not name;
///    - two text readings (a `.pl` that looks like XHTML) keep the name; text content does not
///      contradict a text format that is not declared as text (AFM, XPM), but does contradict a
///      binary format the signatures know (a text file named `.png` is text, flagged);
///    - a compound extension explains its compression (`font.pcf.gz` is a PCF font, not gzip);
///    - a *strong* signature — or a magic rule or libmagic answer naming an unrelated binary
///      format for an unconfirmed binary name — that contradicts the claim wins and the result
///      carries a ``ResolutionConflict`` (a `.pdf` that is an ELF executable is an ELF executable);
///    - a *weak* content heuristic that contradicts the claim loses, and the conflict is
///      recorded with low confidence;
///    - an ambiguous name is settled by content that agrees with one of the tied types.
/// 6. **Fallbacks**: text → `public.plain-text`, anything else → `public.data`.
///
/// A resolver is `Sendable`; use one from many threads.
public struct TypeResolver: Sendable {
    /// The graph answers are given in.
    public let graph: TypeGraph
    /// The built-in signature sniffer.
    public let sniffer: SignatureSniffer
    /// libmagic, when given; otherwise ``MagicSniffer/shared`` is loaded on demand if
    /// ``loadsLibmagicOnDemand``.
    public let magic: MagicSniffer?
    /// Whether to load the shared libmagic sniffer the first time it is needed.
    public let loadsLibmagicOnDemand: Bool

    let known: KnownTypes

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - graph: the type graph (the system catalog, or one with app-declared types added).
    ///   - sniffer: the signature sniffer.
    ///   - magic: a libmagic sniffer to use; `nil` for the shared one, loaded on demand.
    ///   - loadsLibmagicOnDemand: `false` to never load libmagic when `magic` is `nil`.
    public init(
        graph: TypeGraph = SystemTypeCatalog.graph, sniffer: SignatureSniffer = SignatureSniffer(), magic: MagicSniffer? = nil,
        loadsLibmagicOnDemand: Bool = true
    ) {
        self.graph = graph
        self.sniffer = sniffer
        self.magic = magic
        self.loadsLibmagicOnDemand = loadsLibmagicOnDemand
        self.known = KnownTypes(graph)
    }

    /// Resolves the file at `path`.
    ///
    /// - Throws: ``SniffingError`` only when the path cannot be looked up at all (it does not
    ///   exist, a parent folder is not searchable, the name is too long). An unreadable file is
    ///   resolved by its name, with the read failure as evidence.
    public func resolve(path: String, options: ResolutionOptions = .default) throws(SniffingError) -> Resolution {
        let item = try FileSystemItem(path: path, followingSymlinks: options.followsSymlinks)
        var evidence: [ResolutionEvidence] = []
        if item.kind != .regular {
            let type = graph.type(mimeType: item.kind.inodeMIMEType!) ?? known.item
            evidence.append(.init(source: .fileSystem, identifier: type.identifier, detail: item.kind.rawValue))
            return Resolution(type: type, confidence: .certain, evidence: evidence, size: 0)
        }
        if item.isSymlink {
            evidence.append(.init(source: .fileSystem, identifier: known.symlink.identifier, detail: "symbolic link, followed", agrees: false))
        }

        let claim = self.claim(path: path, options: options, evidence: &evidence)
        if item.size == 0 {
            evidence.append(.init(source: .fileSystem, identifier: known.empty.identifier, detail: "empty file"))
            // An empty file named like a type is still that (empty) type; without a name it is the empty type.
            if let claim, options.mode != .contentOnly {
                return Resolution(type: claim.type, confidence: .medium, evidence: evidence, nameWasAmbiguous: claim.ambiguous, size: 0)
            }
            return Resolution(type: known.empty, confidence: .certain, evidence: evidence, size: 0)
        }
        if options.mode == .nameOnly {
            guard let claim else {
                evidence.append(.init(source: .fallback, identifier: known.data.identifier, detail: "no name pattern matched"))
                return Resolution(type: known.data, confidence: .low, evidence: evidence, size: item.size)
            }
            return Resolution(
                type: claim.type, confidence: claim.ambiguous ? .low : .medium, evidence: evidence,
                nameWasAmbiguous: claim.ambiguous, size: item.size)
        }

        // Content.
        var content: ContentAnswer?
        let source: PrefixCachedSource
        do {
            source = try PrefixCachedSource(FileByteSource(path: path, followingSymlinks: options.followsSymlinks), prefixLength: Self.prefixLength)
            if let match = try sniffer.sniff(source) {
                content = ContentAnswer(type: graph.identity(match.identifier), strength: match.strength)
                evidence.append(.init(source: .signature, identifier: match.identifier, detail: match.detail))
            }
        } catch {
            evidence.append(.init(source: .fallback, identifier: (claim?.type ?? known.data).identifier, detail: "content unreadable: \(error.reason)"))
            let type = claim?.type ?? known.data
            return Resolution(type: type, confidence: claim == nil ? .low : .medium, evidence: evidence, nameWasAmbiguous: claim?.ambiguous ?? false, size: item.size)
        }
        source.prefix.withUnsafeBytes { prefix in
            refineContent(&content, claim: claim, prefix: prefix, options: options, evidence: &evidence) { magic in
                // libmagic reads up to its own limit (64 KiB): some of its rules look past 4 KiB.
                try? magic.mimeType(atPath: path)
            }
        }
        return combine(claim: claim, content: content, evidence: evidence, size: item.size)
    }

    /// Resolves bytes held in memory, with an optional name: the same rules as for a file,
    /// without file-system kinds, extended attributes or libmagic's file reading.
    public func resolve(bytes: [UInt8], name: String?, options: ResolutionOptions = .default) -> Resolution {
        var evidence: [ResolutionEvidence] = []
        let claim = self.claim(name: options.mode == .contentOnly ? nil : name, declared: options.declaredMIMEType, evidence: &evidence)
        if bytes.isEmpty {
            evidence.append(.init(source: .fileSystem, identifier: known.empty.identifier, detail: "empty"))
            return Resolution(type: claim?.type ?? known.empty, confidence: claim == nil ? .certain : .medium, evidence: evidence)
        }
        if options.mode == .nameOnly {
            return Resolution(type: claim?.type ?? known.data, confidence: claim == nil ? .low : .medium, evidence: evidence, nameWasAmbiguous: claim?.ambiguous ?? false)
        }
        var content: ContentAnswer?
        if let match = try? sniffer.sniff(MemoryByteSource(bytes)) {
            content = ContentAnswer(type: graph.identity(match.identifier), strength: match.strength)
            evidence.append(.init(source: .signature, identifier: match.identifier, detail: match.detail))
        }
        bytes.withUnsafeBytes { all in
            let prefix = UnsafeRawBufferPointer(rebasing: all.prefix(Self.prefixLength))
            refineContent(&content, claim: claim, prefix: prefix, options: options, evidence: &evidence) { magic in
                magic.mimeType(of: all)
            }
        }
        return combine(claim: claim, content: content, evidence: evidence, size: Int64(bytes.count))
    }

    private var libmagic: MagicSniffer? { magic ?? (loadsLibmagicOnDemand ? MagicSniffer.shared : nil) }

    /// libmagic is consulted when the signatures leave the answer open: binary content with no
    /// claim or an ambiguous one, or a claim of a binary format that nothing confirmed.
    private func needsLibmagic(claim: Claim?, content: ContentAnswer?, mode: ResolutionOptions.Mode) -> Bool {
        if let content, content.strength == .strong { return false }
        guard let claim, !claim.ambiguous else {
            // Text the signatures and magic rules did not place stays text, except when asked for
            // content alone: libmagic's guesses at text cost 200 µs a file.
            return mode == .contentOnly || content.map { !isTextual($0.type) } ?? true
        }
        return content == nil && !isTextual(claim.type)
    }

    /// Weighs libmagic's answer: an unknown or generic answer is ignored; a specific binary
    /// answer for a file whose binary name the signatures did not confirm counts as strong
    /// content evidence (a renamed file); otherwise it fills in for missing content evidence.
    private func consider(libmagic mime: String, claim: Claim?, content: inout ContentAnswer?, evidence: inout [ResolutionEvidence]) {
        guard let type = graph.type(mimeType: mime), type != known.data, type.isDeclared || claim == nil else { return }
        evidence.append(.init(source: .libmagic, identifier: type.identifier, detail: mime))
        if let claim, !claim.ambiguous, content == nil, !isTextual(claim.type), !isTextual(type) {
            content = ContentAnswer(type: type, strength: .strong, fromLibmagic: true)
        } else if content == nil || type.conforms(to: content!.type) {
            content = ContentAnswer(type: type, strength: .weak, fromLibmagic: true)
        }
    }

    /// The bytes every content step after the signatures looks at: the first 4 KiB, as GLib
    /// reads (the few magic rules that look deeper are for formats the signatures cover).
    static let prefixLength = 4096

    /// The content steps after the signatures, on one shared prefix: XML root elements, magic
    /// rules, then libmagic (asked through `askLibmagic`) when still needed.
    private func refineContent(
        _ content: inout ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, options: ResolutionOptions,
        evidence: inout [ResolutionEvidence], askLibmagic: (MagicSniffer) -> String?
    ) {
        guard !prefix.isEmpty else { return }
        refineXML(&content, prefix: prefix, evidence: &evidence)
        applyMagicRules(&content, claim: claim, prefix: prefix, evidence: &evidence)
        if options.usesLibmagic, needsLibmagic(claim: claim, content: content, mode: options.mode), let magic = libmagic,
            let mime = askLibmagic(magic)
        {
            consider(libmagic: mime, claim: claim, content: &content, evidence: &evidence)
        }
    }

    /// shared-mime-info's magic rules, consulted when the built-in signatures found nothing or
    /// only a weak hint: an ambiguous name is settled by the tied type whose magic matches;
    /// otherwise the best rule (priority 40 or more) becomes content evidence — strong from
    /// priority 80, the spec's threshold for overruling a name. A rule never makes a file a
    /// desktop launcher on its own.
    private func applyMagicRules(
        _ content: inout ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, evidence: inout [ResolutionEvidence]
    ) {
        // Generic XML may still be refined by a rule (GtkBuilder's `<interface`).
        let refinesGenericXML = content.map { $0.strength == .strong && $0.type == known.xml } ?? false
        if let current = content, current.strength == .strong, !refinesGenericXML {
            // Strong content that is (or refines) one of an ambiguous name's types decides alone;
            // content more general than all of them (XML for two XML formats) does not.
            guard let claim, claim.ambiguous, !claim.tied.contains(where: { current.type.conforms(to: $0) }) else { return }
        }
        let rules = MagicRuleSet.freedesktop
        let bytes = UnsafeRawBufferPointer(rebasing: prefix.prefix(rules.maximumOffset))
        if let claim, claim.ambiguous {
            for tied in claim.tied where rules.matches(tied.identifier, in: bytes) {
                content = ContentAnswer(type: tied, strength: .strong)
                evidence.append(.init(source: .magicRules, identifier: tied.identifier, detail: "magic rule of \(tied.preferredMIMEType ?? tied.identifier.rawValue)"))
                return
            }
        }
        if let current = content, current.strength == .strong, !refinesGenericXML { return }
        guard let match = rules.bestMatch(in: bytes), match.priority >= 40, let type = graph[match.identifier] else { return }
        if refinesGenericXML && (type == known.xml || !type.conforms(to: known.xml)) { return }
        if let desktopEntry = known.desktopEntry, type.conforms(to: desktopEntry), claim.map({ !$0.type.conforms(to: desktopEntry) }) ?? true { return }
        if let current = content, !type.conforms(to: current.type), isTextual(current.type) != isTextual(type) { return }
        // A binary name the built-in signatures did not confirm, and a rule that finds an
        // unrelated binary format: a renamed file, as strong as the spec's priority 80.
        let contradictsBinaryName = claim.map {
            !$0.ambiguous && !isTextual($0.type) && !isTextual(type) && !type.conforms(to: $0.type) && !$0.type.conforms(to: type)
        } ?? false
        content = ContentAnswer(type: type, strength: match.priority >= 80 || contradictsBinaryName ? .strong : .weak)
        evidence.append(.init(source: .magicRules, identifier: type.identifier, detail: "\(match.mimeType) magic, priority \(match.priority)"))
    }

    /// Generic XML content is refined by its root element with shared-mime-info's root-XML
    /// rules (`interface` → GtkBuilder …).
    private func refineXML(_ content: inout ContentAnswer?, prefix: UnsafeRawBufferPointer, evidence: inout [ResolutionEvidence]) {
        guard let current = content, current.type == known.xml else { return }
        guard let root = XMLRootElement.read(prefix), let identifier = XMLRootElementTable.identifier(for: root), let type = graph[TypeIdentifier(identifier)] else { return }
        content = ContentAnswer(type: type, strength: .strong)
        let namespace = root.namespace.isEmpty ? "" : " in \(root.namespace)"
        evidence.append(.init(source: .signature, identifier: type.identifier, detail: "XML root element <\(root.localName)>\(namespace)"))
    }

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
    }

    struct ContentAnswer {
        var type: UniformType
        var strength: SignatureStrength
        var fromLibmagic = false
    }

    private func claim(path: String, options: ResolutionOptions, evidence: inout [ResolutionEvidence]) -> Claim? {
        var declared = options.declaredMIMEType
        if declared == nil, options.readsExtendedAttribute, options.mode != .contentOnly, let stored = FileSystemItem.storedMIMEType(path: path) {
            if let type = graph.type(mimeType: stored), type.isDeclared {
                evidence.append(.init(source: .xattr, identifier: type.identifier, detail: "user.mime_type=\(stored)"))
                return Claim(type: type, source: .xattr, ambiguous: false)
            }
        }
        if options.mode == .contentOnly { declared = nil }
        return claim(name: options.mode == .contentOnly ? nil : path, declared: declared, evidence: &evidence)
    }

    private func claim(name: String?, declared: String?, evidence: inout [ResolutionEvidence]) -> Claim? {
        if let declared, let type = graph.type(mimeType: declared) {
            evidence.append(.init(source: .declared, identifier: type.identifier, detail: declared))
            return Claim(type: type, source: .declared, ambiguous: false)
        }
        guard let name else { return nil }
        let match = graph.match(filename: name)
        guard let type = match.type else { return nil }
        evidence.append(.init(source: .name, identifier: type.identifier, detail: match.pattern + (match.isAmbiguous ? " (ambiguous)" : "")))
        for other in match.tiedTypes {
            evidence.append(.init(source: .name, identifier: other.identifier, detail: match.pattern + " (ambiguous)", agrees: false))
        }
        var tail: UniformType?
        if match.kind == .extension, match.pattern.dropFirst(2).contains("."), let last = match.pattern.split(separator: ".").last {
            tail = graph.types(filenameExtension: String(last)).first
        }
        return Claim(type: type, source: .name, ambiguous: match.isAmbiguous, rivals: match.tiedTypes, compoundTail: tail)
    }

    // MARK: - Combination

    func combine(claim: Claim?, content: ContentAnswer?, evidence: [ResolutionEvidence], size: Int64) -> Resolution {
        var evidence = evidence
        func finish(_ type: UniformType, _ confidence: ResolutionConfidence, conflict: ResolutionConflict? = nil) -> Resolution {
            for index in evidence.indices where evidence[index].source != .fileSystem || evidence[index].agrees {
                let pointed = graph.identity(evidence[index].identifier)
                evidence[index].agrees = evidence[index].agrees && (type.conforms(to: pointed) || evidence[index].source == .fallback)
            }
            return Resolution(type: type, confidence: confidence, evidence: evidence, conflict: conflict, nameWasAmbiguous: claim?.ambiguous ?? false, size: size)
        }

        guard let content else {
            if let claim { return finish(claim.type, claim.ambiguous ? .low : .medium) }
            evidence.append(.init(source: .fallback, identifier: known.data.identifier, detail: "binary content, no signature"))
            return finish(known.data, .low)
        }
        guard let claim else {
            return finish(content.type, content.strength == .strong ? .high : .medium)
        }

        // An ambiguous name: keep the tied type the content agrees with.
        var candidates = claim.tied
        if claim.ambiguous {
            let agreeing = claim.tied.filter { $0.conforms(to: content.type) || content.type.conforms(to: $0) }
            if !agreeing.isEmpty { candidates = agreeing }
        }
        let named = candidates[0]

        if named.conforms(to: content.type) {
            // The claim refines the content (or equals it): keep the claim.
            return finish(named, content.strength == .strong && !content.fromLibmagic ? .certain : .high)
        }
        if content.type.conforms(to: named) {
            // The content refines the claim: take it, unless it would promote to something runnable.
            if isRunnable(content.type) && !isRunnable(named) {
                return finish(named, .high)
            }
            return finish(content.type, content.strength == .strong ? .certain : .high)
        }
        if isTextual(content.type) && isTextual(named) {
            // Two text readings (the name says Perl, the content looks like XHTML): text formats
            // are easily confused by their bytes, so the name decides.
            return finish(named, .high)
        }
        if let tail = claim.compoundTail, content.type.conforms(to: tail) || tail.conforms(to: content.type) {
            // A compound extension explains the content: `font.pcf.gz` is a gzip-compressed PCF font.
            return finish(named, .high)
        }
        if content.strength == .weak && isTextual(content.type) && !isTextual(named) {
            if known.isSignatureVerified(named) {
                // The name claims a binary format the signatures know, and the bytes are text.
                let conflict = ResolutionConflict(
                    claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: .signature,
                    reason: "the content is text, without the signature of \(named.identifier)")
                return finish(content.type, .medium, conflict: conflict)
            }
            // Many text formats are not declared as text (AFM, XPM): text content does not contradict them.
            return finish(named, .medium)
        }
        if content.strength == .strong {
            let conflict = ResolutionConflict(
                claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: .signature,
                reason: "\(content.fromLibmagic ? "libmagic's answer" : "a strong signature") contradicts the \(claim.source == .name ? "name" : "declared type")")
            return finish(content.type, .high, conflict: conflict)
        }
        let conflict = ResolutionConflict(
            claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: claim.source,
            reason: "weak content evidence does not overrule the \(claim.source == .name ? "name" : "declared type")")
        return finish(named, .low, conflict: conflict)
    }

    private func isRunnable(_ type: UniformType) -> Bool {
        type.conforms(to: known.executable) || type.conforms(to: known.script)
            || (known.desktopEntry.map { type.conforms(to: $0) } ?? false)
    }

    private func isTextual(_ type: UniformType) -> Bool { type.conforms(to: known.text) }
}

/// Types the resolver refers to by name, looked up once.
struct KnownTypes: Sendable {
    let item: UniformType
    let data: UniformType
    let text: UniformType
    let plainText: UniformType
    let xml: UniformType
    let empty: UniformType
    let symlink: UniformType
    let executable: UniformType
    let script: UniformType
    let desktopEntry: UniformType?
    /// Binary types the built-in signatures recognise, by ordinal: a file named as one of them
    /// whose bytes are text is not one of them.
    private let signatureVerified: [Bool]

    init(_ graph: TypeGraph) {
        item = graph.identity(.item)
        data = graph.identity(.data)
        text = graph.identity(.text)
        plainText = graph.identity(.plainText)
        xml = graph.identity(.xml)
        empty = graph.type(mimeType: "application/x-zerosize") ?? graph.identity(.data)
        symlink = graph.identity(.symbolicLink)
        executable = graph.identity(.executable)
        script = graph.identity(.script)
        desktopEntry = graph.types(mimeType: "application/x-desktop").first
        let text = text
        let data = data
        // Only binary families whose signatures are structural (not text formats such as PEM).
        let families = [TypeIdentifier.image, .audiovisualContent, .archive, .pdf, .executable, .font, .compositeContent]
            .map { graph.identity($0) }
        var verified = [Bool](repeating: false, count: graph.count)
        for identifier in KnownType.listed {
            let type = graph.identity(identifier)
            if let ordinal = type.ordinal, type != data, !type.conforms(to: text), families.contains(where: { type.conforms(to: $0) }) {
                verified[ordinal] = true
            }
        }
        signatureVerified = verified
    }

    /// Whether a built-in signature recognises `type`, a binary format.
    func isSignatureVerified(_ type: UniformType) -> Bool {
        type.ordinal.map { signatureVerified[$0] } ?? false
    }
}
