/// What a rule set compiles from its rules to evaluate them fast: the evaluation order and the
/// dispatch tables (see ``MagicRuleSet``), built once from the rules or read from a compiled
/// image.
struct MagicRuleIndex: Sendable {
    /// The rules in evaluation order: highest priority first, then table order.
    var ranked: MagicTable<MagicRuleSet.RankedRule>
    /// The file offsets the dispatch tables look at, one table each.
    var dispatchOffsets: [Int]
    /// For table `t` and byte `b`, the bucket `dispatched[bucketStarts[t * 257 + b] ..< bucketStarts[t * 257 + b + 1]]`.
    var bucketStarts: MagicTable<Int32>
    /// The bucket contents: ranks, ascending within a bucket.
    var dispatched: MagicTable<Int32>
    /// The ranks of the rules no table holds, ascending.
    var scanned: MagicTable<Int32>
    /// The ranks of the rules with a check that reads past ``MagicRuleSet/deepReadThreshold``.
    var deepRanks: MagicTable<Int32>
    /// The largest offset any rule reads, plus one.
    var maximumOffset: Int

    /// The parts as they are.
    init(
        ranked: MagicTable<MagicRuleSet.RankedRule>, dispatchOffsets: [Int], bucketStarts: MagicTable<Int32>, dispatched: MagicTable<Int32>,
        scanned: MagicTable<Int32>, deepRanks: MagicTable<Int32>, maximumOffset: Int
    ) {
        self.ranked = ranked
        self.dispatchOffsets = dispatchOffsets
        self.bucketStarts = bucketStarts
        self.dispatched = dispatched
        self.scanned = scanned
        self.deepRanks = deepRanks
        self.maximumOffset = maximumOffset
    }

    /// Compiles the indexes of `rules`: a rule whose every top-level test sits at one fixed
    /// offset and admits at most 16 first bytes is filed under each of them in that offset's
    /// table; every other rule is scanned.
    init(rules: [MagicRule], checks: [MagicCheck], pool: [UInt8], regexes: [MagicRegex]) {
        maximumOffset = checks.reduce(0) { Swift.max($0, $1.readEnd) }
        let order = rules.indices.sorted { (-rules[$0].priority, $0) < (-rules[$1].priority, $1) }
        let ranked = order.map { index in
            let range = rules[index].checks
            let reach = checks[range].reduce(0) { Swift.max($0, $1.readEnd) }
            return MagicRuleSet.RankedRule(
                rule: Int32(index), firstCheck: Int32(range.lowerBound), endCheck: Int32(range.upperBound), reach: Int32(clamping: reach))
        }
        self.ranked = MagicTable(ranked)
        deepRanks = MagicTable(ranked.indices.filter { Int(ranked[$0].reach) > MagicRuleSet.deepReadThreshold }.map { Int32($0) })

        // (table offset, byte, rank) for every filing, then grouped: no table is copied while
        // it grows.
        var filings: [(offset: Int, byte: UInt8, rank: Int32)] = []
        var scanned: [Int32] = []
        for (rank, index) in order.enumerated() {
            guard let keys = Self.dispatchKeys(of: rules[index], checks: checks, pool: pool, regexes: regexes) else {
                scanned.append(Int32(rank))
                continue
            }
            for key in keys {
                for byte in key.bytes { filings.append((key.offset, byte, Int32(rank))) }
            }
        }
        self.scanned = MagicTable(scanned)
        let offsets = Array(Set(filings.map(\.offset))).sorted()
        let tableOf = Dictionary(uniqueKeysWithValues: offsets.enumerated().map { ($1, $0) })
        // Stable by (table, byte); ranks stay ascending within a bucket because filings were
        // made in rank order. A rule filed twice under one bucket (two top-level checks at the
        // same offset admitting the same byte) is kept once.
        let sorted = filings.enumerated().sorted {
            let left = (tableOf[$0.element.offset]! * 256 + Int($0.element.byte), $0.offset)
            let right = (tableOf[$1.element.offset]! * 256 + Int($1.element.byte), $1.offset)
            return left < right
        }
        var starts = [Int32](repeating: 0, count: offsets.count * 257)
        var contents: [Int32] = []
        var cursor = 0
        for table in offsets.indices {
            for byte in 0..<256 {
                starts[table * 257 + byte] = Int32(contents.count)
                while cursor < sorted.count, tableOf[sorted[cursor].element.offset]! == table, Int(sorted[cursor].element.byte) == byte {
                    let rank = sorted[cursor].element.rank
                    if contents.count == Int(starts[table * 257 + byte]) || contents.last != rank { contents.append(rank) }
                    cursor += 1
                }
            }
            starts[table * 257 + 256] = Int32(contents.count)
        }
        dispatchOffsets = offsets
        bucketStarts = MagicTable(starts)
        dispatched = MagicTable(contents)
    }

    /// For each top-level check of `rule`, the fixed offset it tests and the few bytes it
    /// admits there; `nil` when one of them has no such key (the rule is then tried for every
    /// buffer).
    private static func dispatchKeys(
        of rule: MagicRule, checks: [MagicCheck], pool: [UInt8], regexes: [MagicRegex]
    ) -> [(offset: Int, bytes: [UInt8])]? {
        var keys: [(offset: Int, bytes: [UInt8])] = []
        var index = rule.checks.lowerBound
        while index < rule.checks.upperBound {
            let check = checks[index]
            guard check.span == 1, check.kind != .least, let bytes = firstBytes(of: check, pool: pool, regexes: regexes) else { return nil }
            keys.append((Int(check.start), bytes))
            index = Int(check.subtreeEnd)
        }
        return keys
    }

    /// The bytes `check` admits at its first offset, when they are at most 16.
    private static func firstBytes(of check: MagicCheck, pool: [UInt8], regexes: [MagicRegex]) -> [UInt8]? {
        var accepted = MagicByteSet()
        switch check.kind {
        case .least:
            return nil
        case .regex:
            guard let first = regexes[Int(check.patternStart)].firstBytes else { return nil }
            accepted = first
        case .bytes, .caseInsensitive:
            let value = pool[Int(check.patternStart)]
            let mask = check.isMasked ? pool[Int(check.patternStart + check.length)] : 0xFF
            // A mask that admits many first bytes would put the rule in many buckets.
            guard mask.nonzeroBitCount >= 4 else { return nil }
            for byte in 0...255 {
                let folded = check.kind == .caseInsensitive ? ASCII.lowercased(UInt8(byte)) : UInt8(byte)
                if folded & mask == value { accepted.insert(UInt8(byte)) }
            }
        }
        return accepted.count <= 16 ? accepted.members : nil
    }
}
