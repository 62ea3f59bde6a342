/// Compiles the subset of Java regular expressions that Tika's magic patterns use into a
/// ``MagicRegex`` program, or says why it cannot.
///
/// The subset: literal bytes, `.`, classes (`[a-z]`, `[^\x00]`, with escapes inside), `\d \D \s
/// \S \w \W` (ASCII), `\b \B`, `^ $`, groups `(…)` and `(?:…)` (nothing is captured),
/// alternation, `* + ? {m} {m,} {m,n}` greedy or lazy (`?` after), the inline flags `(?s)` (`.`
/// matches line terminators too) and `(?i)` (ASCII letters in either case) until the end of the
/// enclosing group, and the escapes `\xHH \uHHHH` (up to `\u00FF`) `\t \n \r \f \e \a \0OOO`
/// and `\` before any other non-letter. Anything else (lookaround, atomic groups,
/// backreferences, possessive quantifiers, named groups) is refused: the generator leaves such
/// a pattern out, so the table never holds one. A pattern is a byte string; each byte is one
/// character (Latin-1), as Tika reads a file's bytes.
///
/// Bounds: groups nest at most 32 deep, a count is at most 4096, and a program at most
/// 65,536 instructions (counted repeats of groups are unrolled).
struct MagicRegexCompiler {
    /// Why a pattern was refused.
    struct Refusal: Error, Equatable {
        /// What is wrong, with the byte position.
        var reason: String
    }

