/// A compiled shell glob (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`) for the shared-mime-info patterns
/// that are neither literal names nor plain extensions, such as `README*` or `*.[1-9]`.
final class GlobPattern: Sendable {
    let bytes: [UInt8]
    let foldsCase: Bool
    /// Bytes every match starts with and ends with, for a cheap rejection before matching.
    let literalPrefix: [UInt8]
    let literalSuffix: [UInt8]
    /// What every match has (a length, the literal bytes, the literal run), as a plain value.
    let prefilter: GlobPrefilter
    /// The folded bytes a matching name can start with, or `nil` when it can start with any
    /// (the pattern starts with `*`, `?` or a negated bracket expression).
    let firstBytes: [UInt8]?
    /// The folded bytes a matching name can end with, or `nil` when it can end with any.
    let lastBytes: [UInt8]?
    /// For a glob with one `*`: where it is in ``bytes``, and the steps before and after it.
    private let singleStar: (byte: Int, stepsBefore: Int, stepsAfter: Int)?

    init(_ pattern: String, caseSensitive: Bool) {
        foldsCase = !caseSensitive
        let bytes = caseSensitive ? Array(pattern.utf8) : pattern.utf8.map(ASCIICaseFolding.fold)
        self.bytes = bytes
        let survey = bytes.withUnsafeBufferPointer { GlobPattern.Survey($0) }
        // The runs of literal bytes between wildcards and bracket expressions: the first and the
        // last open and close every match, the longest (`.so.` of `*.so.[0-9]*`) lies somewhere
        // in it, and the prefilter rejects most names by a scan for it, without backtracking.
        // A literal step is one byte of the pattern, so each run is a slice of it.
        literalPrefix = Array(bytes[..<survey.prefixLength])
        literalSuffix = Array(bytes[(bytes.count - survey.suffixLength)...])
        prefilter = GlobPrefilter(
            minimumLength: survey.steps - survey.stars, maximumLength: survey.stars > 0 ? Int.max : survey.steps - survey.stars,
            requiredBytes: survey.requiredBytes,
            requiredRun: bytes[survey.longestRun.start..<survey.longestRun.start + survey.longestRun.length], foldsCase: !caseSensitive)
        // One `*`: the steps before it match the name's first bytes, those after it its last.
        if survey.stars == 1 {
            singleStar = (survey.firstStar.offset, survey.firstStar.step, survey.steps - survey.firstStar.step - 1)
        } else {
            singleStar = nil
        }
        firstBytes = bytes.withUnsafeBufferPointer { GlobPattern.anchors(of: survey.first, in: $0, caseSensitive: caseSensitive) }
        lastBytes = bytes.withUnsafeBufferPointer { GlobPattern.anchors(of: survey.last, in: $0, caseSensitive: caseSensitive) }
    }

    /// What kind of step a pattern's step is.
    private enum StepKind {
        case byte, any, star, set, negatedSet
    }

