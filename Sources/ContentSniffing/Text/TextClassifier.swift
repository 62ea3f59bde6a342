public import UniformTypes

/// Names the source language or text format of text by its content alone — never its name.
///
/// Two steps, on the first 4 KiB (after a UTF-8 byte order mark):
/// 1. Structure that is certain (``TextStructure``): armour, mail, calendars, subtitles, diffs,
///    ASCII images and drawings, modelines, `<?php`, Objective-C and Prolog directives. Such an
///    answer has basis `.structure`.
/// 2. Otherwise a statistical model: a softmax regression over hashed token features
///    (``TextFeatureHashing``), trained offline by `Catalog/scripts/train-text-classifier.py`
///    on files of Debian packages and compiled in as generated data. Its classes and held-out
///    accuracy are in `Catalog/text-classifier.md`. When the best class does not beat the
///    second by its calibrated margin (each class has its own, calibrated on held-out files),
///    the answer is `text/plain` with basis `.fallback`, and so it is for text shorter than the
///    model was trained on (48 bytes, blank space at either end aside: `minimumTextBytes`),
///    unless its best class is a format whose grammar the text obeys (below).
///    A format whose grammar decides (JSON, a patch, YAML, MATLAB, Markdown) is the model's
///    answer only for text that obeys it: an Erlang term file reads much like JSON but is not,
///    a Vim keymap of `+` and `-` lines reads much like a patch but has no line only a diff has,
///    `/etc/group` reads much like YAML but its top level is not a mapping, and a script's block
///    of `#` comments reads much like Markdown's headings but comes as a run of them.
///
/// Bytes that are not text (see the signature sniffer's text rule), and UTF-16/UTF-32 text,
/// give `nil`. The work is one pass over at most 4 KiB with no allocation beyond the answer;
/// hostile bytes cost the same as any others.
///
/// ```swift
/// let classifier = TextClassifier()                 // the system catalog's graph
/// let answer = classifier.classify(prefix: bytes)   // UnsafeRawBufferPointer
/// if let answer, answer.basis != .fallback, let type = answer.identifier { ... }
/// ```
public struct TextClassifier: Sendable {
    /// The most bytes looked at.
    public static let prefixLength = 4096

    /// The MIME types the statistical model can answer, sorted.
    public static var modelClasses: [String] { TextClassifierModel.compiled?.classes ?? [] }

    /// The graph that answers are looked up in.
    public let graph: TypeGraph
    /// The compiled model, made on first use (its weights are read in place): a process that
    /// never classifies text (a binary file resolved by its signature) does not make it.
    private var model: TextClassifierModel? { TextClassifierModel.compiled }
    /// The classes' identifiers in ``graph``, looked up on first use.
    private let classIdentifiers: TextClassIdentifiers

    /// A classifier answering with types of `graph`.
    public init(graph: TypeGraph = SystemTypeCatalog.graph) {
        self.graph = graph
        self.classIdentifiers = TextClassIdentifiers(graph)
    }

    /// Classifies the start of a file (only the first ``prefixLength`` bytes are looked at;
    /// `isWholeFile` tells whether `prefix` is the entire file, which lets a UTF-8 sequence
    /// cut at its end be judged). `nil` for bytes that are not ASCII-compatible text.
    public func classify(prefix: UnsafeRawBufferPointer, isWholeFile: Bool = false) -> TextClassification? {
        guard let (body, whole) = Self.textBody(prefix, isWholeFile: isWholeFile) else { return nil }
        if let structure = TextStructure.recognize(body, isWholeFile: whole) { return answer(structure) }
        return statistical(body, isWholeFile: whole)
    }

    /// The source language that the directives opening the lines of `prefix` prove
    /// (``SourceLanguageShape``), or `nil`: the one check that may refute a source language's
    /// name (see ``TypeResolver``).
    func languageStructure(prefix: UnsafeRawBufferPointer, isWholeFile: Bool) -> TextClassification? {
        guard let (body, _) = Self.textBody(prefix, isWholeFile: isWholeFile), let structure = SourceLanguageShape.recognize(body) else {
            return nil
        }
        return answer(structure)
    }

    /// The text the classifier reads: the first ``prefixLength`` bytes after a UTF-8 byte order
    /// mark, and whether they are the whole file; `nil` for bytes that are not ASCII-compatible text.
    private static func textBody(_ prefix: UnsafeRawBufferPointer, isWholeFile: Bool) -> (body: UnsafeRawBufferPointer, whole: Bool)? {
        let window = prefix.slice(from: 0, to: prefixLength)
        let whole = isWholeFile && prefix.count <= prefixLength
        guard let guess = TextEncodingGuess(window, isWholeFile: whole), guess.encoding.unitSize == 1 else { return nil }
        return (window.slice(from: guess.markLength), whole)
    }

