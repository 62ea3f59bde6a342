/// The tag indexes of a set of chosen declarations: for each key, its candidates in preference
/// order (glob weight, then how well the declaration is verified, then the tag's position in
/// the declaration, then identifier), and the general globs heaviest first.
struct TagIndexes {
    typealias Row = (key: [UInt8], value: Int32)
    typealias Glob = (pattern: String, caseSensitive: Bool, candidate: TypeGraph.Candidate)

    /// The candidate lists the rows point into, in the order the rows were built.
    var lists: [[TypeGraph.Candidate]] = []
    var extensionsFolded: [Row] = []
    var extensionsExact: [Row] = []
    var literalNamesFolded: [Row] = []
    var literalNamesExact: [Row] = []
    var mimeTypes: [Row] = []
    var otherTags: [TagClass: [Row]] = [:]
    var globs: [Glob] = []

    init(_ chosen: [TypeDeclaration]) {
        var entries = TagEntries()
        for (index, declaration) in chosen.enumerated() { entries.add(declaration, as: Int32(index)) }
        var order = CandidateOrder(chosen)
        extensionsFolded = order.rows(entries.extensionFolded)
        extensionsExact = order.rows(entries.extensionExact)
        literalNamesFolded = order.rows(entries.literalFolded)
        literalNamesExact = order.rows(entries.literalExact)
        mimeTypes = order.rows(entries.mime)
        for tagClass in entries.other.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            otherTags[tagClass] = order.rows(entries.other[tagClass] ?? [:])
        }
        // Heaviest first; the sort is stable, so equal weights keep declaration order.
        globs = entries.globs.enumerated().sorted { a, b in
            a.element.candidate.weight != b.element.candidate.weight
                ? a.element.candidate.weight > b.element.candidate.weight : a.offset < b.offset
        }.map(\.element)
        lists = order.lists
    }
}

/// Every tag of the chosen declarations by key, each with its candidate and its position in
/// the declaration, before ordering.
private struct TagEntries {
    typealias Entries = [String: [(TypeGraph.Candidate, Int)]]

    var extensionFolded: Entries = [:]
    var extensionExact: Entries = [:]
    var literalFolded: Entries = [:]
    var literalExact: Entries = [:]
    var mime: Entries = [:]
    var other: [TagClass: Entries] = [:]
    var globs: [TagIndexes.Glob] = []

    /// Adds the filename patterns, extensions, MIME types and other tags of `declaration`, the
    /// type numbered `type`.
    mutating func add(_ declaration: TypeDeclaration, as type: Int32) {
        let globExtensions = addPatterns(of: declaration, as: type)
        for (position, ext) in declaration.filenameExtensions.enumerated() {
            let folded = ASCIICaseFolding.folded(ext)
            if folded.isEmpty || globExtensions.contains(folded) { continue }
            let candidate = TypeGraph.Candidate(
                type: type, weight: Int16(FilenamePattern.extensionTagWeight),
                patternLength: Int16(clamping: folded.utf8.count + 2))
            extensionFolded[folded, default: []].append((candidate, position))
        }
        for (position, value) in declaration.mimeTypes.enumerated() {
            let folded = ASCIICaseFolding.folded(String(MIMEEssence.essence(of: value)))
            if folded.isEmpty { continue }
            mime[folded, default: []].append((TypeGraph.Candidate(type: type, weight: 50, patternLength: 0), position))
        }
        for (tagClass, values) in declaration.tags where tagClass != .mimeType && tagClass != .filenameExtension {
            for (position, value) in values.enumerated() {
                other[tagClass, default: [:]][ASCIICaseFolding.folded(value), default: []].append(
                    (TypeGraph.Candidate(type: type, weight: 50, patternLength: 0), position))
            }
        }
    }

