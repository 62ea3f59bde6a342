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
        bytes = caseSensitive ? Array(pattern.utf8) : pattern.utf8.map(ASCIICaseFolding.fold)
        let steps = GlobPattern.steps(bytes)
        let tokens = steps.map(\.token)
        // The runs of literal bytes between wildcards and bracket expressions: the first and the
        // last open and close every match, the longest (`.so.` of `*.so.[0-9]*`) lies somewhere
        // in it, and the prefilter rejects most names by a scan for it, without backtracking.
        var runs: [[UInt8]] = [[]]
        for token in tokens {
            if case .byte(let byte) = token { runs[runs.count - 1].append(byte) } else { runs.append([]) }
        }
        literalPrefix = runs[0]
        literalSuffix = runs[runs.count - 1]
        let requiredRun = runs.max { $0.count < $1.count } ?? []
        let byteSteps = tokens.count(where: { $0 != .star })
        prefilter = GlobPrefilter(
            minimumLength: byteSteps, maximumLength: tokens.contains(.star) ? Int.max : byteSteps,
            literalBytes: tokens.compactMap { if case .byte(let byte) = $0 { byte } else { nil } },
            requiredRun: requiredRun, foldsCase: !caseSensitive)
        // One `*`: the steps before it match the name's first bytes, those after it its last.
        if tokens.count(where: { $0 == .star }) == 1, let star = tokens.firstIndex(of: .star) {
            singleStar = (steps[star].offset, star, tokens.count - star - 1)
        } else {
            singleStar = nil
        }
        func anchors(_ token: Token?) -> [UInt8]? {
            guard let token else { return nil }
            // A name's byte is folded before it is looked up. A case-insensitive pattern
            // compares folded name bytes, which are never upper case; a case-sensitive one
            // compares them as they are, so each of its bytes stands for its folded form.
            let members: [UInt8]
            switch token {
            case .star, .any: return nil
            case .byte(let byte): members = [byte]
            case .set(let set, let negated):
                if negated { return nil }
                members = (0...255).filter { set[$0] }.map(UInt8.init)
            }
            let keys = caseSensitive
                ? Set(members.map(ASCIICaseFolding.fold))
                : Set(members.filter { ASCIICaseFolding.fold($0) == $0 })
            return keys.sorted()
        }
        firstBytes = anchors(tokens.first)
        lastBytes = anchors(tokens.last)
    }

    /// One step of a pattern: a byte, `?`, `*`, or a bracket expression (the bytes it lists,
    /// and whether it is negated).
    private enum Token: Equatable {
        case byte(UInt8)
        case any
        case star
        case set([Bool], negated: Bool)
    }

    /// The steps of `bytes` and where each starts, read by the rules of ``match(_:_:)``: an
    /// unclosed `[` is a byte.
    private static func steps(_ bytes: [UInt8]) -> [(token: Token, offset: Int)] {
        var steps: [(token: Token, offset: Int)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            if byte == UInt8(ascii: "*") {
                steps.append((.star, start))
                index += 1
            } else if byte == UInt8(ascii: "?") {
                steps.append((.any, start))
                index += 1
            } else if byte == UInt8(ascii: "["), let (set, negated, next) = bracketExpression(bytes, at: index) {
                steps.append((.set(set, negated: negated), start))
                index = next
            } else {
                steps.append((.byte(byte), start))
                index += 1
            }
        }
        return steps
    }

    /// The bracket expression at `start` as ``match(_:_:)`` reads it: the bytes it lists,
    /// whether it is negated and the index after it; `nil` when it is not closed.
    private static func bracketExpression(_ bytes: [UInt8], at start: Int) -> ([Bool], Bool, Int)? {
        var set = [Bool](repeating: false, count: 256)
        let read = bytes.withUnsafeBufferPointer { pattern in
            bracketRanges(pattern[...], at: start) { low, high in
                if low <= high { for member in low...high { set[Int(member)] = true } }
            }
        }
        guard let (negated, next) = read else { return nil }
        return (set, negated, next)
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
