public import DocumentCatalog
public import UniformTypes

/// The registered share and action extensions compiled against one type graph, ready to weigh any
/// set of items: the share sheet's ranking.
///
/// Policy:
/// - an extension is offered only when its activation rule takes the whole set
///   (``ShareRuleVerdict``; the rule's policy is in `ShareActivationRule`);
/// - offered extensions are ranked by how specifically they take the items: each item scores the
///   specificity (the number of supertypes) of what it was matched to — the rule's type it conforms
///   to, else the kind that counted it (`public.image`, `public.movie`, `public.data` for files,
///   `public.plain-text`, `public.url`); `TRUEPREDICATE` scores nothing. So an extension for PNG
///   images comes before one for any image, which comes before one for any file;
/// - then by title (ignoring case), then by extension id.
///
/// Weighing a set against every extension allocates only the answer.
///
/// ```swift
/// let index = ShareActivityIndex(try catalog.shareExtensions(), graph: snapshot.graph)
/// let set = ShareItemSet([ResolvedShareItem(item: .file(path), type: type)], graph: snapshot.graph)
/// for match in index.rank(set) { print(index.extensions[match.extensionIndex].identifier) }
/// ```
public struct ShareActivityIndex: Sendable {
    /// One extension that takes the set: its position in ``extensions`` and its score.
    public struct Match: Sendable, Equatable {
        /// The position of the extension in ``ShareActivityIndex/extensions``.
        public var extensionIndex: Int
        /// The sum of the items' match specificity.
        public var score: Int
    }

    /// The extensions, in the catalog's order.
    public let extensions: [RegisteredShareExtension]
    /// The graph the rules were compiled against.
    public let graph: TypeGraph
    let rules: [CompiledShareRule]
    /// Titles folded for ordering ties.
    let sortTitles: [String]
    /// The specificity of each kind's type, by ``ShareItemSet/Category`` raw value.
    let kindSpecificity: [Int]
    /// For each extension, the program its app needs and lacks here (`nil`: none missing).
    let missingPrograms: [(key: String, program: String)?]

    /// Compiles `extensions` against `graph`.
    ///
    /// Policy: an extension whose app cannot be launched here (`missingPrograms` names the
    /// missing `TryExec` or `Exec` program, by extension id) is never offered; it is refused with
    /// that reason, whatever the items, as the handler ranking leaves such apps out.
    public init(_ extensions: [RegisteredShareExtension], graph: TypeGraph, missingPrograms: [String: (key: String, program: String)] = [:]) {
        self.extensions = extensions
        self.graph = graph
        self.missingPrograms = extensions.map { missingPrograms[$0.identifier] }
        rules = extensions.map { CompiledShareRule($0.declaration.rule, graph: graph) }
        sortTitles = extensions.map { ($0.declaration.title ?? $0.identifier).lowercased() }
        kindSpecificity = [TypeIdentifier.data, .image, .movie, .plainText, "public.url"].map { graph.identity($0).supertypes.count }
    }

    /// The extensions that take the whole set, best first (see the type's policy).
    public func rank(_ set: ShareItemSet) -> [Match] {
        var matches: [Match] = []
        matches.reserveCapacity(rules.count)
        for index in rules.indices {
            if case .accepted(let score) = verdict(ofRuleAt: index, for: set) {
                matches.append(Match(extensionIndex: index, score: score))
            }
        }
        matches.sort { left, right in
            if left.score != right.score { return left.score > right.score }
            let leftTitle = sortTitles[left.extensionIndex], rightTitle = sortTitles[right.extensionIndex]
            if leftTitle != rightTitle { return leftTitle < rightTitle }
            return left.extensionIndex < right.extensionIndex
        }
        return matches
    }

    /// Whether the extension at `index` takes the set, and if not the first reason why.
    public func verdict(ofRuleAt index: Int, for set: ShareItemSet) -> ShareRuleVerdict {
        if let missing = missingPrograms[index] { return .refused(.appCannotLaunch(key: missing.key, program: missing.program)) }
        let rule = rules[index]
        let count = set.count
        if count == 0 || count < rule.minAttachments { return .refused(.tooFew(count: count, minimum: max(rule.minAttachments, 1))) }
        if rule.acceptsAnything { return .accepted(score: 0) }
        if rule.maxAttachments >= 0 && count > rule.maxAttachments { return .refused(.tooMany(count: count, limit: rule.maxAttachments)) }
        var score = 0
        var counts: (file: Int, image: Int, movie: Int, text: Int, webURL: Int) = (0, 0, 0, 0, 0)
        for item in 0..<count {
            var typeScore = -1
            if !rule.acceptedTypes.isEmpty {
                let type = set.types[item]
                for candidate in rule.acceptedTypes.indices where rule.acceptedSpecificity[candidate] > typeScore && type.conforms(to: rule.acceptedTypes[candidate]) {
                    typeScore = rule.acceptedSpecificity[candidate]
                }
                if typeScore < 0 { return .refused(.notConforming(index: item)) }
                score += typeScore
            }
            guard rule.countsByKind else { continue }
            let category = rule.countingCategory(of: set.categories[item])
            guard rule.limit(of: category) >= 0 else {
                if rule.maxAttachments >= 0 || typeScore >= 0 { continue }
                return .refused(.kindNotTaken(index: item))
            }
            if typeScore < 0 { score += kindSpecificity[Int(category.rawValue)] }
            switch category {
            case .file: counts.file += 1
            case .image: counts.image += 1
            case .movie: counts.movie += 1
            case .text: counts.text += 1
            case .webURL: counts.webURL += 1
            }
        }
        if !rule.countsByKind && rule.acceptedTypes.isEmpty && rule.maxAttachments < 0 {
            return .refused(.kindNotTaken(index: 0))
        }
        if let refusal = rule.overLimit(.file, counts.file) ?? rule.overLimit(.image, counts.image) ?? rule.overLimit(.movie, counts.movie)
            ?? rule.overLimit(.text, counts.text) ?? rule.overLimit(.webURL, counts.webURL)
        {
            return .refused(refusal)
        }
        return .accepted(score: score)
    }

    /// The position of the extension with id `identifier` (ignoring case), if registered.
    public func index(ofExtension identifier: String) -> Int? {
        let folded = identifier.lowercased()
        return extensions.firstIndex { $0.identifier.lowercased() == folded }
    }
}

extension CompiledShareRule {
    /// The kind a rule counts an item of `category` as: an image or movie the rule gives no limit
    /// of its own is counted as a file.
    func countingCategory(of category: ShareItemSet.Category) -> ShareItemSet.Category {
        if (category == .image || category == .movie) && limit(of: category) < 0 { return .file }
        return category
    }

    /// The refusal when `counted` items of `category` are more than the rule takes.
    func overLimit(_ category: ShareItemSet.Category, _ counted: Int) -> ShareRefusal? {
        counted > 0 && counted > limit(of: category) ? .tooManyOfKind(kind: ShareItemKind(category), count: counted, limit: limit(of: category)) : nil
    }
}
