import UniformTypes

/// How the claim and the content are weighed into one answer (the policy is on ``TypeResolver``).
extension TypeResolver {
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
            let verdict = verdictWithoutContent(claim: claim)
            if verdict.isFallback {
                evidence.append(.init(source: .fallback, identifier: known.data.identifier, detail: "binary content, no signature"))
            }
            return finish(verdict.type, verdict.confidence, conflict: verdict.conflict)
        }
        guard let claim else {
            return finish(content.type, content.strength == .strong ? .high : .medium)
        }

        let named = settle(claim, by: content)[0]

        if content.listsEveryPart, named != content.type, known.isKnownByParts(named) {
            // A document format known by its parts, named on a container read whole that holds
            // none of them (`photos.docx`, a plain ZIP archive): the container is the answer.
            let conflict = ResolutionConflict(
                claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: .signature,
                reason: "the \(content.type.identifier) holds none of the parts \(named.identifier) requires")
            return finish(content.type, .high, conflict: conflict)
        }
        if let verdict = verdictOnRefutedName(named: named, claim: claim, content: content) {
            return finish(verdict.type, verdict.confidence, conflict: verdict.conflict)
        }
        if named.conforms(to: content.type) {
            // The claim refines the content (or equals it): keep the claim.
            return finish(named, content.strength == .strong && !content.fromLibmagic ? .certain : .high)
        }
        if content.type.conforms(to: named) {
            // The content refines the claim: take it, unless it would promote to something
            // runnable, or it is the text classifier's guess at a kind of the named text format
            // (JavaScript is a kind of TypeScript, and a `.ts` file is TypeScript).
            if (isRunnable(content.type) && !isRunnable(named)) || (content.isStatistical && isTextual(named)) {
                return finish(named, .high)
            }
            return finish(content.type, content.strength == .strong ? .certain : .high)
        }
        if isTextual(content.type) && isTextual(named) {
            let verdict = weighTextReadings(named: named, claim: claim, content: content)
            return finish(verdict.type, verdict.confidence, conflict: verdict.conflict)
        }
        if let tail = claim.compoundTail, content.type.conforms(to: tail) || tail.conforms(to: content.type) {
            // A compound extension explains the content: `font.pcf.gz` is a gzip-compressed PCF font.
            return finish(named, .high)
        }
        if content.strength == .weak && isTextual(content.type) && !isTextual(named) {
            // JSON is placed by its grammar, checked to the end: it refutes a binary name as a missing mark does.
            let isJSON = content.type == known.json || content.type == known.ndjson
            let lacksItsMarks = textLacksMarks(of: named, claim: claim)
            if lacksItsMarks || isJSON {
                // The name claims a binary format whose marks the bytes lack, and the bytes are text.
                if let lighter = lighterTextReading(of: claim),
                    content.type.conforms(to: lighter.type) || lighter.type.conforms(to: content.type)
                {
                    // The name's lighter reading is a text format the content agrees with: with
                    // the heavier ones refuted, it is what the name means (`parser.mts` in TypeScript).
                    evidence.append(.init(
                        source: .name, identifier: lighter.type.identifier,
                        detail: "\(lighter.pattern) (weight \(lighter.weight); the heavier readings are refuted by text content)"))
                    return finish(lighter.type, .medium)
                }
                let conflict = ResolutionConflict(
                    claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: .signature,
                    reason: textRefutation(of: named, claim: claim, byGrammarAlone: isJSON && !lacksItsMarks))
                return finish(content.type, .medium, conflict: conflict)
            }
            // Many text formats are not declared as text (AFM, XPM): text content does not contradict them.
            return finish(named, .medium)
        }
        if content.strength == .strong {
            let conflict = ResolutionConflict(
                claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: content.source,
                reason: "\(content.fromLibmagic ? "libmagic's answer" : content.fromMagicRules ? "a magic rule" : "a strong signature") contradicts the \(claim.source == .name ? "name" : "declared type")")
            return finish(content.type, .high, conflict: conflict)
        }
        if !isTextual(content.type), settle(claim, by: content).allSatisfy(known.hasDefiniteSignature) {
            // The name claims a format whose every file starts with a mark the signatures know,
            // the bytes lack it, and weaker evidence places them (`click.ogg` holding Musepack
            // audio, `MP+` and no `OggS`): the name is refuted, so that evidence is the answer.
            let conflict = ResolutionConflict(
                claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier,
                winner: content.source,
                reason: "the content lacks the signature of \(named.identifier) and looks like \(content.type.identifier)")
            return finish(content.type, .medium, conflict: conflict)
        }
        let conflict = ResolutionConflict(
            claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: claim.source,
            reason: "weak content evidence does not overrule the \(claim.source == .name ? "name" : "declared type")")
        return finish(named, .low, conflict: conflict)
    }

    /// Why text content refutes a binary format's name, in words: the signature or magic it
    /// lacks, that the format is binary by its specification (``KnownType/binaryBySpecification``),
    /// or, when only JSON's grammar refutes it (`byGrammarAlone`), that grammar.
    func textRefutation(of named: UniformType, claim: Claim, byGrammarAlone: Bool) -> String {
        if byGrammarAlone {
            return "the content is JSON, valid to the end of what was read, which \(named.identifier) is not"
        }
        if known.isBinaryBySpecification(named), !claim.lacksItsMagic, !known.isSignatureVerified(named) {
            return "the content is text, which \(named.identifier), a binary format, is not"
        }
        return "the content is text, without the \(claim.lacksItsMagic ? "magic" : "signature") of \(named.identifier)"
    }

    /// The answer when the text content refutes the name's text reading, else `nil`:
    /// - text without the mark every file of the name's format opens with (`merged1.vcf` without
    ///   `BEGIN:VCARD`) is what its content says, and the name is reported as contradicted;
    /// - another source language's own directives under a language's name (`Foo.h` holding an
    ///   Objective-C interface) give that language: the name's extension is shared, the
    ///   directives are not.
    func verdictOnRefutedName(named: UniformType, claim: Claim, content: ContentAnswer) -> Verdict? {
        if let mark = claim.lacksItsMark, isTextual(content.type) {
            let conflict = ResolutionConflict(
                claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: .textContent,
                reason: mark.refutation(of: claim.type.identifier))
            return Verdict(type: content.type, confidence: .medium, conflict: conflict)
        }
        return content.refutesTextName ? Verdict(type: content.type, confidence: .high) : nil
    }

    /// Whether text content refutes `named`, a binary format: a built-in signature would have
    /// placed it (it checks the format's mark, or every file of it carries one), its magic rules
    /// (or a parent's) match none of the bytes, or its specification makes it binary.
    func textLacksMarks(of named: UniformType, claim: Claim) -> Bool {
        known.isSignatureVerified(named) || known.hasDefiniteSignature(named) || claim.lacksItsMagic
            || known.isBinaryBySpecification(named)
    }

    /// Two text readings that neither refines: the name's and the content's.
    ///
    /// Text formats are easily confused by their bytes (the name says Perl, the content looks
    /// like XHTML), so the name decides — unless the content is a `#!` line that runs the file
    /// with a language's interpreter, under the name of another language (`daemons.es`,
    /// ECMAScript by name, run by `escript`) or of any other kind of text but plain text (dpkg's
    /// `install` method, *installation instructions* by name, run by `bash`; `invoke-rc.d`,
    /// D source by name, run by `sh`): the system runs it as that language, so that is what it
    /// is, and the name is reported as contradicted. A plain-text name (`notes.txt`) says only
    /// "text", which a script is, and stands.
    func weighTextReadings(named: UniformType, claim: Claim, content: ContentAnswer) -> Verdict {
        guard content.namesInterpreter, claim.source == .name, named != known.plainText else {
            return Verdict(type: named, confidence: .high)
        }
        let conflict = ResolutionConflict(
            claimed: named.identifier, claimedBy: claim.source, content: content.type.identifier, winner: .signature,
            reason: "its #! line runs it as \(content.type.identifier), not \(named.identifier)")
        return Verdict(type: content.type, confidence: .high, conflict: conflict)
    }

    /// An answer before its evidence is marked: the type, how sure, the conflict if any, and
    /// whether it is the fallback for bytes nothing placed (which the evidence then says).
    struct Verdict {
        var type: UniformType
        var confidence: ResolutionConfidence
        var conflict: ResolutionConflict? = nil
        var isFallback = false
    }

    /// The answer when nothing placed the bytes, not even as text: the claim, unless it names a
    /// text format (the bytes are not text) or formats whose every file carries a mark the
    /// signatures know (the bytes lack it); else data.
    func verdictWithoutContent(claim: Claim?) -> Verdict {
        guard let claim else { return Verdict(type: known.data, confidence: .low, isFallback: true) }
        if claim.tied.allSatisfy(isTextual) {
            // A text format's name over bytes that are not text (`sample.rtf` holding a PAR2
            // recovery set): the name is wrong, and nothing placed the bytes.
            let conflict = ResolutionConflict(
                claimed: claim.type.identifier, claimedBy: claim.source, content: known.data.identifier, winner: .fallback,
                reason: "the content is not text, which \(claim.type.identifier) is")
            return Verdict(type: known.data, confidence: .low, conflict: conflict, isFallback: true)
        }
        if claim.tied.allSatisfy(known.hasDefiniteSignature) {
            // A format whose every file starts with a mark the signatures know (every format an
            // ambiguous name may mean, for `.ogg`), over bytes nothing placed (`photo.xlsx`
            // holding a Paint Shop Pro image): not that format.
            let conflict = ResolutionConflict(
                claimed: claim.type.identifier, claimedBy: claim.source, content: known.data.identifier, winner: .fallback,
                reason: "the content lacks the signature of \(claim.type.identifier)")
            return Verdict(type: known.data, confidence: .low, conflict: conflict, isFallback: true)
        }
        return Verdict(type: claim.type, confidence: claim.ambiguous ? .low : .medium)
    }

    /// The types of the claim the content may confirm, best first: for an ambiguous name, the
    /// tied types the content agrees with (text that is not XML does not agree with an XML
    /// format); when it agrees with none, those on the content's side of text and binary
    /// (`Module1.vb` in Visual Basic is not a Virtual Boy ROM); else every tied type.
    func settle(_ claim: Claim, by content: ContentAnswer) -> [UniformType] {
        guard claim.ambiguous else { return claim.tied }
        let notXML = isTextual(content.type) && !content.type.conforms(to: known.xml)
        let agreeing = claim.tied.filter {
            ($0.conforms(to: content.type) || content.type.conforms(to: $0)) && !(notXML && $0.conforms(to: known.xml))
        }
        if !agreeing.isEmpty { return agreeing }
        let sameSide = claim.tied.filter { isTextual($0) == isTextual(content.type) && !(notXML && $0.conforms(to: known.xml)) }
        return sameSide.isEmpty ? claim.tied : sameSide
    }

    func isRunnable(_ type: UniformType) -> Bool {
        type.conforms(to: known.executable) || type.conforms(to: known.script)
            || (known.desktopEntry.map { type.conforms(to: $0) } ?? false)
    }

    func isTextual(_ type: UniformType) -> Bool { type.conforms(to: known.text) }
}
