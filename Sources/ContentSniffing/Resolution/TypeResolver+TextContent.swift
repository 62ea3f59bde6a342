import UniformTypes

/// Text whose name does not tell what it is, told by its content (``TextClassifier``).
extension TypeResolver {
    /// Names the kind of text the content is, when the name does not.
    ///
    /// Policy:
    /// - Only content the earlier steps left as *weak* text (plain text, or a weak magic rule's
    ///   guess) is looked at; binary content and strong answers (XML, JSON, a shebang) stand.
    ///   Bytes that are text but for their control characters count as plain text under a text
    ///   format's name (``admitTextWithControls(_:claim:prefix:evidence:)``).
    /// - A name that tells — one text type, unambiguous — decides alone, and the classifier is
    ///   not run (`notes.txt` is plain text, whatever it reads like). Two exceptions: a source
    ///   language's name yields to another language's own directives (``SourceLanguageShape``:
    ///   `@interface … @end` in `Foo.h` is Objective-C, `:- module(…)` in `list.pl` is Prolog),
    ///   unless the name's language is a kind of that one (`.mm`, Objective-C++, stays); make's
    ///   dependency rules, filling the text, refute any text format's name but plain text's (a
    ///   compiler's `main.d` is no D source, whose type the registries do not file as source
    ///   code); and the
    ///   name of a format every file of which carries a mark (``FormatMark``: vCard's
    ///   `BEGIN:VCARD`, troff's request lines) is refuted by text without it, which is then told as if it had no name.
    /// - The classifier runs without a name, for a name no declared type owns, for a name several
    ///   types tie on (`.m`, `.pl`, `.ts`), and for a binary format's name over text content
    ///   (which the name may then lose).
    /// - For a name several types tie on, the model picks the likeliest of those types (no
    ///   margin asked: the name has narrowed the choice), unless a structure decides.
    /// - Prose (the model's plain-text class) leaves the text as it was named: plain text, in its
    ///   encoding. So does a language the model knows but no declared type names (Vim script):
    ///   the evidence names the language, and the answer stays plain text.
    /// - A structure that cannot occur by accident (PEM armour, a diff, a modeline, mail
    ///   headers …) is strong content evidence. A statistical answer is weak, and replaces only
    ///   plain text: it never overrules a magic rule's more specific guess, nor CSV or TSV
    ///   placed by the shape of their records.
    func classifyText(
        _ content: inout ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, isWholeFile: Bool,
        evidence: inout [ResolutionEvidence]
    ) {
        if content == nil { admitTextWithControls(&content, claim: claim, prefix: prefix, evidence: &evidence) }
        guard let current = content, isOpenText(current) else { return }
        // A name refuted by its format's missing mark (``noteMissingMark``) tells nothing.
        if let claim, !claim.ambiguous, isTextual(claim.type), claim.lacksItsMark == nil {
            let proven = claim.type.conforms(to: known.sourceCode)
                ? textClassifier.languageStructure(prefix: prefix, isWholeFile: isWholeFile)
                : claim.type == known.plainText ? nil : textClassifier.dependencyRules(prefix: prefix, isWholeFile: isWholeFile)
            if let proven, let identifier = proven.identifier, let type = graph[identifier], type != claim.type,
                !type.conforms(to: claim.type)
            {
                content = ContentAnswer(type: type, strength: .strong, refutesTextName: true)
                evidence.append(.init(source: .textContent, identifier: type.identifier, detail: proven.detail))
            }
            return
        }
        classifyUnnamed(&content, claim: claim, prefix: prefix, isWholeFile: isWholeFile, evidence: &evidence)
    }

    /// Bytes that the text check called binary only for their control characters, under a name
    /// that says a text format: plain text (weakly), so that the name stands, when they are text
    /// but for those (``TextEncodingGuess/isTextWithControls(_:)``: a Vim keymap with a literal
    /// `^V` on every other line). Without a name, or under a binary format's name, they stay
    /// bytes nothing placed.
    private func admitTextWithControls(
        _ content: inout ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, evidence: inout [ResolutionEvidence]
    ) {
        guard let claim, claim.lacksItsMark == nil, claim.tied.allSatisfy(isTextual), TextEncodingGuess.isTextWithControls(prefix) else { return }
        content = ContentAnswer(type: known.plainText, strength: .weak)
        evidence.append(.init(
            source: .textContent, identifier: known.plainText.identifier,
            detail: "text with control characters, as \(claim.type.identifier) may hold"))
    }