    /// Make's dependency rules filling the text (``MakeDependencyShape``), or `nil`: a structure
    /// of every line, which refutes any text format's name but plain text's (a compiler's
    /// `main.d` is no D source; see ``TypeResolver``).
    func dependencyRules(prefix: UnsafeRawBufferPointer, isWholeFile: Bool) -> TextClassification? {
        guard let (body, _) = Self.textBody(prefix, isWholeFile: isWholeFile), let structure = MakeDependencyShape.recognize(body) else {
            return nil
        }
        return answer(structure)
    }

    /// The answer a certain structure gives.
    private func answer(_ structure: TextStructureMatch) -> TextClassification {
        let mime = structure.mimeType.description
        return TextClassification(mimeType: mime, identifier: graph.type(mimeType: mime)?.identifier,
                                  score: 1, basis: .structure, detail: structure.detail.description)
    }

    /// Classifies a whole text (its first ``prefixLength`` UTF-8 bytes).
    public func classify(_ text: String) -> TextClassification? {
        var text = text
        return text.withUTF8 { classify(prefix: UnsafeRawBufferPointer($0), isWholeFile: true) }
    }

    /// Whether `body` obeys `grammar`, which a class whose grammar decides asks of its text
    /// (``TextClassifierModel/grammarClasses``).
    private static func obeys(_ grammar: TextClassifierModel.ClassGrammar, _ body: UnsafeRawBufferPointer, isWholeFile: Bool) -> Bool {
        switch grammar {
        case .json: JSONShape.sniff(body, isWholeFile: isWholeFile) != nil
        case .diff: DiffShape.hasDiffLine(body)
        case .yaml: YAMLShape.hasTopLevelStructure(body)
        case .matlab: MatlabShape.obeysCommentSyntax(body)
        case .markdown: MarkdownShape.obeysHeadingSyntax(body)
        }
    }

