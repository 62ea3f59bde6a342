/// One reading of libmagic's compiled databases for its binary rules: what the lines that
/// answer with a type need (``MagicBinaryPrefilter``) and, for one database, the first line of
/// each binary rule, the named rules and the lines that run every rule again
/// (``MagicBinaryRuleChoice``). The databases are read a few entries at a time.
///
/// Each line is read as ``MagicLineTest`` reads it (a test it cannot read may always pass); a
/// path is the tests of a line and of the lines it hangs from. A line answers with a type
/// itself, through a named rule it uses, or by an `indirect` test; a line runs every rule again
/// when it is an `indirect` test or uses a named rule holding one, directly or in turn.
struct MagicBinaryRuleReading {
    /// The tests the answering paths need, each once, and the paths (indices in them).
    var answerTests: [MagicLineTest]
    var answerPaths: [[Int32]]
    /// The tests the gates and the rerunning paths need, each once.
    var choiceTests: [MagicLineTest]
    var gates: [MagicBinaryRuleChoice.RuleGate]
    var namedRules: [MagicBinaryRuleChoice.NamedRule]
    /// The named rules used, each named rule's and gate's in a run (see ``MagicBinaryRuleChoice``).
    var useList: [Int32]
    var rerunPaths: [[Int32]]
    /// Whether rules can be chosen: one database, and no line that runs every rule again with
    /// nothing readable on its way.
    var choosesRules: Bool
    var mainEntryCount: Int
    var namedEntryCount: Int

    private typealias Layout = CompiledMagicFile.Layout
    private static let chunkEntries = 64

    /// `nil` when a file cannot be read or an answering path has nothing readable.
    init?(files: [CompiledMagicFile]) {
        var named: [MagicNamedRules.Line] = []
        var namedRules: [MagicBinaryRuleChoice.NamedRule] = []
        var namedUses: [[[UInt8]]] = []
        var namedReruns: [Bool] = []
        var namedIndex: [[UInt8]: Int32] = [:]
        var builder: Builder
        do {
            for file in files {
                try file.forEachEntry(file.mainCount..<(file.mainCount + file.namedCount), chunkEntries: Self.chunkEntries) { index, entry in
                    let line = MagicNamedRules.Line(entry, countingIndirect: true)
                    named.append(line)
                    let at = index - file.mainCount
                    if line.level == 0 || namedRules.isEmpty {
                        if let name = line.name, namedIndex[name] == nil { namedIndex[name] = Int32(namedRules.count) }
                        namedRules.append(.init(entries: at..<(at + 1), uses: 0..<0))
                        namedUses.append([])
                        namedReruns.append(false)
                    }
                    let last = namedRules.count - 1
                    namedRules[last].entries = namedRules[last].entries.lowerBound..<(at + 1)
                    if let uses = line.uses { namedUses[last].append(uses) }
                    if entry[Layout.type] == Layout.indirectType { namedReruns[last] = true }
                }
            }
            let resolved = namedUses.map { $0.compactMap { namedIndex[$0] } }
            var useList: [Int32] = []
            for index in namedRules.indices {
                namedRules[index].uses = Int32(useList.count)..<Int32(useList.count + resolved[index].count)
                useList += resolved[index]
            }
            // A named rule runs every rule again when one it uses does, in turn.
            var changed = true
            while changed {
                changed = false
                for index in namedRules.indices where !namedReruns[index] && resolved[index].contains(where: { namedReruns[Int($0)] }) {
                    namedReruns[index] = true
                    changed = true
                }
            }
            builder = Builder(named: MagicNamedRules(named), namedIndex: namedIndex, namedReruns: namedReruns, useList: useList)
            for file in files {
                builder.startFile()
                try file.forEachEntry(0..<file.mainCount, chunkEntries: Self.chunkEntries) { _, entry in builder.add(entry) }
            }
        } catch {
            return nil
        }
        guard builder.complete else { return nil }
        (answerTests, answerPaths) = Self.renumbered(builder.tests, builder.paths)
        // The gates' tests (of those that have one) first, then the rerunning paths.
        var gates = builder.gates
        let gated = gates.indices.filter { gates[$0].test >= 0 }
        let choice = Self.renumbered(builder.tests, gated.map { [gates[$0].test] } + builder.reruns)
        for (slot, index) in gated.enumerated() { gates[index].test = choice.paths[slot][0] }
        choiceTests = choice.tests
        rerunPaths = Array(choice.paths[gated.count...])
        self.gates = gates
        self.namedRules = namedRules
        self.useList = builder.useList
        choosesRules = files.count == 1 && !builder.alwaysReruns
        mainEntryCount = files.count == 1 ? files[0].mainCount : 0
        namedEntryCount = files.count == 1 ? files[0].namedCount : 0
    }

