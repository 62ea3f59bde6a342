/// Compiles type declarations into a graph image (see ``TypeGraph`` for the policy).
///
/// The image holds everything lookups read — the closure bit matrix, parents and ancestors,
/// the tag hash tables and candidate lists, the globs, and the declarations themselves — so a
/// graph reads the same bytes whether it was just compiled or mapped from an image file.
///
/// Compiling runs in steps, each its own function: choose one declaration per identifier,
/// resolve parent edges, order the types parents first (refusing cycles), then write the header,
/// the transitive closure, the parents, the breadth-first ancestors, the tag indexes and the
/// declarations themselves.
enum GraphCompiler {
    struct Output {
        var image: [UInt8]
        var chosen: [TypeDeclaration]
    }

    /// The declarations kept, one per identifier, and where each kept and replaced one stood in
    /// the input.
    struct Selection {
        var chosen: [TypeDeclaration] = []
        /// The input position of each chosen declaration.
        var chosenInput: [Int] = []
        /// The input positions of the declarations another one replaced or outranked.
        var replacedInput: [Int] = []
        /// The position in `chosen` of each folded identifier.
        var position: [String: Int] = [:]
    }

    /// Compiles `input`; `sourceDigest` is recorded as its identity, or when `nil` the digest of
    /// the declarations themselves (``TypeGraph/sourceDigest(of:)``), from the same encodings the
    /// image stores.
    static func compile(_ input: [TypeDeclaration], sourceDigest: UInt64?) throws(UniformTypeError) -> Output {
        let encoded = input.map(DeclarationCoding.encode)
        let selection = try select(input)
        let chosen = selection.chosen
        let parentIDs = parentEdges(of: chosen, position: selection.position)
        let order = try parentsFirstOrder(chosen, parentIDs: parentIDs)

        var writer = GraphImageWriter()
        let words = max((chosen.count + 63) / 64, 1)
        writer.writeWord(GraphImageLayout.magic)
        writer.writeWord(GraphImageLayout.formatVersion)
        writer.writeWord(sourceDigest ?? SourceDigest.of(encoded))
        writer.writeWord(0)  // total length, patched below
        writer.writeWord(UInt64(chosen.count))
        writer.writeWord(UInt64(words))
        // The roots dynamic types conform to, so opening an image probes no table for them.
        for root in [TypeIdentifier.item, .data, .content] {
            writer.writeWord(selection.position[root.folded].map { UInt64($0) } ?? GraphImageLayout.absent)
        }
        // How many leading types are the embedded system table's, at its ordinals; whether
        // they keep the table's parents (1) or not (0); the digest of that table.
        let lead = SystemTypeCatalog.leadingCount(of: chosen)
        writer.writeWord(UInt64(lead))
        writer.writeWord(leadKeepsSystemParents(lead, parentIDs: parentIDs, position: selection.position) ? 1 : 0)
        writer.writeWord(SystemTypeCatalog.tableDigest)
        // What opening an image checks comes first (candidate lists, globs), so it is read
        // from the first pages.
        writeTagIndexes(of: chosen, to: &writer)
        writer.writeArray(closure(order: order, parentIDs: parentIDs, words: words))
        writeLists(parentIDs, to: &writer)
        writeLists(breadthFirstAncestors(parentIDs), to: &writer)
        // The declarations themselves, decoded only when asked for.
        writer.writeStrings(selection.chosenInput.map { encoded[$0] })
        writer.writeStrings(selection.replacedInput.map { encoded[$0] })
        writer.patchWord(atIndex: 3, UInt64(writer.size))
        return Output(image: writer.bytes, chosen: chosen)
    }

    /// Whether the graph's first `lead` types (the embedded system table's, at its ordinals)
    /// have exactly the parents the table gives them: no later declaration replaced one with
    /// other parents or declared a parent the table names but lacks. Their ancestors, and so
    /// every conformance among them, are then those of ``SystemTypeCatalog/graph``.
    static func leadKeepsSystemParents(_ lead: Int, parentIDs: [[Int32]], position: [String: Int]) -> Bool {
        guard lead > 0, let table = try? SystemTypeCatalog.declarations(), table.count == lead else { return false }
        for (index, declaration) in table.enumerated() {
            var expected: [Int32] = []
            for parent in declaration.conformsTo {
                guard let parentID = position[parent.folded] else { continue }
                guard parentID < lead else { return false }
                let id = Int32(parentID)
                if parentID != index && !expected.contains(id) { expected.append(id) }
            }
            if expected != parentIDs[index] { return false }
        }
        return true
    }

    /// Step 1: one declaration per identifier. A system `public.*` declaration is never
    /// replaced; otherwise a higher tier replaces a lower one, and the first of equal tiers stays.
    /// A malformed identifier is an error.
    static func select(_ input: [TypeDeclaration]) throws(UniformTypeError) -> Selection {
        var selection = Selection()
        for (inputIndex, declaration) in input.enumerated() {
            if let reason = TypeIdentifier.syntaxProblem(in: declaration.identifier.rawValue) {
                throw UniformTypeError(
                    .malformedDeclaration, value: declaration.identifier.rawValue, source: declaration.origin,
                    location: "key identifier", reason: reason)
            }
            let key = declaration.identifier.folded
            guard let existing = selection.position[key] else {
                selection.position[key] = selection.chosen.count
                selection.chosen.append(declaration)
                selection.chosenInput.append(inputIndex)
                continue
            }
            let current = selection.chosen[existing]
            let keepCurrent = (current.tier == .system && current.identifier.isPublic) || current.tier >= declaration.tier
            if keepCurrent {
                selection.replacedInput.append(inputIndex)
            } else {
                selection.replacedInput.append(selection.chosenInput[existing])
                selection.chosen[existing] = declaration
                selection.chosenInput[existing] = inputIndex
            }
        }
        return selection
    }

