/// Compiles type declarations into a graph image (see ``TypeGraph`` for the policy).
///
/// The image holds everything lookups read — the closure bit matrix, parents and ancestors,
/// the tag hash tables and candidate lists, the globs, and the declarations themselves — so a
/// graph reads the same bytes whether it was just compiled or mapped from an image file.
enum GraphCompiler {
    struct Output {
        var image: [UInt8]
        var chosen: [TypeDeclaration]
    }

    /// Compiles `input`; `sourceDigest` is recorded as its identity, or when `nil` the digest of
    /// the declarations themselves (``TypeGraph/sourceDigest(of:)``), from the same encodings the
    /// image stores.
    static func compile(_ input: [TypeDeclaration], sourceDigest: UInt64?) throws(UniformTypeError) -> Output {
        let encoded = input.map(DeclarationCoding.encode)
        // 1. One declaration per identifier (kept and replaced ones by their position in `input`).
        var chosen: [TypeDeclaration] = []
        var chosenInput: [Int] = []
        var position: [String: Int] = [:]
        var replacedInput: [Int] = []
        for (inputIndex, declaration) in input.enumerated() {
            if let reason = TypeIdentifier.syntaxProblem(in: declaration.identifier.rawValue) {
                throw UniformTypeError(
                    .malformedDeclaration, value: declaration.identifier.rawValue, source: declaration.origin,
                    location: "key identifier", reason: reason)
            }
            let key = declaration.identifier.folded
            guard let existing = position[key] else {
                position[key] = chosen.count
                chosen.append(declaration)
                chosenInput.append(inputIndex)
                continue
            }
            let current = chosen[existing]
            let keepCurrent = (current.tier == .system && current.identifier.isPublic) || current.tier >= declaration.tier
            if keepCurrent {
                replacedInput.append(inputIndex)
            } else {
                replacedInput.append(chosenInput[existing])
                chosen[existing] = declaration
                chosenInput[existing] = inputIndex
            }
        }
        let count = chosen.count

        // 2. Resolve parent edges (unresolved ones add nothing).
        var parentIDs: [[Int32]] = Array(repeating: [], count: count)
        for (index, declaration) in chosen.enumerated() {
            for parent in declaration.conformsTo {
                if let parentID = position[parent.folded] {
                    let id = Int32(parentID)
                    if parentID != index && !parentIDs[index].contains(id) { parentIDs[index].append(id) }
                }
            }
        }

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

        var writer = GraphImageWriter()
        let words = max((count + 63) / 64, 1)
        writer.writeWord(GraphImageLayout.magic)
        writer.writeWord(GraphImageLayout.formatVersion)
        writer.writeWord(sourceDigest ?? SourceDigest.of(encoded))
        writer.writeWord(0)  // total length, patched below
        writer.writeWord(UInt64(count))
        writer.writeWord(UInt64(words))

        // 4. Transitive closure in topological order.
        var bits = [UInt64](repeating: 0, count: words * count)
        for node in order {
            let row = Int(node) * words
            bits[row + Int(node) / 64] |= 1 << UInt64(Int(node) % 64)
            for parent in parentIDs[Int(node)] {
                let parentRow = Int(parent) * words
                for word in 0..<words { bits[row + word] |= bits[parentRow + word] }
            }
        }
        writer.writeArray(bits)
        writeLists(parentIDs, to: &writer)

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
        writeLists(ancestorLists, to: &writer)

        // 6. Tag indexes.
        let tags = TagIndexes(chosen)
        writeLists(tags.lists.map { $0.map(\.packed) }, to: &writer)
        TagTable.write(
            chosen.enumerated().map { (Array($0.element.identifier.rawValue.utf8), Int32($0.offset)) }, foldsCase: true,
            to: &writer)
        for (rows, foldsCase) in [
            (tags.extensionsFolded, true), (tags.extensionsExact, false), (tags.literalNamesFolded, true),
            (tags.literalNamesExact, false), (tags.mimeTypes, true),
        ] {
            TagTable.write(rows, foldsCase: foldsCase, to: &writer)
        }
        let otherClasses = tags.otherTags.keys.sorted { $0.rawValue < $1.rawValue }
        writer.writeWord(UInt64(otherClasses.count))
        for tagClass in otherClasses {
            writer.writeArray(Array(tagClass.rawValue.utf8))
            TagTable.write(tags.otherTags[tagClass] ?? [], foldsCase: true, to: &writer)
        }
        writer.writeWord(UInt64(tags.globs.count))
        for glob in tags.globs {
            writer.writeArray(Array(glob.pattern.utf8))
            writer.writeWord(glob.caseSensitive ? 1 : 0)
            writer.writeWord(glob.candidate.packed)
        }

        // 7. The declarations themselves, decoded only when asked for.
        writer.writeStrings(chosenInput.map { encoded[$0] })
        writer.writeStrings(replacedInput.map { encoded[$0] })
        writer.patchWord(at: 24, UInt64(writer.bytes.count))
        return Output(image: writer.bytes, chosen: chosen)
    }