    /// The tests `paths` need, each once, and the paths renumbered to them.
    private static func renumbered(_ tests: [MagicLineTest], _ paths: [[Int32]]) -> (tests: [MagicLineTest], paths: [[Int32]]) {
        var renumbered: [Int32: Int32] = [:]
        var kept: [MagicLineTest] = []
        let paths = paths.map { path in
            path.map { index in
                if let known = renumbered[index] { return known }
                let new = Int32(kept.count)
                kept.append(tests[Int(index)])
                renumbered[index] = new
                return new
            }
        }
        return (kept, paths)
    }

    /// Collects the paths of the main rules' lines, in order, given the named rules, and the
    /// gates of the binary rules.
    private struct Builder {
        let named: MagicNamedRules
        /// The first named rule of each name, by name, and whether each runs every rule again.
        let namedIndex: [[UInt8]: Int32]
        let namedReruns: [Bool]
        /// The lines the current one hangs from: level, and the test's index or `nil`
        /// (`-1` for a line that can pass nothing).
        private var chain: [(level: Int, test: Int32?)] = []
        private var binaryRule = false
        private(set) var tests: [MagicLineTest] = []
        private(set) var paths: [[Int32]] = []
        private var seenPaths: Set<[Int32]> = []
        /// Whether every answering path has something readable.
        private(set) var complete = true
        private(set) var gates: [MagicBinaryRuleChoice.RuleGate] = []
        private(set) var reruns: [[Int32]] = []
        private var seenReruns: Set<[Int32]> = []
        /// The named rules' uses, then the gates' as they are read.
        private(set) var useList: [Int32]
        /// Whether a line that runs every rule again has nothing readable on its way.
        private(set) var alwaysReruns = false
        /// Whether the current rule has its gate (a binary rule whose first line can pass).
        private var gated = false
        /// The next entry's index in set 0 of the current file.
        private var entryIndex = 0

        init(named: MagicNamedRules, namedIndex: [[UInt8]: Int32], namedReruns: [Bool], useList: [Int32]) {
            self.named = named
            self.namedIndex = namedIndex
            self.namedReruns = namedReruns
            self.useList = useList
        }

        mutating func startFile() {
            chain = []
            entryIndex = 0
        }

        /// Takes the next line of the main rules.
        mutating func add(_ entry: UnsafeRawBufferPointer) {
            let index = entryIndex
            entryIndex += 1
            let level = Int(entry.loadUnaligned(fromByteOffset: Layout.contLevel, as: UInt16.self))
            if level == 0 {
                binaryRule = entry[Layout.flag] & Layout.binaryTest != 0
                gated = false
            }
            while let last = chain.last, last.level >= level { chain.removeLast() }
            guard binaryRule, complete else { return }
            switch MagicLineTest.reading(entry) {
            case .test(let test):
                chain.append((level, Int32(tests.count)))
                tests.append(test)
            case .anything:
                chain.append((level, nil))
            case .neverMatches:
                chain.append((level, -1))
            }
            if level == 0 {
                // The first line's test (`nil`: it may pass any bytes; `-1`: none, no gate).
                let first = chain.last?.test
                if first != -1 {
                    let end = Int32(useList.count)
                    gates.append(.init(entries: index..<(index + 1), test: first ?? -1, uses: end..<end))
                    gated = true
                }
            } else if gated {
                gates[gates.count - 1].entries = gates[gates.count - 1].entries.lowerBound..<(index + 1)
            }
            var reruns = entry[Layout.type] == Layout.indirectType
            if entry[Layout.type] == Layout.useType, let used = namedIndex[CompiledMagicFile.useName(entry)] {
                if gated {
                    useList.append(used)
                    gates[gates.count - 1].uses = gates[gates.count - 1].uses.lowerBound..<Int32(useList.count)
                }
                reruns = reruns || namedReruns[Int(used)]
            }
            let needed = chain.compactMap(\.test)
            if reruns, !needed.contains(-1) {
                if needed.isEmpty {
                    alwaysReruns = true
                } else if seenReruns.insert(needed).inserted {
                    self.reruns.append(needed)
                }
            }
            guard named.answers(MagicNamedRules.Line(entry, countingIndirect: true)), !needed.contains(-1) else { return }
            if needed.isEmpty {
                complete = false
            } else if seenPaths.insert(needed).inserted {
                paths.append(needed)
            }
        }
    }
}