    /// Step 2: each type's parents, in declaration order, without duplicates or itself; parents
    /// that are not declared add nothing.
    static func parentEdges(of chosen: [TypeDeclaration], position: [String: Int]) -> [[Int32]] {
        var parentIDs: [[Int32]] = Array(repeating: [], count: chosen.count)
        for (index, declaration) in chosen.enumerated() {
            for parent in declaration.conformsTo {
                if let parentID = position[parent.folded] {
                    let id = Int32(parentID)
                    if parentID != index && !parentIDs[index].contains(id) { parentIDs[index].append(id) }
                }
            }
        }
        return parentIDs
    }

    /// Step 3: the types in topological order, parents first (a depth-first search from each
    /// type in turn); a conformance cycle is an error that names the cycle.
    static func parentsFirstOrder(_ chosen: [TypeDeclaration], parentIDs: [[Int32]]) throws(UniformTypeError) -> [Int32] {
        let count = chosen.count
        var order: [Int32] = []
        order.reserveCapacity(count)
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on stack, 2 done
        for root in 0..<count where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                let edges = parentIDs[top.node]
                guard top.next < edges.count else {
                    state[top.node] = 2
                    order.append(Int32(top.node))
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let parent = Int(edges[top.next])
                if state[parent] == 1 {
                    throw cycleError(through: parent, stack: stack.map(\.node), chosen: chosen)
                }
                if state[parent] == 0 {
                    state[parent] = 1
                    stack.append((parent, 0))
                }
            }
        }
        return order
    }

    /// The error for a conformance cycle that reaches `parent` again from the search `stack`.
    private static func cycleError(through parent: Int, stack: [Int], chosen: [TypeDeclaration]) -> UniformTypeError {
        let path = stack.map { chosen[$0].identifier.rawValue }
        let start = path.firstIndex(of: chosen[parent].identifier.rawValue) ?? 0
        let cycle = path[start...] + [chosen[parent].identifier.rawValue]
        return UniformTypeError(
            .malformedDeclaration, value: chosen[parent].identifier.rawValue,
            source: chosen[stack[stack.count - 1]].origin, location: "key conforms_to",
            reason: "conformance cycle: " + cycle.joined(separator: " -> "))
    }

    /// Step 4: the transitive closure as a bit matrix (`words` words a row; a type conforms to
    /// itself), built in topological order so each parent's row is complete before it is used.
    static func closure(order: [Int32], parentIDs: [[Int32]], words: Int) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: words * parentIDs.count)
        for node in order {
            let row = Int(node) * words
            bits[row + Int(node) / 64] |= 1 << UInt64(Int(node) % 64)
            for parent in parentIDs[Int(node)] {
                let parentRow = Int(parent) * words
                for word in 0..<words { bits[row + word] |= bits[parentRow + word] }
            }
        }
        return bits
    }

    /// Step 5: each type's ancestors in breadth-first order (nearest first, each once).
    static func breadthFirstAncestors(_ parentIDs: [[Int32]]) -> [[Int32]] {
        let count = parentIDs.count
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
        return ancestorLists
    }

    /// Step 6: the tag indexes — candidate lists, the general globs, the identifier table, the
    /// extension, literal name and MIME tables, the trie of extensions and literal names
    /// (``NameSuffixTrie``), then the other tag classes by name.
    static func writeTagIndexes(of chosen: [TypeDeclaration], to writer: inout GraphImageWriter) {
        let tags = TagIndexes(chosen)
        writeLists(tags.lists.map { $0.map(\.packed) }, to: &writer)
        writer.writeWord(UInt64(tags.globs.count))
        for glob in tags.globs {
            writer.writeArray(Array(glob.pattern.utf8))
            writer.writeWord(glob.caseSensitive ? 1 : 0)
            writer.writeWord(glob.candidate.packed)
        }
        TagTable.write(
            chosen.enumerated().map { (Array($0.element.identifier.rawValue.utf8), Int32($0.offset)) }, foldsCase: true,
            to: &writer)
        for (rows, foldsCase) in [
            (tags.extensionsFolded, true), (tags.extensionsExact, false), (tags.literalNamesFolded, true),
            (tags.literalNamesExact, false), (tags.mimeTypes, true),
        ] {
            TagTable.write(rows, foldsCase: foldsCase, to: &writer)
        }
        NameSuffixTrie.write(
            extensions: tags.extensionsFolded, caseSensitiveExtensions: tags.extensionsExact, literals: tags.literalNamesFolded,
            caseSensitiveLiterals: tags.literalNamesExact, to: &writer)
        let otherClasses = tags.otherTags.keys.sorted { $0.rawValue < $1.rawValue }
        writer.writeWord(UInt64(otherClasses.count))
        for tagClass in otherClasses {
            writer.writeArray(Array(tagClass.rawValue.utf8))
            TagTable.write(tags.otherTags[tagClass] ?? [], foldsCase: true, to: &writer)
        }
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