    /// Writes lists of integers as offsets (`count + 1`) and the joined values.
    static func writeLists<T: FixedWidthInteger>(_ lists: [[T]], to writer: inout GraphImageWriter) {
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(lists.count + 1)
        var values: [T] = []
        for list in lists {
            values.append(contentsOf: list)
            offsets.append(Int32(values.count))
        }
        writer.writeArray(offsets)
        writer.writeArray(values)
    }
}

/// The tag indexes of a set of chosen declarations: for each key, its candidates in preference
/// order (glob weight, then how well the declaration is verified, then the tag's position in
/// the declaration, then identifier), and the general globs heaviest first.
private struct TagIndexes {
    var lists: [[TypeGraph.Candidate]] = []
    var extensionsFolded: [(key: [UInt8], value: Int32)] = []
    var extensionsExact: [(key: [UInt8], value: Int32)] = []
    var literalNamesFolded: [(key: [UInt8], value: Int32)] = []
    var literalNamesExact: [(key: [UInt8], value: Int32)] = []
    var mimeTypes: [(key: [UInt8], value: Int32)] = []
    var otherTags: [TagClass: [(key: [UInt8], value: Int32)]] = [:]
    var globs: [(pattern: String, caseSensitive: Bool, candidate: TypeGraph.Candidate)] = []

    init(_ chosen: [TypeDeclaration]) {
        let count = chosen.count
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
        let identifierOrder: [Int32] = {
            let folded = chosen.map { Array($0.identifier.folded.utf8) }
            let sorted = (0..<count).sorted { folded[$0].lexicographicallyPrecedes(folded[$1]) }
            var order = [Int32](repeating: 0, count: count)
            for (rank, index) in sorted.enumerated() { order[index] = Int32(rank) }
            return order
        }()
        var lists: [[TypeGraph.Candidate]] = []
        func rows(_ entries: [String: [(TypeGraph.Candidate, Int)]]) -> [(key: [UInt8], value: Int32)] {
            var rows: [(key: [UInt8], value: Int32)] = []
            rows.reserveCapacity(entries.count)
            // Keys in a fixed order, so the same declarations always give the same image.
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
            return rows
        }

        var extensionFolded: [String: [(TypeGraph.Candidate, Int)]] = [:]
        var extensionExact: [String: [(TypeGraph.Candidate, Int)]] = [:]
        var literalFolded: [String: [(TypeGraph.Candidate, Int)]] = [:]
        var literalExact: [String: [(TypeGraph.Candidate, Int)]] = [:]
        var mime: [String: [(TypeGraph.Candidate, Int)]] = [:]
        var other: [TagClass: [String: [(TypeGraph.Candidate, Int)]]] = [:]
        var globList: [(pattern: String, caseSensitive: Bool, candidate: TypeGraph.Candidate)] = []
        for (index, declaration) in chosen.enumerated() {
            let type = Int32(index)
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
                    globList.append((pattern.pattern, pattern.isCaseSensitive, candidate))
                }
            }
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
        extensionsFolded = rows(extensionFolded)
        extensionsExact = rows(extensionExact)
        literalNamesFolded = rows(literalFolded)
        literalNamesExact = rows(literalExact)
        mimeTypes = rows(mime)
        for tagClass in other.keys.sorted(by: { $0.rawValue < $1.rawValue }) { otherTags[tagClass] = rows(other[tagClass] ?? [:]) }
        // Heaviest first; the sort is stable, so equal weights keep declaration order.
        globs = globList.enumerated().sorted { a, b in
            a.element.candidate.weight != b.element.candidate.weight
                ? a.element.candidate.weight > b.element.candidate.weight : a.offset < b.offset
        }.map(\.element)
        self.lists = lists
    }
}
