/// The backtracking machine that runs one ``MagicRegex`` program, at one start position a run.
///
/// Instructions run in order; on failure the machine resumes the most recent remembered
/// alternative. A greedy repeat first takes as many bytes as it may and remembers to give one
/// back; a lazy one takes as few and remembers to take one more: one frame per repeat, however
/// long the run. Every instruction and every byte a repeat looks at costs a step.
struct MagicRegexMachine {
    let program: UnsafeBufferPointer<MagicRegexInstruction>
    let sets: UnsafeBufferPointer<MagicByteSet>
    let bytes: UnsafePointer<UInt8>
    let frames: UnsafeMutableBufferPointer<MagicRegex.Frame>
    /// Where the current run's region starts (the match is anchored there).
    private var start = 0
    /// Where the current run's region ends.
    private var end = 0
    private var depth = 0

    init(
        program: UnsafeBufferPointer<MagicRegexInstruction>, sets: UnsafeBufferPointer<MagicByteSet>, bytes: UnsafePointer<UInt8>,
        frames: UnsafeMutableBufferPointer<MagicRegex.Frame>
    ) {
        self.program = program
        self.sets = sets
        self.bytes = bytes
        self.frames = frames
    }

    /// Whether the program matches at `start` in `bytes[start..<end]`; false too when
    /// `budget` or the frames run out.
    mutating func run(from start: Int, to end: Int, budget: inout Int) -> Bool {
        self.start = start
        self.end = end
        depth = 0
        var pc = 0
        var position = start
        while budget > 0 {
            budget -= 1
            let instruction = program[pc]
            var failed = false
            switch instruction.operation {
            case .byteSet:
                if position < end, sets[Int(instruction.operand)].contains(bytes[position]) {
                    position += 1
                    pc += 1
                } else {
                    failed = true
                }
            case .repeatGreedy:
                let set = sets[Int(instruction.operand)]
                let limit = Swift.min(Int(instruction.maximum), end - position)
                var count = 0
                while count < limit, set.contains(bytes[position + count]) { count += 1 }
                budget -= count
                if count < Int(instruction.minimum) {
                    failed = true
                } else {
                    if count > Int(instruction.minimum), !push(pc: pc, count: count - 1, position: position) { return false }
                    position += count
                    pc += 1
                }
            case .repeatLazy:
                let set = sets[Int(instruction.operand)]
                let minimum = Int(instruction.minimum)
                var count = 0
                while count < minimum, position + count < end, set.contains(bytes[position + count]) { count += 1 }
                budget -= count
                if count < minimum {
                    failed = true
                } else {
                    if minimum < Int(instruction.maximum), !push(pc: pc, count: minimum + 1, position: position) { return false }
                    position += minimum
                    pc += 1
                }
            case .split:
                if !push(pc: Int(instruction.minimum), count: -1, position: position) { return false }
                pc = Int(instruction.operand)
            case .jump:
                pc = Int(instruction.operand)
            case .assertStart:
                if position == start { pc += 1 } else { failed = true }
            case .assertEnd:
                if atEnd(position) { pc += 1 } else { failed = true }
            case .wordBoundary, .notWordBoundary:
                if atBoundary(position) == (instruction.operation == .wordBoundary) { pc += 1 } else { failed = true }
            case .match:
                return true
            }
            if failed {
                guard let resumed = backtrack(budget: &budget) else { return false }
                (pc, position) = resumed
            }
        }
        return false
    }

    private mutating func push(pc: Int, count: Int, position: Int) -> Bool {
        guard depth < frames.count else { return false }
        frames[depth] = MagicRegex.Frame(pc: Int32(pc), count: Int32(count), position: position)
        depth += 1
        return true
    }

    /// The next alternative to try, or `nil` when there is none (or the budget ran out).
    private mutating func backtrack(budget: inout Int) -> (pc: Int, position: Int)? {
        while depth > 0, budget > 0 {
            budget -= 1
            depth -= 1
            let frame = frames[depth]
            let pc = Int(frame.pc)
            guard frame.count >= 0 else { return (pc, frame.position) }
            let instruction = program[pc]
            let count = Int(frame.count)
            if instruction.operation == .repeatGreedy {
                // Give one byte back; the frame stays while more can be given back.
                if count > Int(instruction.minimum) {
                    frames[depth].count -= 1
                    depth += 1
                }
                return (pc + 1, frame.position + count)
            }
            // Lazy: take one more byte, if it is there and in the set.
            let last = frame.position + count - 1
            guard last < end, sets[Int(instruction.operand)].contains(bytes[last]) else { continue }
            if count < Int(instruction.maximum) {
                frames[depth].count += 1
                depth += 1
            }
            return (pc + 1, frame.position + count)
        }
        return nil
    }

    /// `$` without multi-line mode: the end, or a line terminator (`\n`, `\r`, `\r\n`, 0x85)
    /// that ends the region.
    private func atEnd(_ position: Int) -> Bool {
        if position == end { return true }
        let remaining = end - position
        if remaining == 1 { return MagicRegexCompiler.lineTerminators.contains(bytes[position]) }
        return remaining == 2 && bytes[position] == 0x0D && bytes[position + 1] == 0x0A
    }

    private func atBoundary(_ position: Int) -> Bool {
        let before = position > start && MagicRegexCompiler.wordBytes.contains(bytes[position - 1])
        let after = position < end && MagicRegexCompiler.wordBytes.contains(bytes[position])
        return before != after
    }
}