    /// Whether the content is text the classifier may still tell: weak text, or a `#!` line whose
    /// interpreter names no language (which says only "a script"); binary content and strong
    /// answers (XML, JSON, a language's `#!` line) stand.
    func isOpenText(_ content: ContentAnswer) -> Bool {
        (content.strength == .weak || content.type == known.script) && isTextual(content.type)
    }

    /// Text whose name does not tell (none, an undeclared, ambiguous or binary one, or a refuted
    /// one), told by the classifier: the policy of ``classifyText(_:claim:prefix:isWholeFile:evidence:)``.
    private func classifyUnnamed(
        _ content: inout ContentAnswer?, claim: Claim?, prefix: UnsafeRawBufferPointer, isWholeFile: Bool,
        evidence: inout [ResolutionEvidence]
    ) {
        guard let current = content else { return }
        guard let answer = textClassifier.classify(prefix: prefix, isWholeFile: isWholeFile) else { return }
        if let claim, claim.ambiguous, !answer.isStructural,
            let likeliest = textClassifier.likeliest(among: claim.tied.map(\.identifier), prefix: prefix, isWholeFile: isWholeFile),
            let type = graph[likeliest]
        {
            // The name narrowed the choice to a few types: the model picks among them.
            content = ContentAnswer(type: type, strength: .weak, isStatistical: true)
            evidence.append(.init(source: .textContent, identifier: type.identifier, detail: "text classifier, the likeliest of the name's \(claim.tied.count) types"))
            return
        }
        if answer.basis == .fallback {
            content?.classifierUnsure = true
            content?.classifierLeansPlain = answer.likeliest.map { graph.identity($0) == graph.identity(known.plainText.identifier) } ?? false
            evidence.append(.init(source: .textContent, identifier: current.type.identifier, detail: "text classifier not sure: \(answer.detail), \(answer.percent) %"))
            return
        }
        if answer.basis == .statistics, answer.identifier == nil {
            // A language no declared type names: known not to be one it resembles, and plain text.
            evidence.append(.init(
                source: .textContent, identifier: current.type.identifier,
                detail: "text classifier: \(answer.mimeType), which no declared type names, \(answer.percent) % sure"))
            return
        }
        guard let identifier = answer.identifier, let type = graph[identifier], isTextual(type) || answer.isStructural else { return }
        if !answer.isStructural, type == known.plainText {
            // Plain text by the model's own class for it (prose, and data tables no class names:
            // keyboard maps, encoding tables): the text stays as the earlier steps named it
            // (UTF-8 text keeps its encoding), now known not to be a language it resembles.
            evidence.append(.init(
                source: .textContent, identifier: current.type.identifier,
                detail: "text classifier: plain text, no language it knows, \(answer.percent) % sure"))
            return
        }
        if answer.isStructural {
            // Directives prove a family of source languages; the name's reading that the proven
            // language is a kind of stays (`.mm` with an `@interface` is Objective-C++).
            let named = claim?.tied.first { type != $0 && type.conforms(to: $0) && $0.conforms(to: known.sourceCode) }
            content = ContentAnswer(type: named ?? type, strength: .strong)
        } else {
            // Records that agree in their commas or tabs are a shape the signatures checked, as
            // specific as a magic rule's guess (two-comma records read as assembly to the model).
            guard current.type.conforms(to: known.plainText) || current.type == known.text || current.type == known.script,
                !current.type.conforms(to: known.delimitedText)
            else { return }
            content = ContentAnswer(type: type, strength: current.strength, isStatistical: true)
        }
        let basis = answer.isStructural ? answer.detail : "text classifier, \(answer.percent) % sure"
        evidence.append(.init(source: .textContent, identifier: type.identifier, detail: basis))
    }
}
