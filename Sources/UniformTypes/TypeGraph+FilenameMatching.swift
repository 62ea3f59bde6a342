import Glibc

extension TypeGraph {
    /// The type a filename suggests, by the rules documented on ``FilenameMatch``.
    ///
    /// `name` may be a path; only its last component is used. Unambiguous matches do not
    /// allocate (the pattern is spelled out when ``FilenameMatch/pattern`` is read).
    public func match(filename name: String) -> FilenameMatch {
        let (best, baseStart) = TypeGraph.withBytes(of: name) { full -> (BestCandidates<TiedTypes>, Int) in
            let base = TypeGraph.lastComponent(full)
            return (bestCandidates(base), full.count - base.count)
        }
        guard best.ties.overflowed else { return best.result(in: storage, name: name, baseStart: baseStart) }
        // More types tie than fit in place: the same walk, keeping them all.
        let all = TypeGraph.withBytes(of: name) { full -> BestCandidates<ManyTiedTypes> in
            bestCandidates(TypeGraph.lastComponent(full))
        }
        return all.result(in: storage, name: name, baseStart: baseStart)
    }

    /// The type of ``match(filename:)`` alone — the first of the types the name's best pattern
    /// suggests — or `nil` when no pattern matches. For callers that need only the type (a
    /// folder listing): it neither keeps the pattern nor lists the tied types, and allocates
    /// only when more than four types tie.
    ///
    /// `name` may be a path; only its last component is used.
    public func type(filename name: String) -> UniformType? {
        let winner = TypeGraph.withBytes(of: name) { full -> Int32? in
            let base = TypeGraph.lastComponent(full)
            let best: BestCandidates<TiedTypes> = bestCandidates(base)
            guard best.ties.overflowed else { return best.firstWinner(in: storage) }
            let all: BestCandidates<ManyTiedTypes> = bestCandidates(base)
            return all.firstWinner(in: storage)
        }
        guard let winner else { return nil }
        return UniformType(storage, index: winner)
    }

