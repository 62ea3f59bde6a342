/// One instruction of a compiled ``MagicRegex`` program.
///
/// A program runs on a backtracking machine: `split` tries its first branch and remembers the
/// second; a repeat of a single-byte item takes as many (greedy) or as few (lazy) bytes as it
/// may and remembers how to give one back or take one more, in one stack frame however long
/// the run is.
struct MagicRegexInstruction: Sendable, Equatable {
    /// What an instruction does.
    enum Operation: UInt8, Sendable {
        /// Consume one byte in `sets[operand]`.
        case byteSet
        /// Consume `minimum ... maximum` bytes in `sets[operand]`, as many as possible first.
        case repeatGreedy
        /// The same, as few as possible first.
        case repeatLazy
        /// Continue at `operand`; on failure, at `minimum`.
        case split
        /// Continue at `operand`.
        case jump
        /// `^`: the position is where the match began (the region's start).
        case assertStart
        /// `$`: the region's end, or a line terminator just before it.
        case assertEnd
        /// `\b`: between a word byte and a non-word byte (the region's edges count as non-word).
        case wordBoundary
        /// `\B`: not between a word byte and a non-word byte.
        case notWordBoundary
        /// The pattern matched.
        case match
    }

    /// The operation.
    var operation: Operation
    /// A set index (`byteSet`, repeats) or a program position (`split`, `jump`).
    var operand: Int32 = 0
    /// The fewest bytes of a repeat; the second branch of a `split`.
    var minimum: Int32 = 0
    /// The most bytes of a repeat (`Int32.max`: unbounded).
    var maximum: Int32 = 0
}
