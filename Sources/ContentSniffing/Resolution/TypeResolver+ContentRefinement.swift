import UniformTypes

/// The content steps after the built-in signatures: XML root elements, magic rules and libmagic.
extension TypeResolver {
    var libmagic: MagicSniffer? { magic ?? (loadsLibmagicOnDemand ? MagicSniffer.shared : nil) }

    /// libmagic is consulted when the signatures leave the answer open: binary content with no
    /// claim or an ambiguous one, or a claim of a binary format that nothing confirmed.
    func needsLibmagic(claim: Claim?, content: ContentAnswer?, mode: ResolutionOptions.Mode) -> Bool {
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
    func consider(libmagic mime: String, claim: Claim?, content: inout ContentAnswer?, evidence: inout [ResolutionEvidence]) {
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
    func refineContent(
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
    func applyMagicRules(
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
    func refineXML(_ content: inout ContentAnswer?, prefix: UnsafeRawBufferPointer, evidence: inout [ResolutionEvidence]) {
        guard let current = content, current.type == known.xml else { return }
        guard let root = XMLRootElement.read(prefix), let identifier = XMLRootElementTable.identifier(for: root), let type = graph[TypeIdentifier(identifier)] else { return }
        content = ContentAnswer(type: type, strength: .strong)
        let namespace = root.namespace.isEmpty ? "" : " in \(root.namespace)"
        evidence.append(.init(source: .signature, identifier: type.identifier, detail: "XML root element <\(root.localName)>\(namespace)"))
    }
}