    /// Calls `body` with the UTF-8 bytes of `name`, in place when the string stores them
    /// contiguously (every native string), else from a copy.
    @inline(__always)
    static func withBytes<Result>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = name
        return copy.withUTF8(body)
    }

    /// The best candidates for a last path component, by the rules of ``FilenameMatch``.
    @inline(__always)
    private func bestCandidates<Ties: FilenameTies>(_ base: UnsafeBufferPointer<UInt8>) -> BestCandidates<Ties> {
        var best = BestCandidates<Ties>()
        // One walk from the last byte: each `.` offers the extensions of the suffix after it;
        // reaching the first byte offers the literal names.
        let trie = storage.nameTrie
        var node = NameSuffixTrie.root
        var index = base.count - 1
        while index >= 0 {
            let byte = ASCIICaseFolding.fold(base[index])
            if byte == UInt8(ascii: "."), index + 1 < base.count {
                offerExtensions(at: node, suffixStart: index + 1, of: base, to: &best)
            }
            guard let next = trie.child(of: node, byte: byte) else { break }
            node = next
            index -= 1
        }
        // A literal name wins over every extension and glob.
        if index < 0, !base.isEmpty, let list = literalList(at: node, of: base) {
            best = BestCandidates()
            for candidate in storage.candidates(list) { best.offer(candidate, kind: .literal) }
            return best
        }
        guard let firstByte = base.first, let lastByte = base.last else { return best }
        // Which bytes the name holds, summed up when a glob first asks.
        var byteSet = NameByteSet(name: base)
        // An extension was found: only the globs heavier than it can still win, and they are
        // the first few by number (one, `*.so.[0-9]*`, in the system graph). Tried in number
        // order without the buckets, they are offered as the merge below would offer them: a
        // glob outside the name's buckets fails its match, and a glob that ends the search
        // weighs no more than the next glob of a bucket, which would end it too.
        if best.length > 0 {
            let globs = storage.globCandidates
            var heavier = 0
            while heavier < globs.count, Int(globs[heavier].weight) > best.weight {
                heavier += 1
                if heavier > Self.directGlobLimit { break }
            }
            if heavier <= Self.directGlobLimit {
                for index in 0..<heavier where !tryGlob(index, on: base, byteSet: &byteSet, best: &best) { break }
                return best
            }
        }
        let buckets = storage.globBuckets
        // The globs a name's first byte can start, those its last byte can end, and the rest:
        // three lists of glob numbers, merged so the heaviest globs come first.
        var first = buckets.range(Int(ASCIICaseFolding.fold(firstByte)))
        var last = buckets.range(256 + Int(ASCIICaseFolding.fold(lastByte)))
        var rest = buckets.range(Storage.unanchoredBucket)
        while true {
            let nextFirst = first.isEmpty ? Int.max : Int(buckets[first.lowerBound])
            let nextLast = last.isEmpty ? Int.max : Int(buckets[last.lowerBound])
            let nextRest = rest.isEmpty ? Int.max : Int(buckets[rest.lowerBound])
            let index = min(nextFirst, nextLast, nextRest)
            if index == Int.max { break }
            if index == nextFirst { first = first.dropFirst() } else if index == nextLast { last = last.dropFirst() } else { rest = rest.dropFirst() }
            if !tryGlob(index, on: base, byteSet: &byteSet, best: &best) { break }
        }
        return best
    }

    /// Tries glob `index` against `base`, offering it to `best` when it matches; whether the
    /// globs after it can still win.
    @inline(__always)
    private func tryGlob<Ties: FilenameTies>(
        _ index: Int, on base: UnsafeBufferPointer<UInt8>, byteSet: inout NameByteSet, best: inout BestCandidates<Ties>
    ) -> Bool {
        var candidate = storage.globCandidates[index]
        // Globs come heaviest first, and a glob never wins a tie of weight against an
        // extension: once one cannot beat the best so far, none after it can.
        if Int(candidate.weight) < best.weight || (Int(candidate.weight) == best.weight && best.length > 0) { return false }
        let prefilter = storage.globPrefilters[index]
        guard prefilter.admitsLength(base.count), prefilter.admits(base, byteSet: byteSet.value),
            storage.globPatterns[index].matches(base)
        else { return true }
        // A general glob loses a tie of weight to an extension: its length does not count.
        candidate.patternLength = 0
        best.offer(candidate, kind: .glob, glob: Int32(index))
        return true
    }

    /// How many globs heavier than a name's extension are tried one by one, skipping the
    /// buckets.
    private static var directGlobLimit: Int { 4 }

    /// Offers the extension patterns of the trie node of `base`'s suffix from `suffixStart`:
    /// the case-sensitive ones matching its own bytes, then the case-insensitive ones.
    @inline(__always)
    private func offerExtensions<Ties: FilenameTies>(at node: Int32, suffixStart: Int, of base: UnsafeBufferPointer<UInt8>, to best: inout BestCandidates<Ties>) {
        let patterns = storage.nameTrie.extensions(at: node)
        if patterns.caseSensitive, let list = storage.extensionsExact.value(for: UnsafeBufferPointer(rebasing: base[suffixStart...])) {
            for candidate in storage.candidates(list) { best.offer(candidate, kind: .extension, suffixStart: suffixStart) }
        }
        if patterns.list >= 0 {
            for candidate in storage.candidates(patterns.list) { best.offer(candidate, kind: .extension, suffixStart: suffixStart) }
        }
    }

    /// The literal names matching the whole of `base`, at its trie node: a case-sensitive name
    /// spelled as `base` is, else the case-insensitive ones.
    @inline(__always)
    private func literalList(at node: Int32, of base: UnsafeBufferPointer<UInt8>) -> Int32? {
        storage.nameTrie.literals(at: node).preferredList(for: base, caseSensitiveTable: storage.literalNamesExact)
    }

    /// Every pattern that matches a filename, best first (for explanations): literal names,
    /// extension patterns for each suffix, and globs.
    public func candidates(filename name: String) -> [FilenameCandidate] {
        var name = name
        return name.withUTF8 { full in
            let base = TypeGraph.lastComponent(full)
            var found: [(Candidate, FilenameMatch.Kind, String)] = []
            for table in [storage.literalNamesExact, storage.literalNamesFolded] {
                if let list = table.value(for: base) {
                    for candidate in storage.candidates(list) {
                        found.append((candidate, .literal, String(decoding: base, as: UTF8.self)))
                    }
                }
            }
            forEachSuffix(of: base) { suffix in
                for table in [storage.extensionsExact, storage.extensionsFolded] {
                    if let list = table.value(for: suffix) {
                        for candidate in storage.candidates(list) {
                            found.append((candidate, .extension, "*." + String(decoding: suffix, as: UTF8.self)))
                        }
                    }
                }
            }
            for (index, pattern) in storage.globPatterns.enumerated() where pattern.matches(base) {
                found.append((storage.globCandidates[index], .glob, String(decoding: pattern.bytes, as: UTF8.self)))
            }
            let literal = found.contains { $0.1 == .literal }
            return found.filter { !literal || $0.1 == .literal }
                .enumerated()
                .sorted { a, b in
                    let x = a.element.0
                    let y = b.element.0
                    if x.weight != y.weight { return x.weight > y.weight }
                    let lengthX = a.element.1 == .glob ? 0 : x.patternLength
                    let lengthY = b.element.1 == .glob ? 0 : y.patternLength
                    if lengthX != lengthY { return lengthX > lengthY }
                    return a.offset < b.offset
                }
                .map {
                    FilenameCandidate(
                        type: UniformType(storage, index: $0.element.0.type), kind: $0.element.1,
                        pattern: $0.element.2, weight: Int($0.element.0.weight))
                }
        }
    }

    /// The part of `path` after its last `/` (all of it when it has none). Read eight bytes at
    /// a time from the end: a name is rarely longer than two words.
    @inline(__always)
    static func lastComponent(_ path: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let base = path.baseAddress else { return path }
        var end = path.count
        let raw = UnsafeRawPointer(base)
        while end >= 8 {
            // The bytes equal to `/` become zero; `zeros` has the high bit of exactly those
            // bytes set (no carry crosses a byte, unlike the shorter test, whose false marks
            // would point past the last slash).
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)) ^ 0x2F2F_2F2F_2F2F_2F2F
            let zeros = ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word | 0x7F7F_7F7F_7F7F_7F7F)
            if zeros != 0 {
                let slash = end - 8 + (63 - zeros.leadingZeroBitCount) / 8
                return UnsafeBufferPointer(rebasing: path[(slash + 1)...])
            }
            end -= 8
        }
        while end > 0 && path[end - 1] != UInt8(ascii: "/") { end -= 1 }
        return UnsafeBufferPointer(rebasing: path[end...])
    }

    /// Calls `body` with each suffix after a `.`, longest first.
    @inline(__always)
    private func forEachSuffix(of name: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = name.baseAddress else { return }
        var index = 0
        while index + 1 < name.count, let dot = memchr(base + index, Int32(UInt8(ascii: ".")), name.count - 1 - index) {
            index = UnsafeRawPointer(dot) - UnsafeRawPointer(base) + 1
            body(UnsafeBufferPointer(rebasing: name[index...]))
        }
    }
}

