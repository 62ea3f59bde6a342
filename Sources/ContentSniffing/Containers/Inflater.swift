/// A bounded decoder of raw DEFLATE data (RFC 1951), for the few compressed bytes a sniff needs
/// to see: a deflated `[Content_Types].xml` or `index.xml` in a ZIP archive, the first tar
/// header inside a gzip stream.
///
/// Limits, so that hostile input costs no more than ordinary input:
/// - **Output:** at most the caller's buffer (``SniffingLimits/maxInflatedLength`` at the call
///   sites); decoding stops when it is full, and what was produced is a valid prefix.
/// - **Input:** only the bytes handed in (call sites pass at most the same length, read within
///   the sniff's byte budget); running out of them ends decoding, never a read.
/// - **Work:** every step consumes input bits or produces output bytes (a block header
///   consumes at least 3 bits), so the work is linear in input plus output.
/// - **Memory:** the Huffman tables live in one fixed-size scratch buffer on the stack; nothing
///   is allocated per symbol.
///
/// Speed: a symbol whose code is at most ``fastBits`` long (nearly all of them in real streams)
/// is decoded with one look into a table indexed by the next bits; only longer codes are
/// decoded a bit at a time. Every manual page of a system is gzip-compressed, and a sniff
/// inflates the first few hundred bytes of each, so this is on the path of a scan.
///
/// Every length and distance is checked against what was produced and what the output holds,
/// so a back-reference before the start or a code that lies ends decoding with ``Outcome/invalid``.
enum Inflater {
    /// How decoding ended.
    enum Outcome: Equatable, Sendable {
        /// The final block ended.
        case finished
        /// The output buffer is full; the data may go on.
        case outputFull
        /// The input ran out before the final block ended.
        case inputExhausted
        /// The data is not valid DEFLATE.
        case invalid
    }

    /// Decodes `input` into `output`; returns how many bytes were produced and why it stopped.
    /// The produced bytes are correct even when the outcome is not ``Outcome/finished``.
    static func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> (count: Int, outcome: Outcome) {
        // Scratch: literal/length counts (16) and symbols (288), distance counts (16) and
        // symbols (32), code lengths (320), offsets (16), then the two fast tables.
        withUnsafeTemporaryAllocation(of: Int16.self, capacity: scratchCount) { scratch in
            scratch.initialize(repeating: 0)
            var state = InflateState(input: input, output: output, scratch: scratch)
            let outcome = state.run()
            return (state.produced, outcome)
        }
    }

    static let scratchCount = fastTablesStart + 2 << fastBits

    /// Where the two fast tables start in the scratch buffer, after the counts, symbols, code
    /// lengths and offsets: the literal/length table first, then the distance table.
    static let fastTablesStart = 16 + 288 + 16 + 32 + 320 + 16

    /// The longest code decoded by one table look; a fast table has `1 << fastBits` entries.
    static let fastBits = 9

    /// Base lengths of length symbols 257…285, and their extra bits.
    static let lengthBase: [Int16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Base distances of distance symbols 0…29, and their extra bits.
    static let distanceBase: [Int32] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
        12289, 16385, 24577,
    ]
    static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order in which code-length code lengths are stored.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}

/// One decoding: the bit reader, the output position and the Huffman tables.
private struct InflateState {
    let input: UnsafeRawBufferPointer
    let output: UnsafeMutableRawBufferPointer
    let scratch: UnsafeMutableBufferPointer<Int16>
    var produced = 0
    private var position = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0

    /// A canonical Huffman table inside the scratch buffer: 16 counts, then symbols, and its
    /// fast table: for every value of the next `width` bits, the symbol whose code they begin
    /// with and the code's length (`symbol << 4 | length`), or 0 when the code is longer (or
    /// there is none). `width` is ``Inflater/fastBits``, or the longest code when shorter.
    struct Table {
        let counts: Int
        let symbols: Int
        let fast: Int
        var width = 0
    }

    var literals = Table(counts: 0, symbols: 16, fast: Inflater.fastTablesStart)
    var distances = Table(counts: 16 + 288, symbols: 16 + 288 + 16, fast: Inflater.fastTablesStart + 1 << Inflater.fastBits)
    let lengthsStart = 16 + 288 + 16 + 32
    let offsetsStart = 16 + 288 + 16 + 32 + 320

    init(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer, scratch: UnsafeMutableBufferPointer<Int16>) {
        self.input = input
        self.output = output
        self.scratch = scratch
    }

