@testable import ContentSniffing
import UniformTypes

/// Independent helpers over a rule set's compiled form: a plain scan of every rule (no index)
/// and bytes built from a rule so that it matches. Regexes are matched with the library's own
/// engine here (``MagicRegexTests`` checks the engine on its own).
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
            if check.kind == .least {
                var matched = 0
                var child = index + 1
                while child < next {
                    if anyMatches(child, Int(set.checks[child].subtreeEnd), bytes, set) { matched += 1 }
                    child = Int(set.checks[child].subtreeEnd)
                }
                if matched >= Int(check.length) { return true }
            } else if passes(check, bytes, set), next == index + 1 || anyMatches(index + 1, next, bytes, set) {
                return true
            }
            index = next
        }
        return false
    }

    private static func passes(_ check: MagicCheck, _ bytes: UnsafeRawBufferPointer, _ set: MagicRuleSet) -> Bool {
        if check.kind == .regex { return regexPasses(check, bytes, set) }
        let (pattern, mask) = patternAndMask(check, set)
        for offset in Int(check.start)..<(Int(check.start) + Int(check.span)) {
            guard offset + pattern.count <= bytes.count else { return false }
            let fold: (UInt8) -> UInt8 = check.kind == .caseInsensitive ? { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 } : { $0 }
            if fold(bytes[offset]) & mask[0] != pattern[0] & mask[0] { continue }
            if pattern.indices.allSatisfy({ fold(bytes[offset + $0]) & mask[$0] == pattern[$0] & mask[$0] }) { return true }
        }
        return false
    }

    private static func regexPasses(_ check: MagicCheck, _ bytes: UnsafeRawBufferPointer, _ set: MagicRuleSet) -> Bool {
        let regex = set.regexes[Int(check.patternStart)]
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        return MagicRegex.withFrames { frames in
            var budget = MagicRegex.stepBudget
            return regex.withMachine(base, frames: frames) { machine in
                for start in Int(check.start)..<(Int(check.start) + Int(check.span)) where start < bytes.count {
                    if let first = regex.firstBytes, !first.contains(bytes[start]) { continue }
                    if machine.run(from: start, to: min(bytes.count, start + MagicRegex.window), budget: &budget) { return true }
                    if budget <= 0 { return false }
                }
                return false
            }
        }
    }

    /// A check's pattern and mask (all ones when it has none).
    static func patternAndMask(_ check: MagicCheck, _ set: MagicRuleSet) -> (pattern: [UInt8], mask: [UInt8]) {
        guard check.kind == .bytes || check.kind == .caseInsensitive else { return ([], []) }
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
        // A regex's sample may run past its start; leave room for the longest.
        let samples = set.checks[rule.checks].compactMap { $0.kind == .regex ? regexSample(set.regexes[Int($0.patternStart)])?.count : nil }
        let size = (set.checks[rule.checks].map(\.readEnd).max() ?? 0) + (samples.max() ?? 0)
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
        if check.kind == .least { return placeLeast(index, &bytes, &fixed, set) }
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

    /// Places `length` of the nested checks of a `least` check, the first that fit.
    private static func placeLeast(_ index: Int, _ bytes: inout [UInt8], _ fixed: inout [UInt8], _ set: MagicRuleSet) -> Bool {
        let check = set.checks[index]
        var placed = 0
        var child = index + 1
        while child < Int(check.subtreeEnd), placed < Int(check.length) {
            if place(child, &bytes, &fixed, set) { placed += 1 }
            child = Int(set.checks[child].subtreeEnd)
        }
        return placed >= Int(check.length)
    }

    /// Bytes a regex matches, built by walking its program: the first branch of each split,
    /// the fewest bytes of each repeat, and a printable member (else the first) of each set.
    /// `nil` when the walk loops or ends on an assertion it cannot satisfy this way.
    static func regexSample(_ regex: MagicRegex) -> [UInt8]? {
        var sample: [UInt8] = []
        var pc = 0
        var steps = 0
        func member(_ set: MagicByteSet) -> UInt8? {
            let members = set.members
            return members.first { (0x61...0x7A).contains($0) } ?? members.first { (0x20...0x7E).contains($0) } ?? members.first
        }
        while steps < 100_000 {
            steps += 1
            let instruction = regex.instructions[pc]
            switch instruction.operation {
            case .byteSet:
                guard let byte = member(regex.sets[Int(instruction.operand)]) else { return nil }
                sample.append(byte)
                pc += 1
            case .repeatGreedy, .repeatLazy:
                guard instruction.minimum == 0 || member(regex.sets[Int(instruction.operand)]) != nil else { return nil }
                if instruction.minimum > 0 {
                    sample += [UInt8](repeating: member(regex.sets[Int(instruction.operand)])!, count: Int(instruction.minimum))
                }
                pc += 1
            case .split:
                // The branch that leaves a loop, when one jumps back: prefer the higher target.
                pc = Int(max(instruction.operand, instruction.minimum))
            case .jump:
                pc = Int(instruction.operand)
            case .assertStart, .wordBoundary, .notWordBoundary, .assertEnd:
                pc += 1
            case .match:
                return sample
            }
        }
        return nil
    }

    /// Places check `index` at `start`, then one of its nested checks.
    private static func place(_ index: Int, at start: Int, _ bytes: inout [UInt8], _ fixed: inout [UInt8], _ set: MagicRuleSet) -> Bool {
        let check = set.checks[index]
        var (pattern, mask) = patternAndMask(check, set)
        if check.kind == .regex {
            guard let sample = regexSample(set.regexes[Int(check.patternStart)]) else { return false }
            pattern = sample
            mask = [UInt8](repeating: 0xFF, count: sample.count)
        }
        guard start + pattern.count <= bytes.count else { return false }
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