/// The ``GlobPrefilter/ByteSet`` of a name, taken when a glob first asks for it.
private struct NameByteSet {
    let name: UnsafeBufferPointer<UInt8>
    private var taken: UInt32?

    init(name: UnsafeBufferPointer<UInt8>) { self.name = name }

    var value: UInt32 {
        mutating get {
            if let taken { return taken }
            let set = GlobPrefilter.ByteSet.of(name)
            taken = set
            return set
        }
    }
}

/// The types tied at a filename match's best (weight, length), in the order offered.
private protocol FilenameTies {
    init()
    var count: Int { get }
    /// Whether a tied type did not fit: the walk must be made again with room for all.
    var overflowed: Bool { get }
    subscript(index: Int) -> Int32 { get }
    /// Starts over with `type` alone.
    mutating func reset(to type: Int32)
    mutating func append(_ type: Int32)
}

/// Up to four tied types, in place: a plain value, so a match that finds at most four makes
/// and frees nothing.
private struct TiedTypes: FilenameTies {
    private var types: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
    private(set) var count = 0
    private(set) var overflowed = false

    subscript(index: Int) -> Int32 {
        switch index {
        case 0: types.0
        case 1: types.1
        case 2: types.2
        default: types.3
        }
    }

    mutating func reset(to type: Int32) {
        types.0 = type
        count = 1
        overflowed = false
    }

