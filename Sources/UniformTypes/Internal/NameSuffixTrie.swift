/// Every extension pattern and literal name of a graph, as one trie over their folded bytes read
/// from the end: a filename is matched by one walk from its last byte towards its first, with
/// no hashing, however many dots it has.
///
/// A node stands for a folded suffix of the name. Reaching a `.` with the walk at node `n` means
/// the name ends with `.` and `n`'s suffix, so `n`'s extension patterns match (`*.gz`, then,
/// further on, `*.tar.gz`); reaching the first byte means the whole name is `n`'s suffix, so
/// `n`'s literal names match (`Makefile`). The walk ends where no pattern continues.
///
/// A node records the candidate list of its case-insensitive patterns and whether some
/// case-sensitive pattern folds to its suffix (`*.C` beside `*.c`); only then is the
/// case-sensitive table asked, with the name's own bytes.
///
/// The trie is a double array: node `n`'s child by byte `b` is the slot `base[n] + b` when that
/// slot's `check` is `n`, so a step is two loads and a compare, whatever the number of children.
///
/// The trie reads memory owned by its graph's ``GraphImage``. Its shape is checked when read and
/// each step when taken: a slot outside the arrays or a list number not below the limit is no
/// match, so a damaged image can answer wrongly but never read out of bounds. A walk takes at
/// most one step per byte of the name.
struct NameSuffixTrie: @unchecked Sendable {
    /// Per slot: where the children of the node in it start (a child by byte `b` lies at `base + b`).
    private let bases: UnsafeBufferPointer<Int32>
    /// Per slot: the slot of its node's parent (-1 for a free slot and the root).
    private let checks: UnsafeBufferPointer<Int32>
    /// The candidate list of each node's case-insensitive extension patterns, or -1.
    private let extensionLists: UnsafeBufferPointer<Int32>
    /// The candidate list of each node's case-insensitive literal names, or -1.
    private let literalLists: UnsafeBufferPointer<Int32>
    /// Per node: ``caseSensitiveExtension`` and ``caseSensitiveLiteral``.
    private let flags: UnsafeBufferPointer<UInt8>
    private let valueLimit: Int32

    static let caseSensitiveExtension: UInt8 = 1
    static let caseSensitiveLiteral: UInt8 = 2

    /// The root: the empty suffix.
    static let root: Int32 = 0

    /// Reads a trie written by ``write(extensions:caseSensitiveExtensions:literals:caseSensitiveLiterals:to:)``;
    /// `nil` when its sections do not fit together. List numbers at or above `valueLimit` are
    /// no list.
    init?(reading reader: inout GraphImageReader, valueLimit: Int) {
        guard let bases = reader.readArray(of: Int32.self), let checks = reader.readArray(of: Int32.self),
            let extensionLists = reader.readArray(of: Int32.self), let literalLists = reader.readArray(of: Int32.self),
            let flags = reader.readArray(of: UInt8.self)
        else { return nil }
        let slots = bases.count
        guard slots >= 1, slots < Int(Int32.max), checks.count == slots, extensionLists.count == slots, literalLists.count == slots,
            flags.count == slots, valueLimit <= Int(Int32.max)
        else { return nil }
        self.bases = bases
        self.checks = checks
        self.extensionLists = extensionLists
        self.literalLists = literalLists
        self.flags = flags
        self.valueLimit = Int32(valueLimit)
    }

    /// The node reached from `node` (the root or a node this trie returned) by the folded byte
    /// `byte`, or `nil`.
    @inline(__always)
    func child(of node: Int32, byte: UInt8) -> Int32? {
        // One unsigned compare refuses a slot below 0 or past the end; slot 0, the root's,
        // holds no node's child (its check is -1), and a damaged image that says otherwise
        // leads back to the root, which no walk can loop on: each step takes a byte.
        let slot = Int(bases[Int(node)]) &+ Int(byte)
        guard UInt(bitPattern: slot) < UInt(checks.count), checks[slot] == node else { return nil }
        return Int32(truncatingIfNeeded: slot)
    }

    /// The node whose suffix is all of `key` (folded), or `nil` when no pattern ends with it.
    @inline(__always)
    func node(spelling key: UnsafeBufferPointer<UInt8>) -> Int32? {
        var node = Self.root
        var index = key.count
        while index > 0 {
            index -= 1
            guard let next = child(of: node, byte: ASCIICaseFolding.fold(key[index])) else { return nil }
            node = next
        }
        return node
    }

    /// What a node holds for one kind of pattern (extensions, or literal names).
    struct Patterns {
        /// The candidate list of the case-insensitive patterns, or -1.
        let list: Int32
        /// Whether some case-sensitive pattern folds to the node's suffix.
        let caseSensitive: Bool

        /// The list for `key`, the name's own bytes for the node's suffix: the entry of
        /// `caseSensitiveTable` spelled as `key` when a case-sensitive pattern folds here and
        /// matches, else the case-insensitive list.
        @inline(__always)
        func preferredList(for key: UnsafeBufferPointer<UInt8>, caseSensitiveTable: TagTable) -> Int32? {
            if caseSensitive, let exact = caseSensitiveTable.value(for: key) { return exact }
            return list >= 0 ? list : nil
        }
    }

