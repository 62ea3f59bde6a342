/// Which of libmagic's binary rules binary bytes may match, so that a call loads only those
/// (``MagicRuleSubset``) instead of the whole database: a few hundred of its 15,786 entries on
/// most binary files, a few hundred kilobytes of memory instead of 8 MB read.
///
/// Read from one compiled database, in the same reading as ``MagicBinaryPrefilter``: for each
/// binary rule, the test of its first line (a test it cannot read may always pass; a rule whose
/// first line can pass nothing is left out) and the named rules its lines use; for each named
/// rule, its entries and the named rules it uses; and the paths to the lines that run every
/// rule again.
///
/// Policy: libmagic runs its rules in stored order and the first that matches ends the search,
/// so the rules whose first line may match, in their order, with the named rules they use
/// (directly or in turn; the first of each name, as libmagic finds it), answer as the whole
/// database does. Rules are not chosen for bytes libmagic reads as text (its text rules would
/// run too), where a line that runs every rule again (`indirect`, directly or through a named
/// rule) may be reached (it would run them all, at another offset), or for a search path of
/// several databases. libmagic's checks outside its rules (tar, JSON, CSV, OLE2) run as ever.
public struct MagicBinaryRuleChoice: Sendable, Equatable {
    /// A binary rule libmagic runs, as far as choosing it needs.
    struct RuleGate: Sendable, Equatable {
        /// Its entries among the rules libmagic runs (set 0).
        var entries: Range<Int>
        /// The index in the store of its first line's test; `-1`: it may match any bytes.
        var test: Int32
        /// Where the named rules its lines use are listed in ``useList``.
        var uses: Range<Int32>
    }

    /// A named rule (set 1), as far as the rules chosen need it.
    struct NamedRule: Sendable, Equatable {
        /// Its entries among the named rules (set 1).
        var entries: Range<Int>
        /// Where the named rules its lines use are listed in ``useList``.
        var uses: Range<Int32>
    }

    /// The tests of the gates and of the rerunning paths.
    let store: MagicStoredTestSet
    /// The binary rules, in order.
    let gates: [RuleGate]
    /// The named rules, in order; the first of each name is the one a `use` finds.
    let namedRules: [NamedRule]
    /// The named rules used (indices in ``namedRules``), each rule's and gate's in a run.
    let useList: [Int32]
    /// The paths to the lines that run every rule again, one after another (indices in the
    /// store), and where each ends.
    let rerunTests: [Int32]
    let rerunEnds: [Int32]
    /// How many entries the database's rules that libmagic runs (set 0) and its named rules
    /// (set 1) hold; a database of other counts is not the one described.
    let mainEntryCount: Int
    let namedEntryCount: Int

    init(
        store: MagicStoredTestSet, gates: [RuleGate], namedRules: [NamedRule], useList: [Int32], rerunTests: [Int32], rerunEnds: [Int32],
        mainEntryCount: Int, namedEntryCount: Int
    ) {
        self.store = store
        self.gates = gates
        self.namedRules = namedRules
        self.useList = useList
        self.rerunTests = rerunTests
        self.rerunEnds = rerunEnds
        self.mainEntryCount = mainEntryCount
        self.namedEntryCount = namedEntryCount
    }

    /// The choice a reading of the databases holds; `nil` when rules cannot be chosen from them.
    init?(_ reading: MagicBinaryRuleReading) {
        guard reading.choosesRules else { return nil }
        let (rerunTests, rerunEnds) = MagicStoredTestSet.flattened(reading.rerunPaths)
        self.init(
            store: MagicStoredTestSet(reading.choiceTests), gates: reading.gates, namedRules: reading.namedRules, useList: reading.useList,
            rerunTests: rerunTests, rerunEnds: rerunEnds, mainEntryCount: reading.mainEntryCount, namedEntryCount: reading.namedEntryCount)
    }

    /// The entries of the binary rules whose first line may match `buffer` (the bytes libmagic
    /// is handed) among the rules libmagic runs (set 0), and of the named rules they use,
    /// directly or in turn (set 1), each in order, adjacent ones joined: loaded alone, they give
    /// libmagic's answer for `buffer`. `nil` when rules cannot be chosen for it (see the
    /// policy above).
    public func ruleSelection(_ buffer: UnsafeRawBufferPointer) -> (main: [Range<Int>], named: [Range<Int>])? {
        guard MagicBinaryPrefilter.isBinaryForLibmagic(buffer) else { return nil }
        return store.withEvaluation(buffer) { passes -> (main: [Range<Int>], named: [Range<Int>])? in
            if MagicStoredTestSet.anyPath(tests: rerunTests, ends: rerunEnds, holds: passes) { return nil }
            var main: [Range<Int>] = []
            var pending: [Int32] = []
            for gate in gates where gate.test < 0 || passes(gate.test) {
                main.append(gate.entries)
                pending += useList[Int(gate.uses.lowerBound)..<Int(gate.uses.upperBound)]
            }
            var needed = Set<Int32>()
            while let used = pending.popLast() {
                guard Int(used) < namedRules.count, needed.insert(used).inserted else { continue }
                let uses = namedRules[Int(used)].uses
                pending += useList[Int(uses.lowerBound)..<Int(uses.upperBound)]
            }
            return (MagicRuleSubset.joined(main), MagicRuleSubset.joined(needed.sorted().map { namedRules[Int($0)].entries }))
        }
    }
}
