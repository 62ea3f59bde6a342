/// What one line of libmagic's compiled rules tests, as far as ``MagicBinaryPrefilter`` reads
/// it, and whether a buffer handed to libmagic can pass it.
///
/// Only lines at an offset of their own (not indirect, not relative to the previous match)
/// are read; every other line, and every test this reading does not know (dates, floats,
/// Pascal strings, DER, variable-length numbers), tests nothing here: it may always pass. A test
/// read here passes exactly when libmagic's would, or more often:
/// - **numbers** (byte, short, long, quad; host, big- and little-endian): read at the offset,
///   masked when the line's mask operation is `&`, sign-extended unless the line is unsigned,
///   compared with `=`, `!`, `<`, `>`, `&` (all bits set) or `^` (not all set), as libmagic
///   compares; a number past the buffer's end fails, as libmagic's reads do;
/// - **strings**: the bytes at the offset, compared byte by byte (`=`, `!`, or for `<` and `>`
///   the first byte that differs); with case ignored, both sides folded to lower case; with
///   blank space compacted, only the pattern's first piece, before its first blank, at the
///   offset;
/// - **searches**: the pattern (or that first piece) starting within the range;
/// - **UTF-16 strings**: the low byte of each code unit, which is all libmagic compares (a NUL
///   low byte beside another byte reads as a space); a string starting past the buffer's end
///   is compared with NULs, and one that runs past it passes when the units within it agree;
/// - **GUIDs**: their 16 bytes as the file holds them;
/// - **regular expressions**: one of the words they cannot match without
///   (``MagicRegexLiterals``), anywhere after the offset (at a line start only at a fixed
///   offset, where the search begins).
///
/// A line whose offset counts from the end of the file never matches a buffer (libmagic has no
/// file end to read from then): ``reading(_:)`` reports it as ``Reading/neverMatches``. The
/// prefilter keeps each test as a ``MagicStoredTest``, which evaluates it.
enum MagicLineTest: Sendable, Equatable {
    case number(offset: Int, width: Int, littleEndian: Bool, mask: UInt64, value: UInt64, relation: UInt8, unsigned: Bool)
    case string(offset: Int, bytes: [UInt8], ignoresCase: Bool, relation: UInt8)
    case search(offset: Int, bytes: [UInt8], ignoresCase: Bool, range: Int)
    case string16(offset: Int, bytes: [UInt8], bigEndian: Bool)
    case words([MagicTextPrefilter.Word])

    /// How a line reads.
    enum Reading: Equatable {
        /// It tests something the prefilter can check.
        case test(MagicLineTest)
        /// It may pass any buffer, as far as the prefilter can tell.
        case anything
        /// It can pass no buffer.
        case neverMatches
    }

    private typealias Layout = CompiledMagicFile.Layout

    /// The relations a number test may have here.
    static let numberRelations: [UInt8] = Array("=!<>&^".utf8)
    /// The relations a string test may have here.
    static let stringRelations: [UInt8] = Array("=!<>".utf8)

    /// The reading of one compiled entry.
    static func reading(_ entry: UnsafeRawBufferPointer) -> Reading {
        let flag = entry[Layout.flag]
        let level = entry.loadUnaligned(fromByteOffset: Layout.contLevel, as: UInt16.self)
        if flag & Layout.indirectFlag != 0 { return .anything }
        if flag & Layout.fromEndFlag != 0 {
            return level > 0 && flag & (Layout.relativeFlag | Layout.indirectRelativeFlag) != 0 ? .anything : .neverMatches
        }
        let relative = flag & Layout.relativeFlag != 0
        let rawOffset = Int(entry.loadUnaligned(fromByteOffset: Layout.offset, as: Int32.self))
        guard rawOffset >= 0 else { return .anything }
        let offset = relative ? 0 : rawOffset
        let relation = entry[Layout.relation]
        let type = entry[Layout.type]
        let length = Int(entry[Layout.valueLength])
        let value = UnsafeRawBufferPointer(rebasing: entry[Layout.value..<(Layout.value + Layout.valueSize)])
        let stringFlags = entry.loadUnaligned(fromByteOffset: Layout.stringFlags, as: UInt32.self)
        if type == Layout.regexType {
            // Where the search begins is known only at a fixed offset; elsewhere a word may
            // start anywhere, and `^` matches at the search's start, which may be mid-line.
            let pattern = length > 0 && length <= Layout.valueSize
                ? UnsafeRawBufferPointer(rebasing: value[..<length]) : CompiledMagicFile.field(entry, Layout.value, Layout.valueSize)
            guard relation == UInt8(ascii: "="), let literals = MagicRegexLiterals(pattern) else { return .anything }
            let ignoresCase = stringFlags & Layout.ignoreCaseFlags != 0
            return .test(.words(literals.words.map { word in
                MagicTextPrefilter.Word(
                    bytes: ignoresCase ? word.bytes.map(ASCII.lowercased) : word.bytes, atLineStart: word.atLineStart && !relative,
                    ignoresCase: ignoresCase, lowest: offset)
            }))
        }
        guard !relative else { return .anything }
        if let number = number(entry, type: type, offset: offset, relation: relation) { return number }
        let range = Int(entry.loadUnaligned(fromByteOffset: Layout.range, as: UInt32.self))
        return text(
            type: type, offset: offset, relation: relation, value: value, length: length, range: range, stringFlags: stringFlags, flag: flag)
    }