    /// A parsed pattern, before code is emitted.
    private indirect enum Node {
        case set(MagicByteSet)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int?, greedy: Bool)
        case start
        case end
        case boundary(Bool)
    }

    static let maximumNesting = 32
    static let maximumCount = 4096
    static let maximumInstructions = 65_536

    private let pattern: [UInt8]
    private var index = 0
    private var dotAll = false
    private var ignoreCase = false
    private var instructions: [MagicRegexInstruction] = []
    private var sets: [MagicByteSet] = []

    /// Compiles `pattern`.
    static func compile(_ pattern: [UInt8]) -> Result<MagicRegex, Refusal> {
        var compiler = MagicRegexCompiler(pattern: pattern)
        do throws(Refusal) {
            let node = try compiler.alternation(depth: 0)
            if compiler.index != pattern.count { throw Refusal(reason: "unbalanced ')' at \(compiler.index)") }
            try compiler.emit(node)
            try compiler.append(MagicRegexInstruction(operation: .match))
            return .success(MagicRegex(instructions: compiler.instructions, sets: compiler.sets))
        } catch {
            return .failure(error)
        }
    }

    private init(pattern: [UInt8]) { self.pattern = pattern }

    // MARK: Parsing

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < pattern.count ? pattern[index + ahead] : nil
    }

    private mutating func alternation(depth: Int) throws(Refusal) -> Node {
        guard depth <= Self.maximumNesting else { throw Refusal(reason: "groups nested too deeply") }
        var branches = [try sequence(depth: depth)]
        while peek() == UInt8(ascii: "|") {
            index += 1
            branches.append(try sequence(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence(depth: Int) throws(Refusal) -> Node {
        var items: [Node] = []
        while let byte = peek(), byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
            guard let atom = try atom(depth: depth) else { continue }
            items.append(try quantified(atom))
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// One item, or `nil` for an inline flag group (which changes the flags and matches nothing).
    private mutating func atom(depth: Int) throws(Refusal) -> Node? {
        let byte = pattern[index]
        index += 1
        switch byte {
        case UInt8(ascii: "("):
            if peek() == UInt8(ascii: "?") {
                if try inlineFlags() { return nil }
                guard peek(1) == UInt8(ascii: ":") else {
                    throw Refusal(reason: "group (?\(peek(1).map { String(UnicodeScalar($0)) } ?? "") at \(index - 1)")
                }
                index += 2
            }
            let saved = (dotAll, ignoreCase)
            let inner = try alternation(depth: depth + 1)
            (dotAll, ignoreCase) = saved
            guard peek() == UInt8(ascii: ")") else { throw Refusal(reason: "unclosed group") }
            index += 1
            return .sequence([inner])
        case UInt8(ascii: "["):
            return .set(try characterClass())
        case UInt8(ascii: "."):
            var set = MagicByteSet(0...255)
            if !dotAll { set = Self.lineTerminators.inverted }
            return .set(set)
        case UInt8(ascii: "^"):
            return .start
        case UInt8(ascii: "$"):
            return .end
        case UInt8(ascii: "\\"):
            switch try escape(inClass: false) {
            case .set(let set): return .set(ignoreCase ? set.addingOtherCases : set)
            case .boundary(let isBoundary): return .boundary(isBoundary)
            }
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
            throw Refusal(reason: "a quantifier with nothing to repeat at \(index - 1)")
        default:
            let set = MagicByteSet(byte)
            return .set(ignoreCase ? set.addingOtherCases : set)
        }
    }

    /// `(?is)` and the like, after `(`; false (nothing consumed) when it is another `(?` group.
    private mutating func inlineFlags() throws(Refusal) -> Bool {
        var ahead = 1
        var flags: (dotAll: Bool, ignoreCase: Bool) = (dotAll, ignoreCase)
        while let byte = peek(ahead) {
            switch byte {
            case UInt8(ascii: "s"): flags.dotAll = true
            case UInt8(ascii: "i"): flags.ignoreCase = true
            case UInt8(ascii: ")") where ahead > 1:
                index += ahead + 1
                (dotAll, ignoreCase) = flags
                return true
            default: return false
            }
            ahead += 1
        }
        return false
    }

    private enum Escape {
        case set(MagicByteSet)
        case boundary(Bool)
    }

    static let lineTerminators: MagicByteSet = {
        var set = MagicByteSet(0x0A)
        set.insert(0x0D)
        set.insert(0x85)
        return set
    }()
    static let digits = MagicByteSet(UInt8(ascii: "0")...UInt8(ascii: "9"))
    static let spaces: MagicByteSet = {
        var set = MagicByteSet(0x09...0x0D)
        set.insert(0x20)
        return set
    }()
    static let wordBytes: MagicByteSet = {
        var set = MagicByteSet(UInt8(ascii: "a")...UInt8(ascii: "z"))
        set.formUnion(MagicByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z")))
        set.formUnion(digits)
        set.insert(UInt8(ascii: "_"))
        return set
    }()

    /// The item after a backslash.
    private mutating func escape(inClass: Bool) throws(Refusal) -> Escape {
        guard let byte = peek() else { throw Refusal(reason: "a trailing backslash") }
        index += 1
        switch byte {
        case UInt8(ascii: "x"): return .set(MagicByteSet(UInt8(try hexDigits(2))))
        case UInt8(ascii: "u"):
            let value = try hexDigits(4)
            guard value <= 0xFF else { throw Refusal(reason: "\\u beyond \\u00FF at \(index - 6)") }
            return .set(MagicByteSet(UInt8(value)))
        case UInt8(ascii: "0"):
            var value = 0
            var count = 0
            while count < 3, let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") {
                value = value * 8 + Int(digit - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            guard count > 0 else { throw Refusal(reason: "\\0 without octal digits") }
            return .set(MagicByteSet(UInt8(truncatingIfNeeded: value)))
        case UInt8(ascii: "t"): return .set(MagicByteSet(0x09))
        case UInt8(ascii: "n"): return .set(MagicByteSet(0x0A))
        case UInt8(ascii: "r"): return .set(MagicByteSet(0x0D))
        case UInt8(ascii: "f"): return .set(MagicByteSet(0x0C))
        case UInt8(ascii: "e"): return .set(MagicByteSet(0x1B))
        case UInt8(ascii: "a"): return .set(MagicByteSet(0x07))
        case UInt8(ascii: "d"): return .set(Self.digits)
        case UInt8(ascii: "D"): return .set(Self.digits.inverted)
        case UInt8(ascii: "s"): return .set(Self.spaces)
        case UInt8(ascii: "S"): return .set(Self.spaces.inverted)
        case UInt8(ascii: "w"): return .set(Self.wordBytes)
        case UInt8(ascii: "W"): return .set(Self.wordBytes.inverted)
        case UInt8(ascii: "b"), UInt8(ascii: "B"):
            guard !inClass else { throw Refusal(reason: "\\b in a class") }
            return .boundary(byte == UInt8(ascii: "b"))
        default:
            guard !ASCII.isDigit(byte), !Self.isLetter(byte) else {
                throw Refusal(reason: "escape \\\(String(UnicodeScalar(byte))) at \(index - 2)")
            }
            return .set(MagicByteSet(byte))
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private mutating func hexDigits(_ count: Int) throws(Refusal) -> Int {
        var value = 0
        for _ in 0..<count {
            guard let byte = peek(), let digit = Self.hexValue(byte) else { throw Refusal(reason: "a malformed hex escape at \(index)") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `[…]` after the `[`.
    private mutating func characterClass() throws(Refusal) -> MagicByteSet {
        var negated = false
        if peek() == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var set = MagicByteSet()
        var first = true
        while true {
            guard let byte = peek() else { throw Refusal(reason: "an unclosed class") }
            if byte == UInt8(ascii: "]"), !first {
                index += 1
                break
            }
            if byte == UInt8(ascii: "[") || (byte == UInt8(ascii: "&") && peek(1) == UInt8(ascii: "&")) {
                throw Refusal(reason: "a nested class or class intersection at \(index)")
            }
            first = false
            let low = try classMember()
            if peek() == UInt8(ascii: "-"), let next = peek(1), next != UInt8(ascii: "]") {
                index += 1
                let high = try classMember()
                guard case .byte(let from) = low, case .byte(let to) = high, from <= to else {
                    throw Refusal(reason: "a malformed range in a class at \(index)")
                }
                set.formUnion(MagicByteSet(from...to))
            } else {
                switch low {
                case .byte(let value): set.insert(value)
                case .set(let members): set.formUnion(members)
                }
            }
        }
        if ignoreCase { set = set.addingOtherCases }
        return negated ? set.inverted : set
    }

    private enum ClassMember {
        case byte(UInt8)
        case set(MagicByteSet)
    }

    private mutating func classMember() throws(Refusal) -> ClassMember {
        let byte = pattern[index]
        index += 1
        guard byte == UInt8(ascii: "\\") else { return .byte(byte) }
        guard case .set(let set) = try escape(inClass: true) else { throw Refusal(reason: "\\b in a class") }
        return set.count == 1 ? .byte(set.members[0]) : .set(set)
    }

    private mutating func quantified(_ atom: Node) throws(Refusal) -> Node {
        var minimum = 0
        var maximum: Int?
        switch peek() {
        case UInt8(ascii: "*"):
            index += 1
        case UInt8(ascii: "+"):
            minimum = 1
            index += 1
        case UInt8(ascii: "?"):
            maximum = 1
            index += 1
        case UInt8(ascii: "{"):
            (minimum, maximum) = try counts()
        default:
            return atom
        }
        switch atom {
        case .start, .end, .boundary: throw Refusal(reason: "a quantifier after an anchor at \(index - 1)")
        default: break
        }
        var greedy = true
        if peek() == UInt8(ascii: "?") {
            greedy = false
            index += 1
        } else if peek() == UInt8(ascii: "+") {
            throw Refusal(reason: "a possessive quantifier at \(index)")
        }
        if let next = peek(), [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{")].contains(next) {
            throw Refusal(reason: "a quantifier of a quantifier at \(index)")
        }
        return .repetition(atom, minimum: minimum, maximum: maximum, greedy: greedy)
    }

    /// `{m}`, `{m,}` or `{m,n}`.
    private mutating func counts() throws(Refusal) -> (Int, Int?) {
        index += 1
        let low = try number()
        var high: Int? = low
        if peek() == UInt8(ascii: ",") {
            index += 1
            high = peek() == UInt8(ascii: "}") ? nil : try number()
        }
        guard peek() == UInt8(ascii: "}") else { throw Refusal(reason: "a malformed repetition at \(index)") }
        index += 1
        if let high, high < low { throw Refusal(reason: "a repetition {\(low),\(high)}") }
        return (low, high)
    }

    private mutating func number() throws(Refusal) -> Int {
        var value = 0
        var digits = 0
        while let byte = peek(), ASCII.isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
            guard value <= Self.maximumCount else { throw Refusal(reason: "a count above \(Self.maximumCount)") }
        }
        guard digits > 0 else { throw Refusal(reason: "a malformed repetition at \(index)") }
        return value
    }

    // MARK: Emitting

    private mutating func append(_ instruction: MagicRegexInstruction) throws(Refusal) {
        guard instructions.count < Self.maximumInstructions else { throw Refusal(reason: "the program is too long") }
        instructions.append(instruction)
    }

    private mutating func setIndex(_ set: MagicByteSet) -> Int32 {
        if let existing = sets.firstIndex(of: set) { return Int32(existing) }
        sets.append(set)
        return Int32(sets.count - 1)
    }

    private mutating func emit(_ node: Node) throws(Refusal) {
        switch node {
        case .set(let set):
            try append(MagicRegexInstruction(operation: .byteSet, operand: setIndex(set)))
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            var exits: [Int] = []
            for (position, branch) in branches.enumerated() {
                if position < branches.count - 1 {
                    let split = instructions.count
                    try append(MagicRegexInstruction(operation: .split, operand: Int32(split + 1)))
                    try emit(branch)
                    exits.append(instructions.count)
                    try append(MagicRegexInstruction(operation: .jump))
                    instructions[split].minimum = Int32(instructions.count)
                } else {
                    try emit(branch)
                }
            }
            for exit in exits { instructions[exit].operand = Int32(instructions.count) }
        case .repetition(let item, let minimum, let maximum, let greedy):
            try emitRepetition(item, minimum: minimum, maximum: maximum, greedy: greedy)
        case .start:
            try append(MagicRegexInstruction(operation: .assertStart))
        case .end:
            try append(MagicRegexInstruction(operation: .assertEnd))
        case .boundary(let isBoundary):
            try append(MagicRegexInstruction(operation: isBoundary ? .wordBoundary : .notWordBoundary))
        }
    }

    /// A repeat of one byte item is one instruction; a repeat of anything else is unrolled:
    /// `minimum` copies, then a loop (unbounded) or `maximum - minimum` optional copies.
    private mutating func emitRepetition(_ item: Node, minimum: Int, maximum: Int?, greedy: Bool) throws(Refusal) {
        if case .set(let set) = item {
            try append(
                MagicRegexInstruction(
                    operation: greedy ? .repeatGreedy : .repeatLazy, operand: setIndex(set), minimum: Int32(minimum),
                    maximum: maximum.map { Int32($0) } ?? Int32.max))
            return
        }
        for _ in 0..<minimum { try emit(item) }
        guard let maximum else {
            let loop = instructions.count
            try append(MagicRegexInstruction(operation: .split))
            try emit(item)
            try append(MagicRegexInstruction(operation: .jump, operand: Int32(loop)))
            setBranches(of: loop, body: loop + 1, out: instructions.count, greedy: greedy)
            return
        }
        var splits: [Int] = []
        for _ in minimum..<maximum {
            splits.append(instructions.count)
            try append(MagicRegexInstruction(operation: .split))
            try emit(item)
        }
        for split in splits { setBranches(of: split, body: split + 1, out: instructions.count, greedy: greedy) }
    }

    private mutating func setBranches(of split: Int, body: Int, out: Int, greedy: Bool) {
        instructions[split].operand = Int32(greedy ? body : out)
        instructions[split].minimum = Int32(greedy ? out : body)
    }
}