    /// Adds the filename patterns of `declaration`; returns the folded extensions that a
    /// case-insensitive pattern already covers (their plain extension tags add nothing).
    private mutating func addPatterns(of declaration: TypeDeclaration, as type: Int32) -> Set<String> {
        var globExtensions: Set<String> = []
        for pattern in declaration.filenamePatterns {
            let weight = Int16(clamping: pattern.weight)
            let length = Int16(clamping: pattern.pattern.utf8.count)
            let candidate = TypeGraph.Candidate(type: type, weight: weight, patternLength: length)
            switch pattern.kind {
            case .literal(let name):
                if pattern.isCaseSensitive {
                    literalExact[name, default: []].append((candidate, 0))
                } else {
                    literalFolded[ASCIICaseFolding.folded(name), default: []].append((candidate, 0))
                }
            case .extension(let suffix):
                let folded = ASCIICaseFolding.folded(suffix)
                let position = declaration.filenameExtensions.firstIndex { ASCIICaseFolding.equal($0, suffix) } ?? 99
                if pattern.isCaseSensitive {
                    extensionExact[suffix, default: []].append((candidate, position))
                } else {
                    globExtensions.insert(folded)
                    extensionFolded[folded, default: []].append((candidate, position))
                }
            case .glob:
                globs.append((pattern.pattern, pattern.isCaseSensitive, candidate))
            }
        }
        return globExtensions
    }
}

/// Orders each key's candidates and collects the ordered lists the rows point into.
private struct CandidateOrder {
    /// How well each declaration's facts are verified, best first (apps' after the system's).
    let verificationRanks: [UInt8]
    /// Each declaration's place in folded identifier order, the last tie-breaker.
    let identifierOrder: [Int32]
    var lists: [[TypeGraph.Candidate]] = []

    init(_ chosen: [TypeDeclaration]) {
        verificationRanks = chosen.map { declaration in
            switch declaration.tier {
            case .exported: return 6
            case .imported: return 7
            case .system: break
            }
            switch declaration.verification {
            case "primary": return 0
            case "openwith": return 1
            case "freedesktop": return 2
            case "conflict": return 3
            case "secondary": return 4
            default: return 5
            }
        }
        let folded = chosen.map { Array($0.identifier.folded.utf8) }
        let sorted = (0..<chosen.count).sorted { folded[$0].lexicographicallyPrecedes(folded[$1]) }
        var order = [Int32](repeating: 0, count: chosen.count)
        for (rank, index) in sorted.enumerated() { order[index] = Int32(rank) }
        identifierOrder = order
    }

    /// One row per key, keys in a fixed order (so the same declarations always give the same
    /// image), each pointing at its list: the heaviest entry of each type, in preference order.
    mutating func rows(_ entries: TagEntries.Entries) -> [TagIndexes.Row] {
        var rows: [TagIndexes.Row] = []
        rows.reserveCapacity(entries.count)
        for key in entries.keys.sorted() {
            // The heaviest entry of each type (lists are short: a linear search is enough).
            var best: [(TypeGraph.Candidate, Int)] = []
            for (candidate, tagPosition) in entries[key] ?? [] {
                if let existing = best.firstIndex(where: { $0.0.type == candidate.type }) {
                    if best[existing].0.weight < candidate.weight { best[existing] = (candidate, tagPosition) }
                } else {
                    best.append((candidate, tagPosition))
                }
            }
            if best.count > 1 { best.sort(by: prefers) }
            rows.append((Array(key.utf8), Int32(lists.count)))
            lists.append(best.map(\.0))
        }
        return rows
    }

    /// Whether entry `a` comes before `b`: heavier, then better verified, then earlier in its
    /// declaration, then by identifier.
    private func prefers(_ a: (TypeGraph.Candidate, Int), _ b: (TypeGraph.Candidate, Int)) -> Bool {
        if a.0.weight != b.0.weight { return a.0.weight > b.0.weight }
        let rankA = verificationRanks[Int(a.0.type)]
        let rankB = verificationRanks[Int(b.0.type)]
        if rankA != rankB { return rankA < rankB }
        if a.1 != b.1 { return a.1 < b.1 }
        return identifierOrder[Int(a.0.type)] < identifierOrder[Int(b.0.type)]
    }
}