    /// Signals why a step could not go on.
    enum Stop: Error {
        case outcome(Inflater.Outcome)
    }

    mutating func run() -> Inflater.Outcome {
        do throws(Stop) {
            var last = false
            while !last {
                last = try bits(1) == 1
                switch try bits(2) {
                case 0: try storedBlock()
                case 1:
                    fixedTables()
                    try codes()
                case 2:
                    try dynamicTables()
                    try codes()
                default: return .invalid
                }
            }
            return .finished
        } catch {
            switch error {
            case .outcome(let outcome): return outcome
            }
        }
    }

    /// `count` (at most 32) bits, least significant first.
    private mutating func bits(_ count: Int) throws(Stop) -> Int {
        while bitCount < count {
            guard position < input.count else { throw .outcome(.inputExhausted) }
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    private mutating func emit(_ byte: UInt8) throws(Stop) {
        guard produced < output.count else { throw .outcome(.outputFull) }
        output[produced] = byte
        produced += 1
    }

    /// Tops the bit buffer up with whole input bytes, as many as fit (at least 57 bits when
    /// the input lasts).
    private mutating func refill() {
        while bitCount <= 56, position < input.count {
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// A stored block: length, its complement, and the bytes. It starts at a byte boundary:
    /// the bits left of the current byte are dropped, and whole bytes already taken into the
    /// bit buffer are handed back to the input.
    private mutating func storedBlock() throws(Stop) {
        position -= bitCount / 8
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw .outcome(.inputExhausted) }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        position += 4
        guard length == ~complement & 0xFFFF else { throw .outcome(.invalid) }
        for _ in 0..<length {
            guard position < input.count else { throw .outcome(.inputExhausted) }
            try emit(input[position])
            position += 1
        }
    }

    /// Builds `table` from `count` code lengths at `lengthsStart + first` and returns the width
    /// of its fast table. Over-subscribed lengths are invalid; incomplete codes are accepted (a
    /// code that is not there is caught when decoding).
    private func build(_ table: Table, first: Int, count: Int) throws(Stop) -> Int {
        for length in 0..<16 { scratch[table.counts + length] = 0 }
        for symbol in 0..<count { scratch[table.counts + Int(scratch[lengthsStart + first + symbol])] += 1 }
        var left = 1
        for length in 1..<16 {
            left = left << 1 - Int(scratch[table.counts + length])
            guard left >= 0 else { throw .outcome(.invalid) }
        }
        scratch[offsetsStart + 1] = 0
        for length in 1..<15 {
            scratch[offsetsStart + length + 1] = scratch[offsetsStart + length] + scratch[table.counts + length]
        }
        for symbol in 0..<count {
            let length = Int(scratch[lengthsStart + first + symbol])
            guard length != 0 else { continue }
            scratch[table.symbols + Int(scratch[offsetsStart + length])] = Int16(symbol)
            scratch[offsetsStart + length] += 1
        }
        return fillFastTable(table, complete: left == 0)
    }

    /// Fills `table`'s fast table from its counts and symbols and returns its width. The
    /// symbols are in canonical order (shortest code first, then by symbol), so each code is
    /// the one before plus 1 (shifted left when the length grows). The stream stores a code's
    /// bits most significant first and they are read least significant first, so the code is
    /// kept reversed, and incremented so; its entry sits at that value and at every value of
    /// the bits that follow it. A longer code marks the entry of its first `width` bits with 0.
    /// A complete code writes every entry so; an incomplete one is cleared first.
    private func fillFastTable(_ table: Table, complete: Bool) -> Int {
        var longest = 0
        for length in 1..<16 where scratch[table.counts + length] != 0 { longest = length }
        let width = Swift.min(Inflater.fastBits, Swift.max(longest, 1))
        let size = 1 << width
        if !complete {
            for entry in 0..<size { scratch[table.fast + entry] = 0 }
        }
        var reversed = 0
        var index = 0
        for length in stride(from: 1, through: longest, by: 1) {
            let count = Int(scratch[table.counts + length])
            for _ in 0..<count {
                if length <= width {
                    let entry = Int16(truncatingIfNeeded: Int(scratch[table.symbols + index]) << 4 | length)
                    var slot = reversed
                    while slot < size {
                        scratch[table.fast + slot] = entry
                        slot += 1 << length
                    }
                } else {
                    scratch[table.fast + reversed & (size - 1)] = 0
                }
                index += 1
                // The next code, reversed: add 1 at the code's last bit (the highest of
                // `reversed`) and carry towards its first.
                var carry = 1 << (length - 1)
                while reversed & carry != 0 { carry >>= 1 }
                reversed = carry != 0 ? (reversed & (carry - 1)) + carry : 0
            }
        }
        return width
    }

    /// One symbol of `table`: from the fast table when the code is short and its bits are
    /// there, else read a bit at a time (canonical codes, shortest first) from the bit buffer,
    /// which is topped up once beforehand: a code is at most 15 bits.
    @inline(__always)
    private mutating func decode(_ table: Table) throws(Stop) -> Int {
        if bitCount < 15 { refill() }
        let entry = Int(scratch[table.fast &+ Int(bitBuffer & (UInt64(1) << UInt64(table.width) &- 1))])
        let length = entry & 15
        if entry != 0, length <= bitCount {
            bitBuffer >>= UInt64(length)
            bitCount &-= length
            return entry >> 4
        }
        return try decodeLong(table)
    }

    /// A symbol of `table` read a bit at a time: a code longer than the fast table's width, or
    /// one whose bits the input does not hold (which ends decoding).
    @inline(never)
    private mutating func decodeLong(_ table: Table) throws(Stop) -> Int {
        var buffered = bitBuffer
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            guard length <= bitCount else { throw .outcome(.inputExhausted) }
            code |= Int(buffered & 1)
            buffered >>= 1
            let count = Int(scratch[table.counts + length])
            if code - count < first {
                bitBuffer = buffered
                bitCount -= length
                return Int(scratch[table.symbols + index + (code - first)])
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .outcome(.invalid)
    }

    private mutating func fixedTables() {
        for symbol in 0..<288 {
            scratch[lengthsStart + symbol] = symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8
        }
        for symbol in 0..<30 { scratch[lengthsStart + 288 + symbol] = 5 }
        // Fixed tables are complete, so building cannot fail.
        literals.width = (try? build(literals, first: 0, count: 288)) ?? 0
        distances.width = (try? build(distances, first: 288, count: 30)) ?? 0
    }

    private mutating func dynamicTables() throws(Stop) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .outcome(.invalid) }
        for index in 0..<19 { scratch[lengthsStart + Inflater.codeLengthOrder[index]] = 0 }
        for index in 0..<codeLengthCount { scratch[lengthsStart + Inflater.codeLengthOrder[index]] = Int16(try bits(3)) }
        literals.width = try build(literals, first: 0, count: 19)
        var index = 0
        let total = literalCount + distanceCount
        while index < total {
            let symbol = try decode(literals)
            if symbol < 16 {
                scratch[lengthsStart + index] = Int16(symbol)
                index += 1
                continue
            }
            var repeated: Int16 = 0
            let times: Int
            switch symbol {
            case 16:
                guard index > 0 else { throw .outcome(.invalid) }
                repeated = scratch[lengthsStart + index - 1]
                times = 3 + (try bits(2))
            case 17: times = 3 + (try bits(3))
            default: times = 11 + (try bits(7))
            }
            guard index + times <= total else { throw .outcome(.invalid) }
            for _ in 0..<times {
                scratch[lengthsStart + index] = repeated
                index += 1
            }
        }
        guard scratch[lengthsStart + 256] != 0 else { throw .outcome(.invalid) }  // no end-of-block code
        // Distance lengths follow the literal lengths; move them to their own slot, last first
        // (the slot lies further on, so a forward copy would overwrite lengths not yet moved).
        for symbol in (0..<distanceCount).reversed() {
            scratch[lengthsStart + 288 + symbol] = scratch[lengthsStart + literalCount + symbol]
        }
        literals.width = try build(literals, first: 0, count: literalCount)
        distances.width = try build(distances, first: 288, count: distanceCount)
    }

    /// Literals and back-references until the end-of-block code.
    private mutating func codes() throws(Stop) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                try emit(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw .outcome(.invalid) }
            let length = Int(Inflater.lengthBase[lengthIndex]) + (try bits(Int(Inflater.lengthExtra[lengthIndex])))
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < 30 else { throw .outcome(.invalid) }
            let distance = Int(Inflater.distanceBase[distanceSymbol]) + (try bits(Int(Inflater.distanceExtra[distanceSymbol])))
            guard distance <= produced else { throw .outcome(.invalid) }
            for _ in 0..<length {
                try emit(output[produced - distance])
            }
        }
    }
}
