import UniformTypes

/// The content steps after the built-in signatures: XML root elements, magic rules and libmagic.
extension TypeResolver {
    var libmagic: MagicSniffer? { magic ?? (loadsLibmagicOnDemand ? MagicSniffer.shared : nil) }

    /// libmagic for bytes already known to be text: the given sniffer, else the process-wide
    /// one cut down to the rules that can name text (``MagicSniffer/sharedForText``).
    var libmagicForText: MagicSniffer? { magic ?? (loadsLibmagicOnDemand ? MagicSniffer.sharedForText : nil) }

    /// libmagic is consulted when the signatures leave the answer open: binary content with no
    /// claim or an ambiguous one, text that no name tells and the text classifier could not
    /// place, or a claim of a binary format that nothing confirmed.
    func needsLibmagic(claim: Claim?, content: ContentAnswer?, mode: ResolutionOptions.Mode) -> Bool {
        if let content, content.strength == .strong { return false }
        guard let claim, !claim.ambiguous else {
            // Text the signatures, the magic rules or the text classifier placed stays as placed,
            // except when asked for content alone: libmagic's guesses at text cost 200 µs a file.
            // Text nothing placed is asked about, as content alone would be (a `BSDmakefile`),
            // unless the classifier's likeliest kind for it was plain text: libmagic's text rules
            // look for a language's words, and on such text found one only where the text
            // talked about it (a to-do list about HTML, 1 in 222 of `/usr/share`).
            return mode == .contentOnly
                || content.map { !isTextual($0.type) || (claim == nil && $0.classifierUnsure && !$0.classifierLeansPlain) } ?? true
        }
        // Bytes nothing placed, under any name: a binary name unconfirmed, or a text name over
        // bytes that are not text.
        return content == nil
    }

    /// Weighs libmagic's answer: an unknown or generic answer is ignored; a specific binary
    /// answer for bytes under a name the signatures did not confirm (a binary name, or a text name over bytes that are not text) counts as strong
    /// content evidence (a renamed file); otherwise it fills in for missing content evidence.
    ///
    /// An XML format for bytes that are not text and do not open as XML is ignored: libmagic's
    /// XML rules search what they read for a doctype or a root element, and find them inside
    /// binary files (`<!DOCTYPE svg` among shared-mime-info's compiled magic), while an XML
    /// document opens with `<` in any encoding (``FormatMark``). So is HTML for bytes that do
    /// not open with `<`: its rules search for a tag, which prose about HTML mentions.
    func consider(
        libmagic mime: String, detail: String? = nil, claim: Claim?, prefix: UnsafeRawBufferPointer, content: inout ContentAnswer?,
        evidence: inout [ResolutionEvidence]
    ) {
        guard let type = graph.type(mimeType: mime), type != known.data, type.isDeclared || claim == nil else { return }
        if content == nil, type.conforms(to: known.xml), !Self.opensAsXML(prefix) { return }
        // HTML for text that does not open with markup: libmagic's HTML rules search the text
        // for a tag (`<table`, `<script`), which prose about HTML mentions too.
        if type.conforms(to: known.html), !Self.opensAsXML(prefix) { return }
        evidence.append(.init(source: .libmagic, identifier: type.identifier, detail: detail ?? mime))
        if claim.map({ !$0.ambiguous }) ?? false, content == nil, !isTextual(type) {
            content = ContentAnswer(type: type, strength: .strong, fromLibmagic: true)
        } else if content == nil || type.conforms(to: content!.type) {
            content = ContentAnswer(type: type, strength: .weak, fromLibmagic: true)
        }
    }

    /// Whether `prefix` opens as an XML document does, in any of the encodings XML allows: its
    /// first byte that is neither a byte order mark, blank space nor a NUL (the other half of a
    /// UTF-16 or UTF-32 code unit) is `<`.
    static func opensAsXML(_ prefix: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { index = 3 }
        if prefix.count >= 2, (prefix[0] == 0xFF && prefix[1] == 0xFE) || (prefix[0] == 0xFE && prefix[1] == 0xFF) { index = 2 }
        while index < prefix.count {
            switch prefix[index] {
            case 0x00, 0x09, 0x0A, 0x0D, 0x20: index += 1
            case UInt8(ascii: "<"): return true
            default: return false
            }
        }
        return false
    }