    /// The facts about a pattern's steps that its matching and prefilter use, read in one pass
    /// by the rules of ``match(_:_:)`` (an unclosed `[` is a byte): how many steps and `*`
    /// there are, the literal runs at its ends and its longest one, the literal bytes, the
    /// first `*`, and its first and last steps.
    private struct Survey {
        var steps = 0
        var stars = 0
        var requiredBytes: UInt32 = 0
        var prefixLength = 0
        var suffixLength = 0
        var longestRun = (start: 0, length: 0)
        var firstStar = (offset: -1, step: -1)
        var first: (kind: StepKind, offset: Int)?
        var last: (kind: StepKind, offset: Int)?

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            var run = (start: 0, length: 0)
            var literalSoFar = true
            while index < bytes.count {
                let start = index
                let byte = bytes[index]
                let kind: StepKind
                if byte == UInt8(ascii: "*") {
                    kind = .star
                    index += 1
                } else if byte == UInt8(ascii: "?") {
                    kind = .any
                    index += 1
                } else if byte == UInt8(ascii: "["), let (negated, next) = GlobPattern.bracketRanges(bytes[...], at: index, { _, _ in }) {
                    kind = negated ? .negatedSet : .set
                    index = next
                } else {
                    kind = .byte
                    index += 1
                }
                if kind == .byte {
                    requiredBytes |= GlobPrefilter.ByteSet.bit(byte)
                    if run.length == 0 { run.start = start }
                    run.length += 1
                    if literalSoFar { prefixLength += 1 }
                } else {
                    // The first of equally long runs is kept.
                    if run.length > longestRun.length { longestRun = run }
                    run.length = 0
                    literalSoFar = false
                }
                if kind == .star {
                    if stars == 0 { firstStar = (start, steps) }
                    stars += 1
                }
                if first == nil { first = (kind, start) }
                last = (kind, start)
                steps += 1
            }
            if run.length > longestRun.length { longestRun = run }
            suffixLength = run.length
        }
    }

    /// The folded bytes a name's byte matched by `step` can be, sorted; `nil` when it can be
    /// any (`*`, `?`, a negated bracket expression) or there is no step. A name's byte is
    /// folded before it is looked up. A case-insensitive pattern compares folded name bytes,
    /// which are never upper case; a case-sensitive one compares them as they are, so each of
    /// its bytes stands for its folded form.
    private static func anchors(of step: (kind: StepKind, offset: Int)?, in bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool) -> [UInt8]? {
        guard let step else { return nil }
        var keys = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        func add(_ member: UInt8) {
            let key: UInt8
            if caseSensitive {
                key = ASCIICaseFolding.fold(member)
            } else {
                guard ASCIICaseFolding.fold(member) == member else { return }
                key = member
            }
            let bit = UInt64(1) << UInt64(key & 63)
            switch key >> 6 {
            case 0: keys.0 |= bit
            case 1: keys.1 |= bit
            case 2: keys.2 |= bit
            default: keys.3 |= bit
            }
        }
        switch step.kind {
        case .star, .any, .negatedSet: return nil
        case .byte: add(bytes[step.offset])
        case .set:
            _ = bracketRanges(bytes[...], at: step.offset) { low, high in
                if low <= high { for member in low...high { add(member) } }
            }
        }
        var sorted: [UInt8] = []
        for word in 0..<4 {
            var rest = switch word {
            case 0: keys.0
            case 1: keys.1
            case 2: keys.2
            default: keys.3
            }
            while rest != 0 {
                sorted.append(UInt8(word * 64 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return sorted
    }

    /// Reads the bracket expression at `start` of `pattern` (`[abc]`, `[a-z]`, `[!x]`, a `]`
    /// first is a member), calling `range` with each range it lists (a byte alone is a range
    /// of one); returns whether it is negated and the index after it, or `nil` when it is not
    /// closed (then its `[` is a byte).
    @inline(__always)
    private static func bracketRanges(
        _ pattern: Slice<UnsafeBufferPointer<UInt8>>, at start: Int, _ range: (UInt8, UInt8) -> Void
    ) -> (negated: Bool, next: Int)? {
        var index = start + 1
        var negated = false
        if index < pattern.endIndex && (pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^")) {
            negated = true
            index += 1
        }
        var first = true
        while index < pattern.endIndex {
            let low = pattern[index]
            if low == UInt8(ascii: "]") && !first { return (negated, index + 1) }
            first = false
            if index + 2 < pattern.endIndex && pattern[index + 1] == UInt8(ascii: "-") && pattern[index + 2] != UInt8(ascii: "]") {
                range(low, pattern[index + 2])
                index += 3
            } else {
                range(low, low)
                index += 1
            }
        }
        return nil
    }

    func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if name.count < literalPrefix.count || name.count < literalSuffix.count { return false }
        for (offset, byte) in literalPrefix.enumerated() where fold(name[offset]) != byte { return false }
        let start = name.count - literalSuffix.count
        for (offset, byte) in literalSuffix.enumerated() where fold(name[start + offset]) != byte { return false }
        if let split = singleStar {
            // No backtracking: each step before or after the `*` takes one byte.
            guard name.count >= split.stepsBefore + split.stepsAfter else { return false }
            return bytes.withUnsafeBufferPointer { pattern in
                match(pattern[..<split.byte], name[..<split.stepsBefore])
                    && match(pattern[(split.byte + 1)...], name[(name.count - split.stepsAfter)...])
            }
        }
        return bytes.withUnsafeBufferPointer { match($0[...], name[...]) }
    }

    @inline(__always) private func fold(_ byte: UInt8) -> UInt8 { foldsCase ? ASCIICaseFolding.fold(byte) : byte }

    private func match(_ pattern: Slice<UnsafeBufferPointer<UInt8>>, _ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var p = pattern.startIndex
        var n = name.startIndex
        var starP = -1
        var starN = -1
        while n < name.endIndex {
            if p < pattern.endIndex {
                let token = pattern[p]
                if token == UInt8(ascii: "*") {
                    starP = p
                    starN = n
                    p += 1
                    continue
                }
                if token == UInt8(ascii: "?") {
                    p += 1
                    n += 1
                    continue
                }
                if token == UInt8(ascii: "["), let (matched, next) = matchClass(pattern, at: p, byte: fold(name[n])) {
                    if matched {
                        p = next
                        n += 1
                        continue
                    }
                } else if token == fold(name[n]) {
                    p += 1
                    n += 1
                    continue
                }
            }
            if starP >= 0 {
                p = starP + 1
                starN += 1
                n = starN
                continue
            }
            return false
        }
        while p < pattern.endIndex && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Matches a bracket expression at `start`; returns whether `byte` is in it and the index after it,
    /// or `nil` if the bracket is not closed (then `[` is literal).
    private func matchClass(_ pattern: Slice<UnsafeBufferPointer<UInt8>>, at start: Int, byte: UInt8) -> (Bool, Int)? {
        var matched = false
        guard let (negated, next) = GlobPattern.bracketRanges(pattern, at: start, { low, high in
            if byte >= low && byte <= high { matched = true }
        }) else { return nil }
        return (matched != negated, next)
    }
}
