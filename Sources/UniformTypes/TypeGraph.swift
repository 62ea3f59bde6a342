/// The compiled conformance graph of a set of type declarations, with indexes from tags to
/// types: the answer to "which type is this extension, this MIME type, this filename?" and
/// "does this type conform to that one?".
///
/// A graph is immutable and `Sendable`: compile it once and share it between threads. Every
/// type gets a dense integer id; the transitive closure of conformance is a precomputed bit
/// matrix, so ``UniformType/conforms(to:)`` is a single bit test; tags are in hash tables
/// keyed by case-folded bytes, so tag lookups do not allocate.
///
/// Compilation policy:
/// - An identifier declared more than once keeps one declaration: a system declaration of a
///   `public.` identifier always; otherwise the highest ``DeclarationTier`` (exported beats
///   imported beats system), the first one among equals.
/// - A parent that no declaration names is kept in the declaration but adds nothing to
///   conformance; ``unresolvedParents`` lists such edges.
/// - A conformance cycle is an error naming the identifiers on it.
/// - Every type conforms to itself.
///
/// ```swift
/// let graph = SystemTypeCatalog.graph
/// let jpeg = graph.type(filenameExtension: "JPG")!
/// jpeg.identifier                          // public.jpeg
/// jpeg.conforms(to: graph["public.image"]!) // true
/// ```
public struct TypeGraph: Sendable {
    let storage: Storage

    /// Compiles declarations into a graph.
    ///
    /// - Throws: ``UniformTypeError`` with code `.malformedDeclaration` for a conformance cycle or
    ///   a malformed identifier or tag.
    public init(declarations: [TypeDeclaration]) throws(UniformTypeError) {
        storage = try Storage(declarations: declarations)
    }

    /// The number of declared types.
    public var count: Int { storage.declarations.count }

    /// Every declared type, in declaration order.
    public var declaredTypes: [UniformType] {
        (0..<Int32(storage.declarations.count)).map { UniformType(storage, index: $0) }
    }

    /// The declarations the graph was compiled from, after duplicates were resolved.
    public var declarations: [TypeDeclaration] { storage.declarations }

    /// Parent edges that name an identifier no declaration declares: (child, missing parent).
    public var unresolvedParents: [(child: TypeIdentifier, parent: TypeIdentifier)] { storage.unresolvedParents }

    /// Declarations dropped because another declaration of the same identifier won.
    public var replacedDeclarations: [TypeDeclaration] { storage.replaced }

    /// An estimate of the memory the compiled graph holds, in bytes.
    public var approximateByteSize: Int { storage.approximateByteSize }

    /// Builds a new graph with more declarations added (for example the types apps declare),
    /// applying the same duplicate policy.
    public func adding(_ more: [TypeDeclaration]) throws(UniformTypeError) -> TypeGraph {
        try TypeGraph(declarations: storage.original + more)
    }
}

extension TypeGraph {
    /// One entry of a tag index: which type, with what weight, from how long a pattern.
    struct Candidate: Sendable {
        var type: Int32
        var weight: Int16
        var patternLength: Int16
    }

    @usableFromInline final class Storage: Sendable {
        let original: [TypeDeclaration]
        let declarations: [TypeDeclaration]
        let replaced: [TypeDeclaration]
        let unresolvedParents: [(child: TypeIdentifier, parent: TypeIdentifier)]
        let identifierTable: TagTable
        /// Direct parents by dense id (resolved edges only).
        let parents: [[Int32]]
        /// Proper ancestors in breadth-first order (nearest first), by dense id.
        let ancestors: [[Int32]]
        /// Transitive closure: bit `b` of row `a` is set when `a` conforms to `b`.
        @usableFromInline let closure: [UInt64]
        @usableFromInline let wordsPerRow: Int
        /// Candidate lists; tag tables map keys to an index in this array.
        let candidateLists: [[Candidate]]
        let extensionsFolded: TagTable
        let extensionsExact: TagTable
        let literalNamesFolded: TagTable
        let literalNamesExact: TagTable
        let mimeTypes: TagTable
        let otherTags: [TagClass: TagTable]
        let globs: [(pattern: GlobPattern, candidate: Candidate)]
        /// Globs to try for a name, by the folded first byte of their literal prefix; globs with
        /// no literal prefix by the folded last byte of their literal suffix; the rest always.
        let globsByFirstByte: [[Int32]]
        let globsByLastByte: [[Int32]]
        let unanchoredGlobs: [Int32]
        /// Dense ids of well-known roots used by dynamic types.
        let wellKnown: WellKnown

