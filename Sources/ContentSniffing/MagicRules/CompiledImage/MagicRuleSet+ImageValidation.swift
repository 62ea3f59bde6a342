extension MagicRuleSet {
    /// Checks every index a compiled image gives before a set is made of it, with the
    /// guarantees evaluation relies on:
    /// - each rule's checks are a run of whole check trees, each nested check inside its parent's
    ///   subtree, at most ``MagicRuleTextParser/maximumDepth`` deep (so evaluation ends and its
    ///   recursion is bounded);
    /// - each pattern (and mask) lies inside the pool, each regex check names a regex;
    /// - the evaluation order names every rule once, with that rule's checks;
    /// - the dispatch buckets are ascending runs of valid ranks.
    static func validate(rules: MagicRuleTable, checks: MagicTable<MagicCheck>, poolCount: Int, regexes: [MagicRegex], index: MagicRuleIndex) throws(SniffingError) {
        func failure(_ section: String, _ reason: String) -> SniffingError {
            SniffingError(.malformedRuleImage, reason: "\(section): \(reason)")
        }
        for (number, rule) in rules.enumerated() {
            guard rule.checks.upperBound <= checks.count else { throw failure("rules", "rule \(number) ends past the last check") }
            var at = rule.checks.lowerBound
            while at < rule.checks.upperBound {
                try validateTree(at, limit: rule.checks.upperBound, depth: 1, checks: checks, poolCount: poolCount, regexCount: regexes.count)
                at = Int(checks[at].subtreeEnd)
            }
        }
        guard index.ranked.count == rules.count else { throw failure("ranked", "\(index.ranked.count) entries for \(rules.count) rules") }
        var seen = [Bool](repeating: false, count: rules.count)
        for entry in index.ranked {
            let rule = Int(entry.rule)
            guard rules.indices.contains(rule), !seen[rule], rules[rule].checks.lowerBound == Int(entry.firstCheck), rules[rule].checks.upperBound == Int(entry.endCheck), entry.reach >= 0 else {
                throw failure("ranked", "entry for rule \(rule) does not match the rules")
            }
            seen[rule] = true
        }
        guard index.maximumOffset >= 0, index.dispatchOffsets.allSatisfy({ $0 >= 0 }) else { throw failure("dispatch offsets", "a negative offset") }
        let starts = index.bucketStarts
        guard starts.count == index.dispatchOffsets.count * 257 else {
            throw failure("bucket starts", "\(starts.count) starts for \(index.dispatchOffsets.count) tables")
        }
        for (position, start) in starts.enumerated() {
            let previous = position % 257 == 0 ? 0 : starts[position - 1]
            guard start >= previous, Int(start) <= index.dispatched.count else { throw failure("bucket starts", "start \(position) is out of order") }
        }
        for (name, ranks) in [("buckets", index.dispatched), ("scanned", index.scanned), ("deep", index.deepRanks)] {
            guard ranks.allSatisfy({ $0 >= 0 && Int($0) < rules.count }) else { throw failure(name, "a rank outside 0..<\(rules.count)") }
        }
    }

    /// Checks the tree of the check at `index`, which must end by `limit`.
    private static func validateTree(_ index: Int, limit: Int, depth: Int, checks: MagicTable<MagicCheck>, poolCount: Int, regexCount: Int) throws(SniffingError) {
        let check = checks[index]
        let end = Int(check.subtreeEnd)
        func failure(_ reason: String) -> SniffingError { SniffingError(.malformedRuleImage, reason: "checks: check \(index) \(reason)") }
        guard depth <= MagicRuleTextParser.maximumDepth else { throw failure("nests deeper than \(MagicRuleTextParser.maximumDepth)") }
        guard end > index, end <= limit else { throw failure("has its subtree end \(end) outside \(index + 1)...\(limit)") }
        guard check.start >= 0, check.span >= 1 else { throw failure("has offsets \(check.start)+\(check.span)") }
        switch check.kind {
        case .bytes, .caseInsensitive:
            let stored = Int(check.length) * (check.isMasked ? 2 : 1)
            guard check.length >= 1, check.patternStart >= 0, stored <= poolCount - Int(check.patternStart) else {
                throw failure("has its pattern outside the pool")
            }
        case .regex:
            guard check.patternStart >= 0, Int(check.patternStart) < regexCount else { throw failure("names no regex") }
        case .least:
            guard check.length >= 0 else { throw failure("needs \(check.length) matches") }
        }
        var child = index + 1
        while child < end {
            try validateTree(child, limit: end, depth: depth + 1, checks: checks, poolCount: poolCount, regexCount: regexCount)
            child = Int(checks[child].subtreeEnd)
        }
    }

    /// Checks that a regex program only jumps within itself, names sets that exist and ends with
    /// `match`, so the machine can neither read outside it nor run off its end.
    static func validate(_ program: [MagicRegexInstruction], sets: Int, regex: Int, _ reader: MagicRuleImageReader) throws(SniffingError) {
        guard program.last?.operation == .match else { throw reader.failure("regex \(regex) does not end with match") }
        let positions = 0..<program.count
        for instruction in program {
            let valid: Bool
            switch instruction.operation {
            case .byteSet: valid = (0..<sets).contains(Int(instruction.operand))
            case .repeatGreedy, .repeatLazy:
                valid = (0..<sets).contains(Int(instruction.operand)) && instruction.minimum >= 0 && instruction.maximum >= instruction.minimum
            case .split: valid = positions.contains(Int(instruction.operand)) && positions.contains(Int(instruction.minimum))
            case .jump: valid = positions.contains(Int(instruction.operand))
            case .assertStart, .assertEnd, .wordBoundary, .notWordBoundary, .match: valid = true
            }
            guard valid else { throw reader.failure("regex \(regex) has an instruction out of bounds: \(instruction)") }
        }
    }
}
