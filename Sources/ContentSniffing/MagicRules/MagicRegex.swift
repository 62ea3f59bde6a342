/// A compiled magic regex (Tika's `type="regex"`), matched by a bounded backtracking machine.
///
/// A match is anchored where it starts and may end anywhere before the region's end, as Java's
/// `Matcher.lookingAt()` on a region: `^` holds only at the region's start, `$` at its end (or
/// before a line terminator there), and `\b` treats the region's edges as non-word bytes.
///
/// **Step budget.** Backtracking can take exponential time on hostile input (`(a|a)*b` over a
/// run of `a`s), so every evaluation of a regex check — all the offsets it is tried at
/// together — may execute at most ``stepBudget`` steps (an instruction, or a byte taken or given
/// back by a repeat) and hold at most ``maximumBacktrackFrames`` remembered alternatives; when
/// either runs out, the check fails (no match). Ordinary patterns over ordinary files take tens
/// to hundreds of steps. The frames live on the stack (`withUnsafeTemporaryAllocation`):
/// matching never allocates.
///
/// See ``MagicRegexCompiler`` for the accepted syntax.
struct MagicRegex: Sendable {
    /// How many steps one evaluation of a regex check may take in all: 50,000 (at most tens of
    /// microseconds).
    static let stepBudget = 50_000
    /// How many alternatives one match attempt may remember at once.
    static let maximumBacktrackFrames = 1024
    /// How many bytes from its start a match may look at (Tika's window).
    static let window = 8192

    /// The program; the last instruction is `match`.
    let instructions: MagicTable<MagicRegexInstruction>
    /// The byte sets the instructions name.
    let sets: MagicTable<MagicByteSet>
    /// The bytes a match can start with, when that is known and it must consume one; `nil`
    /// when the pattern may match without consuming or starts in a way not analysed.
    let firstBytes: MagicByteSet?
    /// The members of ``firstBytes`` when they are one to three (a ranged regex is then tried
    /// only where `memchr` finds one of them); empty otherwise.
    let fewFirstBytes: [UInt8]

    init(instructions: [MagicRegexInstruction], sets: [MagicByteSet]) {
        self.init(instructions: MagicTable(instructions), sets: MagicTable(sets), firstBytes: Self.firstBytes(instructions, sets))
    }

    /// A program whose first bytes were worked out before (stored in a compiled rule image).
    init(instructions: MagicTable<MagicRegexInstruction>, sets: MagicTable<MagicByteSet>, firstBytes: MagicByteSet?) {
        self.instructions = instructions
        self.sets = sets
        self.firstBytes = firstBytes
        fewFirstBytes = firstBytes.map { $0.count <= 3 ? $0.members : [] } ?? []
    }

    /// A remembered alternative: resume at `pc` from `position`; for a repeat, `count` is the
    /// number of bytes to try next (-1 for a `split`).
    struct Frame {
        var pc: Int32
        var count: Int32
        var position: Int
    }

    /// Whether the pattern matches at `start` (anchored) in `bytes[start..<end]`, spending
    /// steps from `budget` (a budget that reaches 0 means it ran out: the answer is then false).
    func matches(_ bytes: UnsafePointer<UInt8>, start: Int, end: Int, budget: inout Int, frames: UnsafeMutableBufferPointer<Frame>) -> Bool {
        withMachine(bytes, frames: frames) { $0.run(from: start, to: end, budget: &budget) }
    }

    /// Runs `body` with a machine over `bytes`, for several runs without setting up again.
    func withMachine<Result>(
        _ bytes: UnsafePointer<UInt8>, frames: UnsafeMutableBufferPointer<Frame>, _ body: (inout MagicRegexMachine) -> Result
    ) -> Result {
        instructions.withUnsafeBufferPointer { program in
            sets.withUnsafeBufferPointer { sets in
                var machine = MagicRegexMachine(program: program, sets: sets, bytes: bytes, frames: frames)
                return body(&machine)
            }
        }
    }

    /// Runs `body` with scratch frames on the stack.
    static func withFrames<Result>(_ body: (UnsafeMutableBufferPointer<Frame>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Frame.self, capacity: maximumBacktrackFrames, body)
    }

    /// The union of the byte sets a match may consume first, following splits and jumps; `nil`
    /// when some path reaches `match`, an assertion other than `^`, or an optional repeat.
    private static func firstBytes(_ program: [MagicRegexInstruction], _ sets: [MagicByteSet]) -> MagicByteSet? {
        var result = MagicByteSet()
        var pending = [0]
        var seen = Set<Int>()
        while let pc = pending.popLast() {
            guard pc < program.count, seen.insert(pc).inserted else { continue }
            let instruction = program[pc]
            switch instruction.operation {
            case .byteSet:
                result.formUnion(sets[Int(instruction.operand)])
            case .repeatGreedy, .repeatLazy:
                guard instruction.minimum > 0 else { return nil }
                result.formUnion(sets[Int(instruction.operand)])
            case .split:
                pending.append(Int(instruction.operand))
                pending.append(Int(instruction.minimum))
            case .jump:
                pending.append(Int(instruction.operand))
            case .assertStart:
                pending.append(pc + 1)
            case .assertEnd, .wordBoundary, .notWordBoundary, .match:
                return nil
            }
        }
        return result
    }
}