    mutating func append(_ type: Int32) {
        switch count {
        case 1: types.1 = type
        case 2: types.2 = type
        case 3: types.3 = type
        default:
            overflowed = true
            return
        }
        count += 1
    }
}

/// Any number of tied types (an extension some registries give to many types, `*.ogg`).
private struct ManyTiedTypes: FilenameTies {
    private var types: [Int32] = []
    var count: Int { types.count }
    var overflowed: Bool { false }
    subscript(index: Int) -> Int32 { types[index] }
    mutating func reset(to type: Int32) { types = [type] }
    mutating func append(_ type: Int32) { types.append(type) }
}

/// The running best of a filename match: the best (weight, length) and the types tied at it.
private struct BestCandidates<Ties: FilenameTies> {
    var weight = -1
    var length = -1
    var kind = FilenameMatch.Kind.extension
    var glob: Int32 = -1
    /// Where the winning extension starts in the name.
    var suffixStart = 0
    var ties = Ties()

    mutating func offer(_ candidate: TypeGraph.Candidate, kind: FilenameMatch.Kind, glob: Int32 = -1, suffixStart: Int = 0) {
        let weight = Int(candidate.weight)
        let length = Int(candidate.patternLength)
        if weight > self.weight || (weight == self.weight && length > self.length) {
            self.weight = weight
            self.length = length
            self.kind = kind
            self.glob = glob
            self.suffixStart = suffixStart
            ties.reset(to: candidate.type)
            return
        }
        guard weight == self.weight && length == self.length else { return }
        for index in 0..<ties.count where ties[index] == candidate.type { return }
        ties.append(candidate.type)
    }

    /// Whether tied type `index` refines (conforms to) another tied type: such a type does not
    /// win, the more general one does.
    private func refinesAnotherTied(_ index: Int, in storage: TypeGraph.Storage) -> Bool {
        let type = ties[index]
        for other in 0..<ties.count where other != index {
            let candidate = ties[other]
            if candidate != type && storage.conforms(type, to: candidate) { return true }
        }
        return false
    }

    /// The first winning type of ``result(in:name:baseStart:)``, or `nil` when nothing matched.
    @inline(__always)
    func firstWinner(in storage: TypeGraph.Storage) -> Int32? {
        if ties.count == 1 { return ties[0] }
        for index in 0..<ties.count where !refinesAnotherTied(index, in: storage) { return ties[index] }
        return nil
    }

    /// The match: the tied types that refine no other tied type win; the pattern is kept as a
    /// part of `name` (or a glob of the graph) and spelled out only when asked for.
    func result(in storage: TypeGraph.Storage, name: String, baseStart: Int) -> FilenameMatch {
        guard ties.count > 0 else { return .none }
        var winners: [Int32] = []
        var winner: Int32 = -1
        var winnerCount = 0
        for index in 0..<ties.count {
            let type = ties[index]
            if refinesAnotherTied(index, in: storage) { continue }
            if winnerCount == 0 { winner = type } else {
                if winners.isEmpty { winners.append(winner) }
                winners.append(type)
            }
            winnerCount += 1
        }
        // The pattern is made where it is passed, so the match takes it without a copy.
        return FilenameMatch(
            type: UniformType(storage, index: winner), kind: kind, weight: weight,
            patternText: patternText(in: storage, name: name, baseStart: baseStart),
            isAmbiguous: winnerCount > 1,
            tiedTypes: winnerCount > 1 ? winners.dropFirst().map { UniformType(storage, index: $0) } : [])
    }

    /// The winning pattern, as a part of `name` (whose last component starts at `baseStart`) or
    /// a glob of the graph.
    @inline(__always)
    private func patternText(in storage: TypeGraph.Storage, name: String, baseStart: Int) -> FilenameMatch.PatternText {
        switch kind {
        case .literal: .name(name, utf8Offset: baseStart)
        case .extension: .suffix(name, utf8Offset: baseStart + suffixStart)
        case .glob: glob >= 0 ? .glob(storage.globPatterns[Int(glob)]) : .name("", utf8Offset: 0)
        }
    }
}