    /// The reading of a number test; `nil` when the line is not one.
    private static func number(_ entry: UnsafeRawBufferPointer, type: UInt8, offset: Int, relation: UInt8) -> Reading? {
        let hostIsLittle = UInt16(1).littleEndian == 1
        let shape: (width: Int, littleEndian: Bool)
        switch type {
        case Layout.byteType: shape = (1, true)
        case Layout.shortType: shape = (2, hostIsLittle)
        case Layout.longType: shape = (4, hostIsLittle)
        case Layout.quadType: shape = (8, hostIsLittle)
        case Layout.leShortType: shape = (2, true)
        case Layout.leLongType: shape = (4, true)
        case Layout.leQuadType: shape = (8, true)
        case Layout.beShortType: shape = (2, false)
        case Layout.beLongType: shape = (4, false)
        case Layout.beQuadType: shape = (8, false)
        default: return nil
        }
        // Only a plain `&` mask (operation 0, no inversion) is applied here.
        guard entry[Layout.maskOperation] == 0, numberRelations.contains(relation) else { return .anything }
        return .test(.number(
            offset: offset, width: shape.width, littleEndian: shape.littleEndian,
            mask: entry.loadUnaligned(fromByteOffset: Layout.numberMask, as: UInt64.self),
            value: entry.loadUnaligned(fromByteOffset: Layout.value, as: UInt64.self), relation: relation,
            unsigned: entry[Layout.flag] & Layout.unsignedFlag != 0))
    }

    /// The reading of a string, search, UTF-16 string or GUID test.
    private static func text(
        type: UInt8, offset: Int, relation: UInt8, value: UnsafeRawBufferPointer, length: Int, range: Int, stringFlags: UInt32, flag: UInt8
    ) -> Reading {
        switch type {
        case Layout.guidType:
            guard relation == UInt8(ascii: "=") else { return .anything }
            return .test(.string(offset: offset, bytes: Array(value[..<16]), ignoresCase: false, relation: relation))
        case Layout.leString16Type, Layout.beString16Type:
            guard relation == UInt8(ascii: "="), length > 0, length <= Layout.valueSize else { return .anything }
            return .test(.string16(offset: offset, bytes: Array(value[..<length]), bigEndian: type == Layout.beString16Type))
        case Layout.stringType, Layout.searchType:
            guard length > 0, length <= Layout.valueSize, stringRelations.contains(relation) else { return .anything }
            var bytes = Array(value[..<length])
            let ignoresCase = stringFlags & Layout.ignoreCaseFlags != 0
            let compacts = stringFlags & Layout.compactWhitespaceFlags != 0
            if compacts {
                // Blank space in the pattern matches runs of it: only the first piece is fixed.
                guard relation == UInt8(ascii: "="), let first = bytes.first, !ASCII.isWhitespace(first) else { return .anything }
                bytes = Array(bytes.prefix { !ASCII.isWhitespace($0) })
            }
            if ignoresCase { bytes = bytes.map(ASCII.lowercased) }
            if type == Layout.searchType {
                guard relation == UInt8(ascii: "=") else { return .anything }
                return .test(.search(offset: offset, bytes: bytes, ignoresCase: ignoresCase, range: range))
            }
            // Ordering compares raw bytes only when no modifier changes the comparison.
            if relation != UInt8(ascii: "="), ignoresCase || compacts || (relation != UInt8(ascii: "!") && flag & Layout.unsignedFlag != 0) {
                return .anything
            }
            return .test(.string(offset: offset, bytes: bytes, ignoresCase: ignoresCase, relation: relation))
        default:
            return .anything
        }
    }

    /// The test as the prefilter keeps it, its bytes appended to `pool` (and its words, for a
    /// regular expression, to `words`).
    func stored(pool: inout [UInt8], words: inout [MagicStoredTest.Word]) -> MagicStoredTest {
        func append(_ bytes: [UInt8]) -> (start: Int32, count: Int32) {
            defer { pool += bytes }
            return (Int32(pool.count), Int32(bytes.count))
        }
        switch self {
        case let .number(offset, width, littleEndian, mask, value, relation, unsigned):
            return MagicStoredTest(
                kind: .number, flags: (littleEndian ? 1 : 0) | (unsigned ? 2 : 0), relation: relation, width: UInt8(width),
                offset: Int32(offset), mask: mask, value: value)
        case let .string(offset, bytes, ignoresCase, relation):
            let (start, count) = append(bytes)
            return MagicStoredTest(kind: .string, flags: ignoresCase ? 1 : 0, relation: relation, offset: Int32(offset), start: start, count: count)
        case let .search(offset, bytes, ignoresCase, range):
            let (start, count) = append(bytes)
            return MagicStoredTest(kind: .search, flags: ignoresCase ? 1 : 0, offset: Int32(offset), range: Int32(range), start: start, count: count)
        case let .string16(offset, bytes, bigEndian):
            let (start, count) = append(bytes)
            return MagicStoredTest(kind: .string16, flags: bigEndian ? 1 : 0, offset: Int32(offset), start: start, count: count)
        case let .words(list):
            let first = Int32(words.count)
            for word in list {
                let (start, count) = append(word.bytes)
                words.append(.init(start: start, count: count, lowest: Int32(word.lowest), flags: (word.atLineStart ? 1 : 0) | (word.ignoresCase ? 2 : 0)))
            }
            return MagicStoredTest(kind: .words, start: first, count: Int32(list.count))
        }
    }
}