    /// The statistical step alone, structure aside: the model's best class, or plain text
    /// below that class's calibrated margin, or when the best class is one whose grammar decides
    /// and the text breaks that grammar (the model's best reading refuted, the next is not
    /// trusted either: a keymap taken for a patch is not then SQL). `nil` without a model.
    func statistical(_ body: UnsafeRawBufferPointer, isWholeFile: Bool) -> TextClassification? {
        guard let model else { return nil }
        let length = Self.trimmedLength(body)
        let classCount = model.classes.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: classCount) { scores in
            for index in 0..<classCount { scores[index] = model.biases[index] }
            model.score(body, into: scores)
            var best = 0
            for index in 1..<classCount where scores[index] > scores[best] { best = index }
            var second = best == 0 ? 1 : 0
            for index in 0..<classCount where index != best && scores[index] > scores[second] { second = index }
            // Softmax probability of the best class, in the fitted model's units.
            var total: Float = 0
            for index in 0..<classCount {
                total += Self.exponential(Float(scores[index] - scores[best]) / model.scale)
            }
            let probability = Double(1 / total)
            let mime = model.classes[best]
            if let grammar = model.grammars[best], !Self.obeys(grammar, body, isWholeFile: isWholeFile) {
                // Text that breaks the grammar is not of that format, however alike it reads; and
                // the model, whose best reading that was, is not trusted with the rest.
                return TextClassification(mimeType: "text/plain", identifier: classIdentifiers.plainText, score: probability,
                                          basis: .fallback, detail: "best guess \(mime), whose grammar the text breaks")
            }
            if length < TextClassifierModelData.minimumTextBytes && model.grammars[best]?.confirms != true {
                // The model was neither trained nor calibrated on text this short (the training
                // script leaves such files out: they say too little), so its margins say nothing
                // here; only a format whose structure the text has just shown (a grammar that
                // confirms) is still named.
                return TextClassification(
                    mimeType: "text/plain", identifier: classIdentifiers.plainText, score: probability, basis: .fallback,
                    detail: "too short for the model (\(length) bytes; it reads \(TextClassifierModelData.minimumTextBytes) or more); best guess \(mime)")
            }
            if scores[best] - scores[second] < model.fallbackMargins[best] {
                return TextClassification(mimeType: "text/plain", identifier: classIdentifiers.plainText, score: probability,
                                          basis: .fallback, detail: "not sure enough; best guess \(mime)",
                                          likeliest: classIdentifiers.classes[best])
            }
            return TextClassification(mimeType: mime, identifier: classIdentifiers.classes[best], score: probability,
                                      basis: .statistics, detail: "statistical model")
        }
    }

    /// Which of `candidates` the text reads most like, by the statistical model: for a name
    /// that several types claim (`.m`: Objective-C or MATLAB), where the name has already
    /// narrowed the choice and no margin is asked for. Candidates are types of ``graph``;
    /// those the model has no class for are passed over, and `nil` comes back when fewer than
    /// two are left, without a model, for bytes that are not ASCII-compatible text, and for text
    /// shorter than the model was trained on.
    public func likeliest(among candidates: [TypeIdentifier], prefix: UnsafeRawBufferPointer, isWholeFile: Bool = false) -> TypeIdentifier? {
        guard let model else { return nil }
        var classIndexes: [(index: Int, identifier: TypeIdentifier)] = []
        let identifiers = classIdentifiers.classes
        for candidate in candidates {
            let folded = graph.identity(candidate)
            if let index = identifiers.firstIndex(where: { $0.map { graph.identity($0) == folded } ?? false }) {
                classIndexes.append((index, candidate))
            }
        }
        guard classIndexes.count >= 2 else { return nil }
        guard let (body, whole) = Self.textBody(prefix, isWholeFile: isWholeFile),
            Self.trimmedLength(body) >= TextClassifierModelData.minimumTextBytes
        else { return nil }
        classIndexes.removeAll { candidate in
            model.grammars[candidate.index].map { !Self.obeys($0, body, isWholeFile: whole) } ?? false
        }
        if classIndexes.count <= 1 { return classIndexes.first?.identifier }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: model.classes.count) { scores in
            for index in 0..<model.classes.count { scores[index] = model.biases[index] }
            model.score(body, into: scores)
            return classIndexes.max { scores[$0.index] < scores[$1.index] }?.identifier
        }
    }

    /// How many bytes of `body` lie from its first to its last byte that is not ASCII blank space
    /// (space, tab, line feed, vertical tab, form feed, carriage return): the length the training
    /// script measures a file by (`bytes.strip()`).
    static func trimmedLength(_ body: UnsafeRawBufferPointer) -> Int {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = 0
        var end = body.count
        while start < end, isBlank(body[start]) { start += 1 }
        while end > start, isBlank(body[end - 1]) { end -= 1 }
        return end - start
    }

    /// e^x for x ≤ 0, without Foundation: 0 below −30, else (1 + x/1024)^1024.
    private static func exponential(_ x: Float) -> Float {
        guard x > -30 else { return 0 }
        var value = 1 + x / 1024
        for _ in 0..<10 { value *= value }
        return value
    }
}

extension TextClassifierModel {
    /// Adds the weights of every distinct feature bucket of `bytes` to `scores`
    /// (`classes.count` of them). Two passes: the distinct buckets first (a bit set and a
    /// list on the stack), then their rows, summed in Int16 blocks of 256 rows so the sums
    /// vectorise, and each block added to the Int32 scores.
    func score(_ bytes: UnsafeRawBufferPointer, into scores: UnsafeMutableBufferPointer<Int32>) {
        let classCount = classes.count
        guard let sums = scores.baseAddress, scores.count >= classCount else { return }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: bucketCount / 64) { seen in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bucketCount) { found in
                seen.initialize(repeating: 0)
                var foundCount = 0
                TextFeatureHashing.forEachBucket(bytes, bucketMask: UInt32(bucketCount - 1)) { bucket in
                    let word = bucket &>> 6
                    let bit: UInt64 = 1 &<< UInt64(bucket & 63)
                    guard seen[word] & bit == 0 else { return }
                    seen[word] |= bit
                    found[foundCount] = UInt16(truncatingIfNeeded: bucket)
                    foundCount &+= 1
                }
                withUnsafeTemporaryAllocation(of: Int16.self, capacity: classCount) { partial in
                    guard let table = weights.baseAddress, let partial = partial.baseAddress else { return }
                    var start = 0
                    while start < foundCount {
                        // 256 rows of at most 127 in magnitude fit an Int16.
                        let end = Swift.min(start + 256, foundCount)
                        for index in 0..<classCount { partial[index] = 0 }
                        for position in start..<end {
                            let row = table + Int(found[position]) &* classCount
                            for index in 0..<classCount { partial[index] &+= Int16(row[index]) }
                        }
                        for index in 0..<classCount { sums[index] &+= Int32(partial[index]) }
                        start = end
                    }
                }
            }
        }
    }
}