    /// Whether `prefix` opens as text does: with at least 4 bytes of printable ASCII or tabs
    /// (`WEBVTT`, `<!DOCTYPE`, BinHex's `(This file`), where binary formats have a byte outside
    /// it among their first four (zlib's `x\u{01}`, ZIP's `PK\u{03}\u{04}`).
    static func opensAsText(_ prefix: UnsafeRawBufferPointer) -> Bool {
        guard prefix.count >= 4 else { return false }
        return prefix.prefix(4).allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) }
    }

    /// The bytes every content step after the signatures looks at: the first 4 KiB, as GLib
    /// reads. The few magic rules that look deeper are given one more bounded read, when they
    /// could still decide (see ``applyMagicRules(_:claim:prefix:deepSource:evidence:)``).
    static let prefixLength = 4096

    /// How much of a text file libmagic is shown: its text rules search and match regular
    /// expressions over every byte they are given, so text is asked about on its first 2 KiB
    /// only (half the prefix every other step read), never on a second read of the file. Past
    /// that, a rule's hit is more often a stray word than the format (`<script>` in a Vim
    /// script's key notation made it HTML), and every byte costs time.
    static let libmagicTextWindow = 2048

    /// The content steps after the signatures, on one shared prefix: XML root elements, magic
    /// rules (reading further into `deepSource`, the whole file, when a deep rule could still
    /// decide), then libmagic when still needed — about text on the prefix alone
    /// (``libmagicTextWindow``) with the rules that can name text (``libmagicForText``), about
    /// anything else with its whole database through `askLibmagic`, which may read
    /// further (some binary rules look past 4 KiB). Text in which none of those rules that name
    /// a type finds the words it needs (``MagicTextPrefilter``) is libmagic's `text/plain`
    /// without calling it: the same answer, in microseconds instead of hundreds of them.
    func refineContent(
        _ content: inout ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, deepSource: (any ByteSource)? = nil,
        options: ResolutionOptions, evidence: inout [ResolutionEvidence], askLibmagic: (MagicSniffer) -> String?
    ) {
        guard !prefix.isEmpty else { return }
        refineXML(&content, prefix: prefix, evidence: &evidence)
        applyMagicRules(&content, claim: claim, prefix: prefix, deepSource: deepSource, evidence: &evidence)
        guard options.usesLibmagic, needsLibmagic(claim: claim, content: content, mode: options.mode) else { return }
        guard content.map({ isTextual($0.type) }) ?? false else {
            if let mime = libmagic.flatMap(askLibmagic) {
                consider(libmagic: mime, claim: claim, prefix: prefix, content: &content, evidence: &evidence)
            }
            return
        }
        guard let sniffer = libmagicForText else { return }
        let window = UnsafeRawBufferPointer(rebasing: prefix.prefix(Self.libmagicTextWindow))
        if let prefilter = sniffer.textPrefilter, !prefilter.mayName(window) {
            // No rule that names a type can match: libmagic would say `text/plain`.
            consider(
                libmagic: "text/plain", detail: "text/plain: no rule of its that names a type finds the words it needs", claim: claim,
                prefix: prefix, content: &content, evidence: &evidence)
        } else if let mime = sniffer.mimeType(of: window) {
            consider(libmagic: mime, claim: claim, prefix: prefix, content: &content, evidence: &evidence)
        }
    }

    /// The magic rules of shared-mime-info and Tika, consulted when the built-in signatures
    /// found nothing or only a weak hint, to refine a strong answer, or to settle an ambiguous
    /// name. The policy:
    ///
    /// - an ambiguous name is settled by the tied type whose magic matches, unless strong content
    ///   already is (or refines) one of the tied types;
    /// - strong content is only ever refined: a rule whose type is a strict subtype of it wins,
    ///   strongly (a specific format inside a generic container, GtkBuilder's `<interface` in
    ///   generic XML); any other rule is ignored;
    /// - an unambiguous name whose own magic matches is confirmed by it (strongly) when the best
    ///   rule is another type's below priority 80;
    /// - otherwise the best rule (priority 40 or more) becomes content evidence — strong from
    ///   priority 80, the spec's threshold for overruling a name, or when it names a binary
    ///   format unrelated to an unconfirmed binary name, or any binary format for bytes that are
    ///   not text under a text format's name (a renamed file);
    /// - a rule naming a format with a definite signature (``KnownType/definiteSignatures``) is
    ///   refuted when the built-in signatures placed nothing: they check that mark more strictly;
    /// - a rule never makes a file a desktop launcher on its own, and never turns text into a
    ///   binary format or the reverse unless it refines the current answer, and never makes bytes
    ///   that are not text an XML format unless they open as XML does (``opensAsXML(_:)``), nor
    ///   any other text format unless they open as text does (``opensAsText(_:)``), and never
    ///   makes text HTML unless it opens with markup (`<`, after blank space);
    /// - text under a name that says plain text and nothing more (`.txt`) is changed only by a
    ///   rule of priority 80 or more;
    /// - weak content that agrees with the name is kept against a rule below priority 80 that
    ///   names an unrelated type, and the text classifier's answer against a rule below 50
    ///   (a guess from a word in the opening lines) that names an unrelated type.
    ///
    /// Rules are evaluated on the 4 KiB prefix. A rule that reads past it (ISO 9660's `CD001`
    /// at 32769) is given one more bounded read — only when no signature answered strongly, the
    /// file is longer than the prefix and such a rule outranks every rule that matched the
    /// prefix: one window of the file, from the first offset those rules read past the prefix
    /// to the farthest, and never past ``SniffingLimits/maxMagicReadOffset`` (64 KiB).
    func applyMagicRules(
        _ content: inout ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, deepSource: (any ByteSource)? = nil,
        evidence: inout [ResolutionEvidence]
    ) {
        let strongContent = content.flatMap { $0.strength == .strong ? $0.type : nil }
        // A strong answer no rule can refine, under a name that needs no settling: the rules
        // need not even be loaded (parsing them costs a short-lived process milliseconds).
        if let strongContent, !known.isMagicRefinable(strongContent), !(claim?.ambiguous ?? false) { return }
        let rules = MagicRuleSet.freedesktop
        if let claim, claim.ambiguous, !claim.tied.contains(where: { strongContent?.conforms(to: $0) ?? false }) {
            // Strong content that is (or refines) one of an ambiguous name's types decides alone;
            // content more general than all of them (XML for two XML formats) does not.
            for tied in claim.tied where rules.matches(tied.identifier, in: prefix) {
                content = ContentAnswer(type: tied, strength: .strong, fromMagicRules: true)
                evidence.append(.init(source: .magicRules, identifier: tied.identifier, detail: "magic rule of \(tied.preferredMIMEType ?? tied.identifier.rawValue)"))
                return
            }
        }
        // Strong content is refined from the prefix alone: no second read for every strongly
        // recognised file (a deep rule is for a format no signature knows). Only the best rule
        // being one of the few that name a subtype changes it, so those are tried first and
        // the rest only when one of them matches.
        if let strongContent, let candidates = known.magicRefiningRanks(of: strongContent, in: rules) {
            guard let rank = rules.bestRank(among: candidates, in: prefix) else { return }
            let match = rules.match(ranked: rank)
            guard let type = graph[match.identifier] else { return }
            content = ContentAnswer(type: type, strength: .strong, fromMagicRules: true)
            evidence.append(.init(source: .magicRules, identifier: type.identifier, detail: "\(match.mimeType) magic, priority \(match.priority)"))
            return
        }
        guard let match = magicMatch(rules, content: content, claim: claim, prefix: prefix, deepSource: strongContent == nil ? deepSource : nil),
            match.priority >= 40,
            let type = graph[match.identifier]
        else { return }
        if strongContent == nil, let claim, !claim.ambiguous, match.priority < 80, type != claim.type, !type.conforms(to: claim.type),
            rules.matches(claim.type.identifier, in: prefix)
        {
            // The name's own magic matches too: it confirms the name, as the spec's order (the
            // name, then magic to confirm it) has it, and another rule below 80 (AC-3's sync
            // word, which every E-AC-3 frame opens with too) does not overrule it.
            content = ContentAnswer(type: claim.type, strength: .strong, fromMagicRules: true)
            evidence.append(.init(
                source: .magicRules, identifier: claim.type.identifier,
                detail: "\(claim.type.preferredMIMEType ?? claim.type.identifier.rawValue) magic, the name's own"))
            return
        }
        if let strongContent {
            // Strong content is only refined, by a strict subtype.
            guard type != strongContent, type.conforms(to: strongContent) else { return }
            content = ContentAnswer(type: type, strength: .strong, fromMagicRules: true)
            evidence.append(.init(source: .magicRules, identifier: type.identifier, detail: "\(match.mimeType) magic, priority \(match.priority)"))
            return
        }
        if let desktopEntry = known.desktopEntry, type.conforms(to: desktopEntry), claim.map({ !$0.type.conforms(to: desktopEntry) }) ?? true { return }
        // An XML format's rule that found its doctype or root inside bytes that are not text
        // (shared-mime-info's compiled magic lists SVG's): an XML document opens as one.
        if content == nil, type.conforms(to: known.xml), !Self.opensAsXML(prefix) { return }
        // An HTML rule that found a tag in the opening lines of text that does not open with
        // markup (shared-mime-info's look for `<TABLE`, `<SCRIPT` or `<A` anywhere in the first
        // 256 bytes): a to-do list about HTML, a template file quoting a page. HTML opens with a
        // tag, a doctype or a comment.
        if type.conforms(to: known.html), !Self.opensAsXML(prefix) { return }
        // Any other text format's rule over bytes that are not text and do not open as text: its
        // pattern found a line of that format among binary bytes (MicroDVD's `{1}{2}` or MPL2's
        // `[1][2]` inside zlib data).
        if content == nil, isTextual(type), !type.conforms(to: known.xml), !Self.opensAsText(prefix) { return }
        // A format whose every file carries a mark the built-in signatures check, and they found
        // none: the looser rule (ICO's four bytes, which open a Mac resource fork too) is refuted.
        if content == nil, known.hasDefiniteSignature(type) { return }
        // A name that says plain text and nothing more is refined only by a rule the spec lets
        // overrule a name (80): `notes.txt` opening with `Module` is no Visual Basic module.
        if let current = content, isTextual(current.type), let claim, !claim.ambiguous, claim.type == known.plainText, match.priority < 80 {
            return
        }
        if let current = content, !type.conforms(to: current.type) {
            if isTextual(current.type) != isTextual(type) { return }
            // Weak content that agrees with the name outweighs an unrelated rule below 80 (an
            // AFM named .afm is not a SunOS News font because both start with "StartFont").
            if match.priority < 80, let claim, current.type.conforms(to: claim.type) || claim.type.conforms(to: current.type) { return }
            // A rule below 50 is a guess from a word in the opening lines (Perl's `use strict`,
            // which JavaScript's `'use strict'` also holds): the text classifier, which weighed
            // the whole prefix and was sure enough to name another kind of text, outweighs it.
            if match.priority < 50, current.isStatistical { return }
        }
        // A binary name the built-in signatures did not confirm, and a rule that finds an
        // unrelated binary format: a renamed file, as strong as the spec's priority 80.
        let contradictsBinaryName = claim.map {
            !$0.ambiguous && !isTextual($0.type) && !isTextual(type) && !type.conforms(to: $0.type) && !$0.type.conforms(to: type)
        } ?? false
        // A text format's name over bytes that are not text (nothing, not even the text check,
        // placed them) and a rule that finds a binary format: the name cannot be right.
        let contradictsTextName = content == nil && !isTextual(type) && (claim.map { !$0.ambiguous && $0.tied.allSatisfy(isTextual) } ?? false)
        content = ContentAnswer(
            type: type, strength: match.priority >= 80 || contradictsBinaryName || contradictsTextName ? .strong : .weak, fromMagicRules: true)
        evidence.append(.init(source: .magicRules, identifier: type.identifier, detail: "\(match.mimeType) magic, priority \(match.priority)"))
    }

    /// The best magic rule for the file when no strong answer stands (see
    /// ``bestMagicMatch(_:prefix:deepSource:)``). Weak text, under a name it agrees with or
    /// under none, is only changed by some rules (a kind of that text, or text — at priority 80
    /// or more under a name; see ``applyMagicRules(_:claim:prefix:deepSource:evidence:)``):
    /// those are tried first, and `nil` stands for any other best rule, which would not change
    /// the answer either. In a file longer than the prefix, that settles it when none of those
    /// rules matches the prefix and none reads past it (no further bytes could make one match);
    /// otherwise every rule is weighed, on the prefix and the window further in.
    func magicMatch(_ rules: MagicRuleSet, content: ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, deepSource: (any ByteSource)?) -> MagicMatch? {
        if let current = content, current.strength != .strong, isTextual(current.type),
            claim.map({ !$0.ambiguous && (current.type.conforms(to: $0.type) || $0.type.conforms(to: current.type)) }) ?? true,
            let candidates = known.magicTextChangingRanks(of: current.type, claim: claim?.type, in: rules)
        {
            let found = rules.bestRank(among: candidates, in: prefix)
            if deepSource.map({ $0.size <= Int64(prefix.count) }) ?? true { return found.map(rules.match(ranked:)) }
            if found == nil, !candidates.contains(where: { Int(rules.ranked[Int($0)].reach) > prefix.count }) { return nil }
        }
        return bestMagicMatch(rules, prefix: prefix, deepSource: deepSource)
    }

    /// The best magic rule for the file: on the prefix, then — when the file goes on past the
    /// prefix and a rule that reads further outranks that answer — on the prefix and one more
    /// window of at most ``SniffingLimits/maxMagicReadOffset`` bytes from the file's start.
    func bestMagicMatch(_ rules: MagicRuleSet, prefix: UnsafeRawBufferPointer, deepSource: (any ByteSource)?) -> MagicMatch? {
        let rank = rules.bestRank(near: prefix)
        guard let source = deepSource, source.size > Int64(prefix.count),
            let window = rules.deepWindow(
                beyond: prefix.count, outranking: rank, limit: Int(Swift.min(source.size, Int64(SniffingLimits.maxMagicReadOffset))))
        else { return rank.map(rules.match(ranked:)) }
        var far = [UInt8](repeating: 0, count: window.count)
        let read = far.withUnsafeMutableBytes { buffer in
            (try? source.readFully(at: Int64(window.lowerBound), into: buffer)) ?? 0
        }
        let deepRank = far.withUnsafeBytes { far in
            rules.bestRank(near: prefix, far: UnsafeRawBufferPointer(rebasing: far[..<read]), farStart: window.lowerBound)
        }
        return (deepRank ?? rank).map(rules.match(ranked:))
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
