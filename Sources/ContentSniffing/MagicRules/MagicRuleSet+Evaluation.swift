public import UniformTypes

extension MagicRuleSet {
    /// The matching rule with the highest priority; among equal priorities, the one that
    /// comes first in the table. `nil` when no rule matches (including an empty buffer).
    ///
    /// Pass a file's leading bytes, ``maximumOffset`` of them if you can (capped as you see
    /// fit); no allocation, bounded by the buffer's length.
    ///
    /// ```swift
    /// let xcf = Array("gimp xcf v011\0".utf8)
    /// xcf.withUnsafeBytes { MagicRuleSet.freedesktop.bestMatch(in: $0) }?.mimeType   // "image/x-xcf"
    /// ```
    public func bestMatch(in bytes: UnsafeRawBufferPointer) -> MagicMatch? {
        bestRank(near: bytes).map(match(ranked:))
    }

    /// Whether any rule for `identifier` (exactly this type, not its subtypes) matches the
    /// bytes: for settling a file name that several types claim.
    ///
    /// ```swift
    /// // foo.sub: a MicroDVD or a SubViewer subtitle?
    /// magic.matches("org.freedesktop.mime.text.x-microdvd", in: prefix)
    /// ```
    public func matches(_ identifier: TypeIdentifier, in bytes: UnsafeRawBufferPointer) -> Bool {
        matches(identifier, near: bytes)
    }

    /// ``matches(_:in:)`` over the file's first bytes and, optionally, a window further in.
    func matches(_ identifier: TypeIdentifier, near: UnsafeRawBufferPointer, far: UnsafeRawBufferPointer = .init(start: nil, count: 0), farStart: Int = 0) -> Bool {
        guard let indexes = rulesByType[identifier.folded] else { return false }
        return withEvaluator(near, far, farStart) { evaluator in
            indexes.contains { evaluator.anyMatches(from: rules[$0].checks.lowerBound, to: rules[$0].checks.upperBound) }
        }
    }

    /// The index into ``rules`` of the best matching rule over `bytes`.
    func firstMatchingRule(in bytes: UnsafeRawBufferPointer) -> Int? {
        bestRank(near: bytes).map { Int(ranked[Int($0)].rule) }
    }

    /// The match of the rule at `rank`.
    func match(ranked rank: Int32) -> MagicMatch {
        let rule = rules[Int(ranked[Int(rank)].rule)]
        return MagicMatch(identifier: rule.identifier, mimeType: rule.mimeType, priority: rule.priority)
    }

    /// The rank of the best matching rule over the file's first bytes (`near`) and, optionally,
    /// a window further in (`far`, from file offset `farStart`). Each dispatch table's bucket
    /// for the byte at its offset is walked in rank order until a rule matches or the ranks
    /// pass the best match so far; then the scanned rules the same way.
    func bestRank(near: UnsafeRawBufferPointer, far: UnsafeRawBufferPointer = .init(start: nil, count: 0), farStart: Int = 0) -> Int32? {
        withEvaluator(near, far, farStart) { evaluator -> Int32? in
            let best = bestRank(evaluator, below: Int32.max)
            return best == Int32.max ? nil : best
        }
    }

    /// The rank of the best matching rule over `bytes` when it is one of `candidates` (ranks,
    /// ascending); `nil` when it is another rule or none. The candidates are tried first, and
    /// the other rules only below the first candidate that matches, so a caller that can use
    /// only a few rules' answers (the subtypes of a strong answer) mostly evaluates those few.
    func bestRank(among candidates: [Int32], in bytes: UnsafeRawBufferPointer) -> Int32? {
        guard !candidates.isEmpty else { return nil }
        return withEvaluator(bytes, .init(start: nil, count: 0), 0) { evaluator -> Int32? in
            guard let first = candidates.first(where: { matches($0, evaluator) }) else { return nil }
            return bestRank(evaluator, below: first) == first ? first : nil
        }
    }

    /// The best matching rank below `limit`, or `limit` when no rule ranked before it matches.
    private func bestRank(_ evaluator: MagicEvaluator, below limit: Int32) -> Int32 {
        var best = limit
        for (table, offset) in dispatchOffsets.enumerated() {
            guard let byte = evaluator.byte(at: offset) else { continue }
            let slot = table * 257 + Int(byte)
            var next = Int(bucketStarts[slot])
            let end = Int(bucketStarts[slot + 1])
            while next < end {
                let rank = dispatched[next]
                if rank >= best { break }
                if matches(rank, evaluator) {
                    best = rank
                    break
                }
                next += 1
            }
        }
        for rank in scanned {
            if rank >= best { break }
            if matches(rank, evaluator) {
                best = rank
                break
            }
        }
        return best
    }

    /// The window of file offsets to read, beyond a prefix of `prefixCount` bytes, so that the
    /// rules ranked before `best` (all rules when `nil`) that look past the prefix can decide:
    /// from the first offset such a rule's checks read past the prefix to the farthest they
    /// read, capped at `limit`. `nil` when no such rule outranks `best`, or the window is empty.
    func deepWindow(beyond prefixCount: Int, outranking best: Int32?, limit: Int) -> Range<Int>? {
        var lower = Int.max
        var upper = 0
        for rank in deepRanks {
            if let best, rank >= best { break }
            let entry = ranked[Int(rank)]
            guard Int(entry.reach) > prefixCount else { continue }
            for index in Int(entry.firstCheck)..<Int(entry.endCheck) where checks[index].readEnd > prefixCount {
                lower = Swift.min(lower, Int(checks[index].start))
                upper = Swift.max(upper, checks[index].readEnd)
            }
        }
        upper = Swift.min(upper, limit)
        guard lower < upper else { return nil }
        return lower..<upper
    }

    @inline(__always)
    private func matches(_ rank: Int32, _ evaluator: MagicEvaluator) -> Bool {
        let entry = ranked[Int(rank)]
        return evaluator.anyMatches(from: Int(entry.firstCheck), to: Int(entry.endCheck))
    }

    /// Runs `body` with an evaluator over the bytes and this set's checks and patterns.
    private func withEvaluator<Result>(
        _ near: UnsafeRawBufferPointer, _ far: UnsafeRawBufferPointer, _ farStart: Int, _ body: (MagicEvaluator) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { firstOccurrence in
            firstOccurrence.initialize(repeating: -1)
            return checks.withUnsafeBufferPointer { checks in
                pool.withUnsafeBufferPointer { pool in
                    regexes.withUnsafeBufferPointer { regexes in
                        body(
                            MagicEvaluator(
                                near: near, far: far, farStart: farStart, checks: checks, pool: pool, regexes: regexes,
                                firstOccurrence: firstOccurrence))
                    }
                }
            }
        }
    }
}