    /// The extension patterns of `node`.
    @inline(__always)
    func extensions(at node: Int32) -> Patterns {
        Patterns(list: checked(extensionLists[Int(node)]), caseSensitive: flags[Int(node)] & Self.caseSensitiveExtension != 0)
    }

    /// The literal names of `node`.
    @inline(__always)
    func literals(at node: Int32) -> Patterns {
        Patterns(list: checked(literalLists[Int(node)]), caseSensitive: flags[Int(node)] & Self.caseSensitiveLiteral != 0)
    }

    @inline(__always)
    private func checked(_ list: Int32) -> Int32 { list >= 0 && list < valueLimit ? list : -1 }

    /// Writes the trie of the tag tables' rows: case-insensitive rows (folded keys) give their
    /// node's list, case-sensitive rows mark their folded key's node.
    static func write(
        extensions: [TagIndexes.Row], caseSensitiveExtensions: [TagIndexes.Row], literals: [TagIndexes.Row],
        caseSensitiveLiterals: [TagIndexes.Row], to writer: inout GraphImageWriter
    ) {
        var builder = Builder()
        for row in extensions { builder.nodes[builder.index(for: row.key)].extensionList = row.value }
        for row in caseSensitiveExtensions { builder.nodes[builder.index(for: row.key)].flags |= caseSensitiveExtension }
        for row in literals { builder.nodes[builder.index(for: row.key)].literalList = row.value }
        for row in caseSensitiveLiterals { builder.nodes[builder.index(for: row.key)].flags |= caseSensitiveLiteral }
        builder.write(to: &writer)
    }

    /// The trie while it is built: nodes with their children by byte, then placed in slots
    /// breadth-first, each node's children at the first base where all their slots are free.
    private struct Builder {
        struct Node {
            var children: [UInt8: Int] = [:]
            var extensionList: Int32 = -1
            var literalList: Int32 = -1
            var flags: UInt8 = 0
        }
        var nodes = [Node()]

        /// The node of `key`'s folded bytes read from the end, made as needed.
        mutating func index(for key: [UInt8]) -> Int {
            var current = 0
            for byte in key.reversed().map(ASCIICaseFolding.fold) {
                if let next = nodes[current].children[byte] {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].children[byte] = nodes.count - 1
                    current = nodes.count - 1
                }
            }
            return current
        }

        /// The base of a node without children.
        static let leafBase = -Int32(UInt8.max) - 1

        func write(to writer: inout GraphImageWriter) {
            var bases: [Int32] = [0]
            var checks: [Int32] = [-1]
            var used: [Bool] = [true]
            // The first free slot at or after each slot, found with path halving: placing a node
            // costs about one look per free slot tried, not one per slot passed over.
            var nextFree: [Int] = [1]
            var slotOf = [Int](repeating: -1, count: nodes.count)
            slotOf[0] = 0
            func grow(to count: Int) {
                while used.count < count {
                    bases.append(0)
                    checks.append(-1)
                    used.append(false)
                    nextFree.append(nextFree.count)
                }
            }
            func free(atOrAfter slot: Int) -> Int {
                grow(to: slot + 1)
                var slot = slot
                while nextFree[slot] != slot {
                    let next = nextFree[nextFree[slot]]
                    nextFree[slot] = next
                    slot = next
                    grow(to: slot + 1)
                }
                return slot
            }
            var queue = [0]
            var next = 0
            while next < queue.count {
                let node = queue[next]
                next += 1
                let bytes = nodes[node].children.keys.sorted()
                guard let first = bytes.first, let last = bytes.last else {
                    // A leaf's base sends every byte below slot 0: a walk ends there without
                    // reading a check.
                    bases[slotOf[node]] = Self.leafBase
                    continue
                }
                // The first base at which every child's slot is free (and no child is the root).
                var firstSlot = free(atOrAfter: Int(first) + 1)
                while true {
                    let base = firstSlot - Int(first)
                    grow(to: base + Int(last) + 1)
                    if bytes.allSatisfy({ !used[base + Int($0)] }) { break }
                    firstSlot = free(atOrAfter: firstSlot + 1)
                }
                let base = firstSlot - Int(first)
                bases[slotOf[node]] = Int32(base)
                for byte in bytes {
                    let child = nodes[node].children[byte]!
                    let slot = base + Int(byte)
                    grow(to: slot + 2)
                    used[slot] = true
                    nextFree[slot] = slot + 1
                    checks[slot] = Int32(slotOf[node])
                    slotOf[child] = slot
                    queue.append(child)
                }
            }
            var extensionLists = [Int32](repeating: -1, count: used.count)
            var literalLists = extensionLists
            var flags = [UInt8](repeating: 0, count: used.count)
            for (node, slot) in slotOf.enumerated() {
                extensionLists[slot] = nodes[node].extensionList
                literalLists[slot] = nodes[node].literalList
                flags[slot] = nodes[node].flags
            }
            writer.writeArray(bases)
            writer.writeArray(checks)
            writer.writeArray(extensionLists)
            writer.writeArray(literalLists)
            writer.writeArray(flags)
        }
    }
}
