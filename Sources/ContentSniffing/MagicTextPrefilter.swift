/// What libmagic's rules for text must find in a text before one of them can name a type: a
/// test of words, run in microseconds, that tells when asking libmagic (hundreds of
/// microseconds, and its regular expressions compiled on the first call) can only give
/// `text/plain`.
///
/// Built from a compiled database (the cut ``MagicTextDatabase`` makes): for each rule line
/// that answers with a MIME type, itself or through a named rule it uses, the lines it hangs
/// from must all pass, and each line that compares a string, searches for one, matches a
/// regular expression (``MagicRegexLiterals``) or compares a 16- or 32-bit number without a
/// mask names words one of which must then occur — where the line looks, when it is a
/// top-level line at a fixed offset; a UTF-16 string names its characters, each at its place
/// (libmagic compares only the low byte of each unit). A rule line that answers with a type and names no word anywhere on its way makes
/// the prefilter `nil`: it could never say "no".
///
/// Policy: the prefilter answers only for text in ASCII or UTF-8 without a byte order mark,
/// which libmagic's text rules read as it is (other encodings it converts to UTF-8 first, which
/// moves offsets); for anything else, ``mayName(_:)`` is `true`. Rules that name no type are
/// left out: when one matches, libmagic stops with `text/plain`, as it answers when none does.
///
/// It also chooses the rules a text may match (`ruleSelection(_:)`), so that libmagic loads
/// only those: a rule whose first line needs words the text lacks can never match, whether it
/// names a type or not, and leaving it out changes nothing libmagic says (its rules run in a
/// fixed order, and the first that matches ends the search).
public struct MagicTextPrefilter: Sendable {
    /// One word and where it may start.
    struct Word: Sendable, Equatable {
        /// The bytes, lowercased when ``ignoresCase``.
        var bytes: [UInt8]
        var atLineStart = false
        var ignoresCase = false
        /// The first and last offsets the word may start at (`nil`: any offset from `lowest`).
        var lowest = 0
        var highest: Int? = nil
    }

    /// Each path: clauses that must all hold, a clause being words one of which must occur.
    let paths: [[[Word]]]

    /// One rule libmagic runs, as far as choosing the rules a text may match needs it.
    struct RuleGate: Sendable, Equatable {
        /// Its entries among the rules libmagic runs (set 0 of the cut).
        var entries: Range<Int>
        /// What its first line needs: clauses that must all hold (none: it may always match).
        var clauses: [[Word]]
    }

    /// The rules libmagic runs, in order, covering all their entries; empty when rules cannot
    /// be chosen (the cut is several databases, or one of its lines is an `indirect` test, which
    /// runs every rule again further on).
    let gates: [RuleGate]
    /// How many entries the cut's rules that libmagic runs (set 0) and its named rules (set 1)
    /// hold; a cut of other counts is not the one the gates describe.
    let mainEntryCount: Int
    let namedEntryCount: Int

    /// The words of the rules `main` holds (libmagic's set 0: each a compiled entry of 376
    /// bytes, as in ``CompiledMagicFile/Layout``, in order), following the rules of `named`
    /// (set 1) they use; `nil` when a line that answers with a type names no word on its way.
    init?(main: [UnsafeRawBufferPointer], named: [UnsafeRawBufferPointer], choosesRules: Bool = true) {
        var builder = Builder(named: MagicNamedRules(named.map { MagicNamedRules.Line($0) }))
        for entry in main { builder.add(Line(entry)) }
        guard let paths = builder.paths else { return nil }
        self.paths = paths
        let rerunsRules = (main + named).contains { $0[Layout.type] == Layout.indirectType }
        self.gates = choosesRules && !rerunsRules ? builder.gates : []
        self.mainEntryCount = main.count
        self.namedEntryCount = named.count
    }

    /// A prefilter of the parts it is made of (as read back from its file).
    init(paths: [[[Word]]], gates: [RuleGate], mainEntryCount: Int, namedEntryCount: Int) {
        self.paths = paths
        self.gates = gates
        self.mainEntryCount = mainEntryCount
        self.namedEntryCount = namedEntryCount
    }