        struct WellKnown: Sendable {
            var item: Int32 = -1
            var data: Int32 = -1
            var content: Int32 = -1
            var image: Int32 = -1
            var audio: Int32 = -1
            var movie: Int32 = -1
            var text: Int32 = -1
            var font: Int32 = -1
            var model: Int32 = -1
        }

        init(declarations input: [TypeDeclaration]) throws(UniformTypeError) {
            original = input
            // 1. One declaration per identifier.
            var chosen: [TypeDeclaration] = []
            var position: [String: Int] = [:]
            var replacedDeclarations: [TypeDeclaration] = []
            for declaration in input {
                if let reason = TypeIdentifier.syntaxProblem(in: declaration.identifier.rawValue) {
                    throw UniformTypeError(
                        .malformedDeclaration, value: declaration.identifier.rawValue, source: declaration.origin,
                        location: "key identifier", reason: reason)
                }
                let key = declaration.identifier.folded
                guard let existing = position[key] else {
                    position[key] = chosen.count
                    chosen.append(declaration)
                    continue
                }
                let current = chosen[existing]
                let keepCurrent =
                    (current.tier == .system && current.identifier.isPublic) || current.tier >= declaration.tier
                if keepCurrent {
                    replacedDeclarations.append(declaration)
                } else {
                    replacedDeclarations.append(current)
                    chosen[existing] = declaration
                }
            }
            declarations = chosen
            replaced = replacedDeclarations
            let count = chosen.count
            identifierTable = TagTable(
                chosen.enumerated().map { (Array($0.element.identifier.rawValue.utf8), Int32($0.offset)) }, foldsCase: true)

            // 2. Resolve parent edges.
            var parentIDs: [[Int32]] = Array(repeating: [], count: count)
            var unresolved: [(child: TypeIdentifier, parent: TypeIdentifier)] = []
            for (index, declaration) in chosen.enumerated() {
                for parent in declaration.conformsTo {
                    if let parentID = identifierTable.value(for: parent.rawValue) {
                        if parentID != Int32(index) && !parentIDs[index].contains(parentID) {
                            parentIDs[index].append(parentID)
                        }
                    } else {
                        unresolved.append((declaration.identifier, parent))
                    }
                }
            }
            parents = parentIDs
            unresolvedParents = unresolved

            // 3. Topological order (parents first), detecting cycles.
            var order: [Int32] = []
            order.reserveCapacity(count)
            var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on stack, 2 done
            for root in 0..<count where state[root] == 0 {
                var stack: [(node: Int, next: Int)] = [(root, 0)]
                state[root] = 1
                while let top = stack.last {
                    let edges = parentIDs[top.node]
                    if top.next < edges.count {
                        stack[stack.count - 1].next += 1
                        let parent = Int(edges[top.next])
                        if state[parent] == 1 {
                            let path = stack.map { chosen[$0.node].identifier.rawValue }
                            let start = path.firstIndex(of: chosen[parent].identifier.rawValue) ?? 0
                            let cycle = path[start...] + [chosen[parent].identifier.rawValue]
                            throw UniformTypeError(
                                .malformedDeclaration, value: chosen[parent].identifier.rawValue,
                                source: chosen[top.node].origin, location: "key conforms_to",
                                reason: "conformance cycle: " + cycle.joined(separator: " -> "))
                        }
                        if state[parent] == 0 {
                            state[parent] = 1
                            stack.append((parent, 0))
                        }
                    } else {
                        state[top.node] = 2
                        order.append(Int32(top.node))
                        stack.removeLast()
                    }
                }
            }

            // 4. Transitive closure in topological order.
            let words = (count + 63) / 64
            wordsPerRow = max(words, 1)
            var bits = [UInt64](repeating: 0, count: max(words, 1) * count)
            for node in order {
                let row = Int(node) * words
                bits[row + Int(node) / 64] |= 1 << UInt64(Int(node) % 64)
                for parent in parentIDs[Int(node)] {
                    let parentRow = Int(parent) * words
                    for word in 0..<words { bits[row + word] |= bits[parentRow + word] }
                }
            }
            closure = bits

            // 5. Breadth-first ancestors.
            var ancestorLists: [[Int32]] = []
            ancestorLists.reserveCapacity(count)
            var visitedIn = [Int32](repeating: -1, count: count)  // the last search that reached each type
            var queue: [Int32] = []
            for index in 0..<count {
                visitedIn[index] = Int32(index)
                queue.removeAll(keepingCapacity: true)
                queue.append(contentsOf: parentIDs[index])
                var result: [Int32] = []
                var head = 0
                while head < queue.count {
                    let next = queue[head]
                    head += 1
                    if visitedIn[Int(next)] != Int32(index) {
                        visitedIn[Int(next)] = Int32(index)
                        result.append(next)
                        queue.append(contentsOf: parentIDs[Int(next)])
                    }
                }
                ancestorLists.append(result)
            }
            ancestors = ancestorLists

            // 6. Tag indexes.
            var lists: [[Candidate]] = []
            // How well each declaration's facts are verified, best first (apps' after the system's).
            let verificationRanks: [UInt8] = chosen.map { declaration in
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
            // Identifier order for ties, computed once.
            let identifierOrder: [Int32] = {
                let folded = chosen.map { Array($0.identifier.folded.utf8) }
                let sorted = (0..<count).sorted { folded[$0].lexicographicallyPrecedes(folded[$1]) }
                var order = [Int32](repeating: 0, count: count)
                for (rank, index) in sorted.enumerated() { order[index] = Int32(rank) }
                return order
            }()
            func table(_ entries: [String: [(Candidate, Int)]], foldsCase: Bool) -> TagTable {
                var rows: [(key: [UInt8], value: Int32)] = []
                rows.reserveCapacity(entries.count)
                for (key, candidates) in entries {
                    // The heaviest entry of each type (lists are short: a linear search is enough).
                    var best: [(Candidate, Int)] = []
                    for (candidate, tagPosition) in candidates {
                        if let existing = best.firstIndex(where: { $0.0.type == candidate.type }) {
                            if best[existing].0.weight < candidate.weight { best[existing] = (candidate, tagPosition) }
                        } else {
                            best.append((candidate, tagPosition))
                        }
                    }
                    if best.count > 1 {
                        best.sort { a, b in
                            if a.0.weight != b.0.weight { return a.0.weight > b.0.weight }
                            let rankA = verificationRanks[Int(a.0.type)]
                            let rankB = verificationRanks[Int(b.0.type)]
                            if rankA != rankB { return rankA < rankB }
                            if a.1 != b.1 { return a.1 < b.1 }
                            return identifierOrder[Int(a.0.type)] < identifierOrder[Int(b.0.type)]
                        }
                    }
                    rows.append((Array(key.utf8), Int32(lists.count)))
                    lists.append(best.map(\.0))
                }
                return TagTable(rows, foldsCase: foldsCase)
            }

            var extensionFolded: [String: [(Candidate, Int)]] = [:]
            var extensionExact: [String: [(Candidate, Int)]] = [:]
            var literalFolded: [String: [(Candidate, Int)]] = [:]
            var literalExact: [String: [(Candidate, Int)]] = [:]
            var mime: [String: [(Candidate, Int)]] = [:]
            var other: [TagClass: [String: [(Candidate, Int)]]] = [:]
            var globList: [(pattern: GlobPattern, candidate: Candidate)] = []
            for (index, declaration) in chosen.enumerated() {
                let type = Int32(index)
                var globExtensions: Set<String> = []
                for pattern in declaration.filenamePatterns {
                    let weight = Int16(clamping: pattern.weight)
                    let length = Int16(clamping: pattern.pattern.utf8.count)
                    let candidate = Candidate(type: type, weight: weight, patternLength: length)
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
                        globList.append((GlobPattern(pattern.pattern, caseSensitive: pattern.isCaseSensitive), candidate))
                    }
                }
                for (position, ext) in declaration.filenameExtensions.enumerated() {
                    let folded = ASCIICaseFolding.folded(ext)
                    if folded.isEmpty || globExtensions.contains(folded) { continue }
                    let candidate = Candidate(
                        type: type, weight: Int16(FilenamePattern.extensionTagWeight),
                        patternLength: Int16(clamping: folded.utf8.count + 2))
                    extensionFolded[folded, default: []].append((candidate, position))
                }
                for (position, value) in declaration.mimeTypes.enumerated() {
                    let folded = ASCIICaseFolding.folded(String(MIMEEssence.essence(of: value)))
                    if folded.isEmpty { continue }
                    mime[folded, default: []].append((Candidate(type: type, weight: 50, patternLength: 0), position))
                }
                for (tagClass, values) in declaration.tags where tagClass != .mimeType && tagClass != .filenameExtension {
                    for (position, value) in values.enumerated() {
                        other[tagClass, default: [:]][ASCIICaseFolding.folded(value), default: []].append(
                            (Candidate(type: type, weight: 50, patternLength: 0), position))
                    }
                }
            }
            extensionsFolded = table(extensionFolded, foldsCase: true)
            extensionsExact = table(extensionExact, foldsCase: false)
            literalNamesFolded = table(literalFolded, foldsCase: true)
            literalNamesExact = table(literalExact, foldsCase: false)
            mimeTypes = table(mime, foldsCase: true)
            otherTags = other.mapValues { table($0, foldsCase: true) }
            let sortedGlobs = globList.sorted { $0.candidate.weight > $1.candidate.weight }
            globs = sortedGlobs
            var byFirst = [[Int32]](repeating: [], count: 256)
            var byLast = [[Int32]](repeating: [], count: 256)
            var unanchored: [Int32] = []
            for (index, glob) in sortedGlobs.enumerated() {
                if let first = glob.pattern.literalPrefix.first {
                    byFirst[Int(ASCIICaseFolding.fold(first))].append(Int32(index))
                } else if let last = glob.pattern.literalSuffix.last {
                    byLast[Int(ASCIICaseFolding.fold(last))].append(Int32(index))
                } else {
                    unanchored.append(Int32(index))
                }
            }
            globsByFirstByte = byFirst
            globsByLastByte = byLast
            unanchoredGlobs = unanchored
            candidateLists = lists

            var known = WellKnown()
            known.item = identifierTable.value(for: "public.item") ?? -1
            known.data = identifierTable.value(for: "public.data") ?? -1
            known.content = identifierTable.value(for: "public.content") ?? -1
            known.image = identifierTable.value(for: "public.image") ?? -1
            known.audio = identifierTable.value(for: "public.audio") ?? -1
            known.movie = identifierTable.value(for: "public.movie") ?? -1
            known.text = identifierTable.value(for: "public.text") ?? -1
            known.font = identifierTable.value(for: "public.font") ?? -1
            known.model = identifierTable.value(for: "public.3d-content") ?? -1
            wellKnown = known
        }

        @inlinable @inline(__always)
        func conforms(_ type: Int32, to ancestor: Int32) -> Bool {
            let word = closure[Int(type) &* wordsPerRow &+ Int(ancestor) >> 6]
            return word & (1 << UInt64(ancestor & 63)) != 0
        }

        var approximateByteSize: Int {
            var total = closure.count * 8
            total += identifierTable.byteSize + extensionsFolded.byteSize + extensionsExact.byteSize
            total += literalNamesFolded.byteSize + literalNamesExact.byteSize + mimeTypes.byteSize
            total += candidateLists.reduce(0) { $0 + $1.count * 8 + 32 }
            total += parents.reduce(0) { $0 + $1.count * 4 + 32 } + ancestors.reduce(0) { $0 + $1.count * 4 + 32 }
            for declaration in declarations {
                total += 200 + declaration.description.utf8.count + declaration.identifier.rawValue.utf8.count
                for values in declaration.tags.values { total += values.reduce(0) { $0 + $1.utf8.count + 16 } }
                total += declaration.filenamePatterns.count * 40 + declaration.conformsTo.count * 24
            }
            return total
        }
    }
}
