/// The words a POSIX extended regular expression (as libmagic compiles its `regex` tests) cannot
/// match without: for a match to exist, one of the returned strings must occur in the text,
/// at the start of a line when `atLineStart`. `nil` when no such word can be named (a pattern
/// of classes and repetitions only) or the pattern uses a construct this reading does not
/// know; callers then assume the pattern may match anything.
///
/// The reading is deliberately narrow, so that what it names is always a true necessity:
/// - literal characters, and escaped punctuation (`\.`), form runs; an atom that may be absent
///   (`?`, `*`, `{0,n}`) ends a run without joining it; one that must occur at least once
///   (`+`, `{n,…}`) joins the run once and ends it;
/// - a bracket expression of at most four plain characters (`[Cc]`, `[ \t]`) joins a run as
///   each of its characters in turn (at most 16 spellings of a run); any other (ranges,
///   negation, `[:space:]`) and `.` end a run;
/// - a group with alternatives joins nothing, but when it must occur, the words of every one
///   of its alternatives together are a necessity;
/// - `^` at the start of a branch makes the branch's first run start a line; `$`, other
///   escapes (`\b`, `\w`, back-references) and anything unknown end a run;
/// - of the necessities found along a branch, the one whose shortest word is longest is kept;
///   alternatives at the top join theirs, and one without any makes the whole pattern `nil`.
struct MagicRegexLiterals {
    /// One word the text must hold.
    struct Word: Equatable {
        var bytes: [UInt8]
        var atLineStart: Bool
    }

    /// The words, any one of which must occur.
    var words: [Word]

    /// The necessity of `pattern`, or `nil`.
    init?(_ pattern: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: Array(pattern))
        guard let words = reader.alternatives(), reader.index == reader.bytes.count, !words.isEmpty else { return nil }
        self.words = words
    }

    /// The most spellings a run may have, and the most characters a bracket expression may
    /// admit to join a run.
    static let maximumSpellings = 16
    static let maximumBracketMembers = 4

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// `branch ('|' branch)*` up to a `)` or the end: the union of the branches' words,
        /// `nil` when a branch has none.
        mutating func alternatives() -> [Word]? {
            var union: [Word] = []
            var complete = true
            while true {
                if let words = branch() { union += words } else { complete = false }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "|") else { break }
                index += 1
            }
            return complete ? union : nil
        }

        /// One branch: its best necessity (see the type's policy), `nil` when it has none or
        /// holds something unknown.
        private mutating func branch() -> [Word]? {
            var best: [Word]? = nil
            var run: [[UInt8]] = [[]]
            var runAtLineStart = false
            func finishRun() {
                if run.first.map({ !$0.isEmpty }) ?? false {
                    let words = run.map { Word(bytes: $0, atLineStart: runAtLineStart) }
                    if best.map({ Self.strength(words) > Self.strength($0) }) ?? true { best = words }
                }
                run = [[]]
                runAtLineStart = false
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "^") {
                index += 1
                runAtLineStart = true
            }
            while index < bytes.count, bytes[index] != UInt8(ascii: "|"), bytes[index] != UInt8(ascii: ")") {
                // An unknown construct leaves the whole pattern without a known necessity.
                guard let atom = atom(), let repetition = quantifier() else { return nil }
                switch atom {
                case .characters(let choices) where repetition.minimum >= 1:
                    let spellings = run.count * choices.count
                    if spellings > MagicRegexLiterals.maximumSpellings {
                        finishRun()
                        run = choices.map { [$0] }
                    } else {
                        run = run.flatMap { prefix in choices.map { prefix + [$0] } }
                    }
                    if repetition.maximum != 1 { finishRun() }
                case .group(let words?) where repetition.minimum >= 1:
                    finishRun()
                    if best.map({ Self.strength(words) > Self.strength($0) }) ?? true { best = words }
                default:
                    finishRun()
                }
            }
            finishRun()
            return best
        }

        /// How much a necessity narrows the text: the length of its shortest word, then fewer
        /// words.
        private static func strength(_ words: [Word]) -> (Int, Int) {
            (words.map(\.bytes.count).min() ?? 0, -words.count)
        }

        private enum Atom {
            /// One character, one of these (a literal, an escaped punctuation character or a
            /// small bracket expression).
            case characters([UInt8])
            /// A group: its alternatives' words, `nil` when one has none.
            case group([Word]?)
            /// Anything else that consumes a character or asserts a position.
            case other
        }

        /// The next atom; `nil` for a construct this reading does not know (or a malformed one).
        private mutating func atom() -> Atom? {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                return ASCII.isLetter(escaped) || ASCII.isDigit(escaped) || escaped >= 0x80 ? .other : .characters([escaped])
            case UInt8(ascii: "["):
                return bracket()
            case UInt8(ascii: "("):
                let words = alternatives()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else { return nil }
                index += 1
                return .group(words)
            case UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: "^"):
                return .other
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                return nil
            default:
                return .characters([byte])
            }
        }

        /// A bracket expression after its `[`: its characters when it is a few plain ones.
        private mutating func bracket() -> Atom? {
            var members: [UInt8] = []
            var plain = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "^") {
                plain = false
                index += 1
            }
            var first = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "]"), !first {
                    index += 1
                    return plain && !members.isEmpty && members.count <= MagicRegexLiterals.maximumBracketMembers
                        ? .characters(members) : .other
                }
                first = false
                if byte == UInt8(ascii: "["), index + 1 < bytes.count, [UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: ".")].contains(bytes[index + 1]) {
                    // `[:class:]`, `[=x=]`, `[.x.]`: up to the matching `:]`, `=]` or `.]`.
                    let kind = bytes[index + 1]
                    var cursor = index + 2
                    while cursor + 1 < bytes.count, !(bytes[cursor] == kind && bytes[cursor + 1] == UInt8(ascii: "]")) { cursor += 1 }
                    guard cursor + 1 < bytes.count else { return nil }
                    index = cursor + 2
                    plain = false
                    continue
                }
                if byte == UInt8(ascii: "-"), !members.isEmpty, index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "]") {
                    plain = false
                }
                if byte == UInt8(ascii: "\\") { plain = false }  // a literal backslash in POSIX brackets
                if !members.contains(byte) { members.append(byte) }
                index += 1
            }
            return nil
        }

        /// The repetition after an atom: at least `minimum` times, at most `maximum` (`nil`:
        /// no bound). `nil` for a malformed bound.
        private mutating func quantifier() -> (minimum: Int, maximum: Int?)? {
            guard index < bytes.count else { return (1, 1) }
            switch bytes[index] {
            case UInt8(ascii: "*"):
                index += 1
                return (0, nil)
            case UInt8(ascii: "+"):
                index += 1
                return (1, nil)
            case UInt8(ascii: "?"):
                index += 1
                return (0, 1)
            case UInt8(ascii: "{"):
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
                let inside = bytes[(index + 1)..<close]
                index = close + 1
                let parts = inside.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                guard let low = parts.first, parts.count <= 2, low.allSatisfy(ASCII.isDigit) else { return nil }
                let minimum = low.isEmpty ? 0 : Int(String(decoding: low, as: UTF8.self)) ?? 0
                if parts.count == 1 { return (minimum, minimum) }
                let high = parts[1]
                guard high.allSatisfy(ASCII.isDigit) else { return nil }
                return (minimum, high.isEmpty ? nil : Int(String(decoding: high, as: UTF8.self)))
            default:
                return (1, 1)
            }
        }
    }
}