    /// The prefilter of compiled databases held in memory, each with its header (the buffers of
    /// ``MagicTextDatabase``); `nil` when one is not a whole database or the rules name no word.
    init?(images: [UnsafeRawBufferPointer]) {
        let size = Layout.entrySize
        var main: [UnsafeRawBufferPointer] = []
        var named: [UnsafeRawBufferPointer] = []
        for image in images {
            guard image.count >= size else { return nil }
            let mainCount = Int(image.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            let namedCount = Int(image.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            guard (1 + mainCount + namedCount) * size == image.count else { return nil }
            for index in 0..<(mainCount + namedCount) {
                let entry = UnsafeRawBufferPointer(rebasing: image[((1 + index) * size)..<((2 + index) * size)])
                if index < mainCount { main.append(entry) } else { named.append(entry) }
            }
        }
        self.init(main: main, named: named, choosesRules: images.count == 1)
    }

    /// The prefilter of a compiled database file, read a few entries at a time (the named rules
    /// first, then the others, keeping only the words); `nil` when it cannot be read or its
    /// rules name no word.
    init?(file: CompiledMagicFile) {
        var named: [MagicNamedRules.Line] = []
        var rerunsRules = false
        do {
            try file.forEachEntry(file.mainCount..<(file.mainCount + file.namedCount), chunkEntries: Self.chunkEntries) { _, entry in
                named.append(MagicNamedRules.Line(entry))
                if entry[Layout.type] == Layout.indirectType { rerunsRules = true }
            }
            var builder = Builder(named: MagicNamedRules(named))
            try file.forEachEntry(0..<file.mainCount, chunkEntries: Self.chunkEntries) { _, entry in
                builder.add(Line(entry))
                if entry[Layout.type] == Layout.indirectType { rerunsRules = true }
            }
            guard let paths = builder.paths else { return nil }
            self.paths = paths
            self.gates = rerunsRules ? [] : builder.gates
            self.mainEntryCount = file.mainCount
            self.namedEntryCount = file.namedCount
        } catch {
            return nil
        }
    }

    /// Entries read at a time from a file: a small buffer, as a process that builds the
    /// prefilter usually needs nothing else of libmagic.
    private static let chunkEntries = 16

    private typealias Layout = CompiledMagicFile.Layout

    /// Collects the paths of the main rules' lines, in order, given the named rules.
    private struct Builder {
        let named: MagicNamedRules
        private var chain: [Line] = []
        private var collected: [[[Word]]] = []
        private var complete = true
        /// The rules taken so far, each with what its first line needs.
        private(set) var gates: [RuleGate] = []

        /// The paths, `nil` when a line that answers with a type names no word on its way.
        var paths: [[[Word]]]? { complete ? collected : nil }

        init(named: MagicNamedRules) {
            self.named = named
        }

        /// Takes the next line of the main rules.
        mutating func add(_ line: Line) {
            let index = gates.last?.entries.upperBound ?? 0
            if line.level == 0 || gates.isEmpty {
                gates.append(RuleGate(entries: index..<(index + 1), clauses: line.level == 0 ? line.clauses : []))
            } else {
                gates[gates.count - 1].entries = gates[gates.count - 1].entries.lowerBound..<(index + 1)
            }
            while let last = chain.last, last.level >= line.level { chain.removeLast() }
            chain.append(line)
            guard complete, named.answers(line.rule) else { return }
            let clauses = chain.flatMap(\.clauses)
            if clauses.isEmpty { complete = false } else { collected.append(clauses) }
        }
    }

    /// Whether a rule that names a type may match `text` (libmagic's window): `false` only when
    /// every such rule lacks a word it needs, for ASCII or UTF-8 text without a byte order mark.
    public func mayName(_ text: UnsafeRawBufferPointer) -> Bool {
        withClauseTest(text) { holds in paths.contains { $0.allSatisfy(holds) } } ?? true
    }

    /// The entries of the rules libmagic runs (set 0 of the cut) whose first line may match
    /// `text` (libmagic's window), in order, adjacent ones joined: loaded with the named rules
    /// alone, they give libmagic's answer for `text`. `nil` when rules cannot be chosen: text
    /// not in ASCII or UTF-8 without a byte order mark, or a prefilter without gates.
    func ruleSelection(_ text: UnsafeRawBufferPointer) -> [Range<Int>]? {
        guard !gates.isEmpty else { return nil }
        return withClauseTest(text) { holds in MagicRuleSubset.joined(gates.filter { $0.clauses.allSatisfy(holds) }.map(\.entries)) }
    }

    /// `body` given a test of whether a clause (words one of which must occur) holds in `text`;
    /// `nil` for text not in ASCII or UTF-8 without a byte order mark.
    private func withClauseTest<T>(_ text: UnsafeRawBufferPointer, _ body: (_ holds: ([Word]) -> Bool) -> T) -> T? {
        guard let encoding = TextEncodingGuess(text, isWholeFile: false), encoding.markLength == 0,
            encoding.encoding == .ascii || encoding.encoding == .utf8
        else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(text.count, 1)) { lowered in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 1024) { pairs in
                // Which pairs of adjacent bytes (case folded) the text holds: a word whose first
                // two bytes are not among them is not looked for.
                pairs.initialize(repeating: 0)
                var previous: UInt8 = 0
                for (index, byte) in text.enumerated() {
                    let folded = ASCII.lowercased(byte)
                    lowered[index] = folded
                    if index > 0 {
                        let pair = Int(previous) << 8 | Int(folded)
                        pairs[pair >> 6] |= 1 << UInt64(pair & 63)
                    }
                    previous = folded
                }
                let folded = UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: lowered[..<text.count]))
                func mayOccur(_ word: Word) -> Bool {
                    guard word.bytes.count >= 2 else { return true }
                    let pair = Int(ASCII.lowercased(word.bytes[0])) << 8 | Int(ASCII.lowercased(word.bytes[1]))
                    return pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0
                }
                return body { clause in clause.contains { mayOccur($0) && Self.occurs($0, in: $0.ignoresCase ? folded : text) } }
            }
        }
    }

    /// Whether `word` occurs in `text` where it may start.
    static func occurs(_ word: Word, in text: UnsafeRawBufferPointer) -> Bool {
        word.bytes.withUnsafeBytes { text.holds($0, from: word.lowest, through: word.highest, atLineStart: word.atLineStart) }
    }

    /// One entry, as far as the prefilter reads it.
    private struct Line {
        typealias Layout = CompiledMagicFile.Layout
        /// Its level, the named rule it uses and whether it answers with a MIME type itself.
        var rule: MagicNamedRules.Line
        var level: Int { rule.level }
        /// What it needs: clauses that must all hold, each words one of which must occur
        /// (none: it names nothing).
        var clauses: [[Word]]

        init(_ entry: UnsafeRawBufferPointer) {
            rule = MagicNamedRules.Line(entry)
            clauses = Self.clauses(of: entry, level: rule.level, type: entry[Layout.type])
        }

        /// What the line needs: the policy of ``MagicTextPrefilter``. A UTF-16 string is
        /// compared by the low byte of each unit only (libmagic reads the other byte only to
        /// tell a NUL from a space), so it needs its characters one by one: each where it
        /// stands at a fixed offset (blank space aside, which a NUL may stand for), or else its
        /// first character somewhere.
        private static func clauses(of entry: UnsafeRawBufferPointer, level: Int, type: UInt8) -> [[Word]] {
            guard type == Layout.leString16Type || type == Layout.beString16Type else {
                return words(of: entry, level: level, type: type).map { [$0] } ?? []
            }
            let length = Int(entry[Layout.valueLength])
            guard entry[Layout.relation] == UInt8(ascii: "="), length > 0, length <= Layout.valueSize else { return [] }
            let characters = Array(entry[Layout.value..<(Layout.value + length)])
            let offset = Int(entry.loadUnaligned(fromByteOffset: Layout.offset, as: Int32.self))
            guard level == 0, entry[Layout.flag] & Layout.relativeOffsetFlags == 0, offset >= 0 else {
                return characters.first { !ASCII.isWhitespace($0) && $0 != 0 }.map { [[Word(bytes: [$0])]] } ?? []
            }
            let low = offset + (type == Layout.beString16Type ? 1 : 0)
            return characters.enumerated().filter { !ASCII.isWhitespace($0.element) && $0.element != 0 }.map { index, character in
                [Word(bytes: [character], lowest: low + 2 * index, highest: low + 2 * index)]
            }
        }

        /// The words one of which the line needs, for the tests other than UTF-16 strings
        /// (`nil`: it names none).
        private static func words(of entry: UnsafeRawBufferPointer, level: Int, type: UInt8) -> [Word]? {
            guard entry[Layout.relation] == UInt8(ascii: "=") else { return nil }
            // For string types the word at `stringFlags` holds their modifiers; for numbers it is
            // half of the mask, which numbers compared here do not have.
            let flags = entry.loadUnaligned(fromByteOffset: Layout.stringFlags, as: UInt32.self)
            let offset = Int(entry.loadUnaligned(fromByteOffset: Layout.offset, as: Int32.self))
            let fixed = level == 0 && entry[Layout.flag] & Layout.relativeOffsetFlags == 0 && offset >= 0
            let length = Int(entry[Layout.valueLength])
            let value = UnsafeRawBufferPointer(rebasing: entry[Layout.value..<(Layout.value + Layout.valueSize)])
            var words: [Word]
            var ignoresCase = flags & Layout.ignoreCaseFlags != 0
            // How far past the line's offset a word may start (`nil`: anywhere after it).
            var reach: Int? = 0
            switch type {
            case Layout.stringType, Layout.searchType:
                guard length > 0, length <= Layout.valueSize else { return nil }
                var bytes = Array(value[..<length])
                if type == Layout.searchType { reach = Int(entry.loadUnaligned(fromByteOffset: Layout.range, as: UInt32.self)) }
                if flags & Layout.compactWhitespaceFlags != 0 {
                    // Blank space in the pattern matches any run of it (or none): the longest
                    // piece between blanks is what must occur, somewhere after the offset.
                    guard let piece = bytes.split(separator: 0x20).max(by: { $0.count < $1.count }) else { return nil }
                    bytes = Array(piece)
                    reach = nil
                }
                words = [Word(bytes: bytes)]
            case Layout.regexType:
                let pattern = length > 0 && length <= Layout.valueSize
                    ? UnsafeRawBufferPointer(rebasing: value[..<length]) : CompiledMagicFile.field(entry, Layout.value, Layout.valueSize)
                guard let literals = MagicRegexLiterals(pattern) else { return nil }
                words = literals.words.map { Word(bytes: $0.bytes, atLineStart: $0.atLineStart) }
                reach = nil
            case Layout.beShortType, Layout.leShortType, Layout.beLongType, Layout.leLongType:
                // A masked number may hold other bits than its value: it names no bytes.
                guard entry[Layout.maskOperation] == 0, entry.loadUnaligned(fromByteOffset: Layout.range, as: UInt64.self) == 0 else {
                    return nil
                }
                let number = entry.loadUnaligned(fromByteOffset: Layout.value, as: UInt64.self).littleEndian
                let width = type == Layout.beShortType || type == Layout.leShortType ? 2 : 4
                let little = type == Layout.leShortType || type == Layout.leLongType
                words = [Word(bytes: (0..<width).map { UInt8(truncatingIfNeeded: number >> (8 * UInt64(little ? $0 : width - 1 - $0))) })]
                ignoresCase = false
            default:
                return nil
            }
            return words.map { word in
                var word = word
                word.ignoresCase = ignoresCase
                if ignoresCase { word.bytes = word.bytes.map(ASCII.lowercased) }
                if fixed {
                    word.lowest = offset
                    word.highest = reach.map { offset + $0 }
                }
                return word
            }
        }
    }
}
