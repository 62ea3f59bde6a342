import UniformTypes

/// Strings a snapshot image stores once and then refers to by number: the values that repeat
/// across rows (the MIME types apps claim, roles, ranks, mimeapps.list files).
///
/// The first time a string is written it is stored whole and takes the next number; later
/// writes of the same string store only that number. Reading rebuilds the same numbering, so a
/// reader shares one copy of each repeated string instead of decoding it again.
struct SnapshotStringTable {
    private var numbers: [String: Int] = [:]
    /// The strings read so far, by number.
    private(set) var strings: [String] = []

    /// Writes `text`: its number when written before, otherwise the text itself.
    mutating func write(_ text: String, to out: inout CompactRecordWriter) {
        if let number = numbers[text] {
            out.write(number + 1)
            return
        }
        numbers[text] = numbers.count
        out.write(0)
        out.write(text)
    }

    /// Writes a string that may be absent.
    mutating func write(_ text: String?, to out: inout CompactRecordWriter) {
        out.write(text != nil)
        if let text { write(text, to: &out) }
    }

    /// Reads a string written by ``write(_:to:)-(String,_)``; `nil` when malformed or when it
    /// refers to a number not yet given.
    mutating func read(from input: inout CompactRecordReader) -> String? {
        readNumber(from: &input).map { strings[$0] }
    }

    /// Reads a string as ``read(from:)`` does but answers only its number in the table (see
    /// ``strings``): equal numbers mean equal strings, and a reader that keeps numbers touches
    /// no string it has seen before.
    mutating func readNumber(from input: inout CompactRecordReader) -> Int? {
        guard let reference = input.readInt() else { return nil }
        if reference == 0 {
            guard let text = input.readString() else { return nil }
            strings.append(text)
            return strings.count - 1
        }
        guard reference > 0, reference <= strings.count else { return nil }
        return reference - 1
    }

    /// Reads a string as ``readNumber(from:)`` does and answers `code`'s code for it, which runs
    /// once per distinct string: `memo` keeps each number's code plus one (0 for not yet read).
    mutating func readCode(from input: inout CompactRecordReader, memo: inout [UInt8], _ code: (String) -> UInt8) -> UInt8? {
        guard let number = readNumber(from: &input) else { return nil }
        if number >= memo.count { memo.append(contentsOf: repeatElement(0, count: number + 1 - memo.count)) }
        if memo[number] != 0 { return memo[number] - 1 }
        let value = code(strings[number])
        memo[number] = value &+ 1
        return value
    }

    /// Reads a string that may be absent: `.some(nil)` when absent, `nil` when malformed.
    mutating func readOptional(from input: inout CompactRecordReader) -> String?? {
        readOptionalNumber(from: &input).map { number in number.map { strings[$0] } }
    }

    /// Reads a string that may be absent as its number (see ``readNumber(from:)``):
    /// `.some(nil)` when absent, `nil` when malformed.
    mutating func readOptionalNumber(from input: inout CompactRecordReader) -> Int?? {
        guard let present = input.readBool() else { return nil }
        guard present else { return .some(nil) }
        return readNumber(from: &input).map { .some($0) }
    }
}
