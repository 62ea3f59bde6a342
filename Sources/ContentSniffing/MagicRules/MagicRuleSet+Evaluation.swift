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
        guard let index = firstMatchingRule(in: bytes) else { return nil }
        let rule = rules[index]
        return MagicMatch(identifier: rule.identifier, mimeType: rule.mimeType, priority: rule.priority)
    }

    /// Whether any rule for `identifier` (exactly this type, not its subtypes) matches the
    /// bytes: for settling a file name that several types claim.
    ///
    /// ```swift
    /// // foo.sub: a MicroDVD or a SubViewer subtitle?
    /// magic.matches("org.freedesktop.mime.text.x-microdvd", in: prefix)
    /// ```
    public func matches(_ identifier: TypeIdentifier, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let indexes = rulesByType[identifier.folded] else { return false }
        return withEvaluator(bytes) { evaluator in
            indexes.contains { evaluator.anyMatches(from: rules[$0].checks.lowerBound, to: rules[$0].checks.upperBound) }
        }
    }

    /// The index of the best matching rule: the lowest rank that matches among the rules of
    /// the buffer's first-byte bucket and the scanned rules, both walked in rank order.
    func firstMatchingRule(in bytes: UnsafeRawBufferPointer) -> Int? {
        var bucket = 0..<0
        if let first = bytes.first {
            bucket = Int(bucketStarts[Int(first)])..<Int(bucketStarts[Int(first) + 1])
        }
        return withEvaluator(bytes) { evaluator -> Int? in
            var nextDispatched = bucket.lowerBound
            var nextScanned = 0
            while true {
                let fromBucket = nextDispatched < bucket.upperBound ? dispatched[nextDispatched] : Int32.max
                let fromScan = nextScanned < scanned.count ? scanned[nextScanned] : Int32.max
                let rank: Int32
                if fromBucket < fromScan {
                    rank = fromBucket
                    nextDispatched += 1
                } else if fromScan != Int32.max {
                    rank = fromScan
                    nextScanned += 1
                } else {
                    return nil
                }
                let entry = ranked[Int(rank)]
                if evaluator.anyMatches(from: Int(entry.firstCheck), to: Int(entry.endCheck)) {
                    return Int(entry.rule)
                }
            }
        }
    }

    /// Runs `body` with an evaluator over `bytes` and this set's checks and patterns.
    private func withEvaluator<Result>(_ bytes: UnsafeRawBufferPointer, _ body: (MagicEvaluator) -> Result) -> Result {
        checks.withUnsafeBufferPointer { checks in
            pool.withUnsafeBufferPointer { pool in
                body(MagicEvaluator(bytes: bytes, checks: checks, pool: pool))
            }
        }
    }
}
