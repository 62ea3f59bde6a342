@testable import ContentSniffing
import UniformTypes

/// Independent helpers over a rule set's compiled form: a plain scan of every rule (no index)
/// and bytes built from a rule so that it matches.
enum MagicRuleTestSupport {
    /// The identifier the set gives `mimeType` (its first rule for it).
    static func identifier(ofMIMEType mimeType: String, in set: MagicRuleSet) -> TypeIdentifier? {
        set.rules.first { $0.mimeType == mimeType }?.identifier
    }

    /// The best rule by a plain scan: every rule in (priority descending, table order), checks
    /// compared byte by byte with no first-byte table and no memchr.
    static func referenceBestRule(in bytes: UnsafeRawBufferPointer, of set: MagicRuleSet) -> Int? {
        let order = set.rules.indices.sorted { (-set.rules[$0].priority, $0) < (-set.rules[$1].priority, $1) }
        return order.first { anyMatches(set.rules[$0].checks.lowerBound, set.rules[$0].checks.upperBound, bytes, set) }
    }

    private static func anyMatches(_ first: Int, _ end: Int, _ bytes: UnsafeRawBufferPointer, _ set: MagicRuleSet) -> Bool {
        var index = first
        while index < end {
            let check = set.checks[index]
            let next = Int(check.subtreeEnd)
            if passes(check, bytes, set), next == index + 1 || anyMatches(index + 1, next, bytes, set) { return true }
            index = next
        }
        return false
    }

    private static func passes(_ check: MagicCheck, _ bytes: UnsafeRawBufferPointer, _ set: MagicRuleSet) -> Bool {
        let (pattern, mask) = patternAndMask(check, set)
        for offset in Int(check.start)..<(Int(check.start) + Int(check.span)) {
            guard offset + pattern.count <= bytes.count else { return false }
            if pattern.indices.allSatisfy({ bytes[offset + $0] & mask[$0] == pattern[$0] & mask[$0] }) { return true }
        }
        return false
    }

    /// A check's pattern and mask (all ones when it has none).
    static func patternAndMask(_ check: MagicCheck, _ set: MagicRuleSet) -> (pattern: [UInt8], mask: [UInt8]) {
        let start = Int(check.patternStart)
        let length = Int(check.length)
        let pattern = Array(set.pool[start..<(start + length)])
        let mask = check.isMasked ? Array(set.pool[(start + length)..<(start + 2 * length)]) : [UInt8](repeating: 0xFF, count: length)
        return (pattern, mask)
    }

    /// Bytes that satisfy `rule`: one top-level check and, recursively, one of the nested checks
    /// of each placed check, each placed at the first offset of its range that contradicts no bit
    /// already placed (backtracking over the alternatives). Unplaced bytes are zero; the result is as long
    /// as the farthest check of the rule reads. `nil` when no
    /// combination fits.
    static func synthesize(_ rule: MagicRule, in set: MagicRuleSet) -> [UInt8]? {
        let size = set.checks[rule.checks].map(\.readEnd).max() ?? 0
        var index = rule.checks.lowerBound
        while index < rule.checks.upperBound {
            var bytes = [UInt8](repeating: 0, count: size)
            var fixed = [UInt8](repeating: 0, count: size)
            if place(index, &bytes, &fixed, set) { return bytes }
            index = Int(set.checks[index].subtreeEnd)
        }
        return nil
    }

    private static func place(_ index: Int, _ bytes: inout [UInt8], _ fixed: inout [UInt8], _ set: MagicRuleSet) -> Bool {
        let check = set.checks[index]
        for start in Int(check.start)..<(Int(check.start) + Int(check.span)) {
            var tryBytes = bytes
            var tryFixed = fixed
            if place(index, at: start, &tryBytes, &tryFixed, set) {
                bytes = tryBytes
                fixed = tryFixed
                return true
            }
        }
        return false
    }

    /// Places check `index` at `start`, then one of its nested checks.
    private static func place(_ index: Int, at start: Int, _ bytes: inout [UInt8], _ fixed: inout [UInt8], _ set: MagicRuleSet) -> Bool {
        let check = set.checks[index]
        let (pattern, mask) = patternAndMask(check, set)
        for offset in pattern.indices {
            let both = fixed[start + offset] & mask[offset]
            if bytes[start + offset] & both != pattern[offset] & both { return false }
        }
        for offset in pattern.indices {
            let position = start + offset
            bytes[position] = bytes[position] & ~mask[offset] | pattern[offset] & mask[offset]
            fixed[position] |= mask[offset]
        }
        let end = Int(check.subtreeEnd)
        if end == index + 1 { return true }
        var child = index + 1
        while child < end {
            if place(child, &bytes, &fixed, set) { return true }
            child = Int(set.checks[child].subtreeEnd)
        }
        return false
    }
}
