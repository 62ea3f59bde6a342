#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One of libmagic's compiled database files (`.mgc`), read in bounded chunks: never mapped
/// or read whole, so reading it leaves no more of it in memory than a chunk.
///
/// Only the layout this build knows is read: format version 18 (file 5.40 and later), 376-byte
/// entries in this machine's byte order; anything else is refused when the file is opened.
struct CompiledMagicFile {
    /// The layout of the file, format version 18 (`file.h`, `struct magic`).
    enum Layout {
        static let magicNumber: UInt32 = 0xF11E_041C
        static let version: UInt32 = 18
        static let entrySize = 376
        static let contLevel = 0
        static let flag = 2
        static let type = 6
        static let value = 32
        static let valueSize = 128
        static let mimeType = 224
        static let mimeTypeSize = 80
        /// `flag` bit: the rule is a text test.
        static let textTest: UInt8 = 0x40
        /// `type` values of a named rule and of a rule that uses one.
        static let nameType: UInt8 = 45
        static let useType: UInt8 = 46
        /// `type` value of a regular expression test.
        static let regexType: UInt8 = 17
        /// Where an entry holds the length of its value.
        static let valueLength = 5
        /// Where an entry holds its relation (`=`, `!`, `<`, `>`, `x` …), its mask operation,
        /// its offset, a string test's range (or a number's mask) and a string test's modifiers.
        static let relation = 4
        static let maskOperation = 9
        static let offset = 12
        static let range = 24
        static let stringFlags = 28
        /// `type` values of the tests whose words the text prefilter reads.
        static let stringType: UInt8 = 5
        static let beShortType: UInt8 = 7
        static let beLongType: UInt8 = 8
        static let leShortType: UInt8 = 10
        static let leLongType: UInt8 = 11
        static let beString16Type: UInt8 = 18
        static let leString16Type: UInt8 = 19
        static let searchType: UInt8 = 20
        /// `flag` bits one at a time: an indirect offset, an offset relative to the previous
        /// match, an indirect offset's own relative part, an unsigned comparison, a binary
        /// test, an offset from the end.
        static let indirectFlag: UInt8 = 0x01
        static let relativeFlag: UInt8 = 0x02
        static let indirectRelativeFlag: UInt8 = 0x04
        static let unsignedFlag: UInt8 = 0x08
        static let binaryTest: UInt8 = 0x20
        static let fromEndFlag: UInt8 = 0x80
        /// `flag` bits of an offset that is not the line's own number: indirect, relative to
        /// the previous match, or from the end of the file.
        static let relativeOffsetFlags: UInt8 = indirectFlag | relativeFlag | indirectRelativeFlag | fromEndFlag
        /// Where a number's mask lies (in place of a string test's range and modifiers).
        static let numberMask = 24
        /// `type` values of the other numbers the binary prefilter reads (host-order numbers
        /// are little-endian here), of a GUID and of an `indirect` test.
        static let byteType: UInt8 = 1
        static let shortType: UInt8 = 2
        static let longType: UInt8 = 4
        static let quadType: UInt8 = 24
        static let leQuadType: UInt8 = 25
        static let beQuadType: UInt8 = 26
        static let indirectType: UInt8 = 41
        static let guidType: UInt8 = 49
        /// String modifiers: compact blank space (`W`, `w`), ignore case (`c`, `C`).
        static let compactWhitespaceFlags: UInt32 = 0x03
        static let ignoreCaseFlags: UInt32 = 0x0C
    }

    /// One top-level rule with its continuations: where it lies, the names it uses, and what
    /// its own lines answer.
    struct Rule {
        /// The name of a named rule (set 1); empty for the others.
        var name: [UInt8] = []
        /// Its entries' indices (0 is the first entry after the header).
        var entries: Range<Int>
        /// The named rules it uses, without the `^` that asks for the other byte order.
        var uses: [[UInt8]] = []
        /// Whether libmagic marks it as a text test.
        var textTest = false
        /// Whether one of its lines answers with a MIME type.
        var answers = false
        /// Whether one of its lines answers with a text format (``MagicTextDatabase/namesText(_:)``).
        var answersText = false
        /// Whether one of its regular expressions is costly to compile
        /// (``MagicTextDatabase/hasCostlyRepetition(_:)``).
        var costlyPattern = false
    }

    /// The file's path, for errors.
    let path: String
    /// How many entries the rules libmagic runs (set 0) and the named rules (set 1) hold.
    let mainCount: Int
    let namedCount: Int
    private let source: FileByteSource
    static let chunkEntries = 128

    /// Opens the file and checks its header.
    ///
    /// - Throws: ``SniffingError`` with code `.magicUnavailable` naming the file and the reason
    ///   when it is too short, not a compiled database, of the other byte order or another
    ///   version, or its size does not match its entry counts; `.openFailed` and `.readFailed`
    ///   as ``FileByteSource`` reports them.
    init(path: String) throws(SniffingError) {
        let size = Layout.entrySize
        let source = try FileByteSource(path: path, followingSymlinks: true)
        let header = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
        defer { header.deallocate() }
        let read = try source.readFully(at: 0, into: header)
        guard read == size else {
            throw SniffingError(.magicUnavailable, path: path, reason: "too short for a compiled magic database (\(read) bytes)")
        }
        let word = { (offset: Int) in header.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        guard word(0) == Layout.magicNumber else {
            let reason = word(0).byteSwapped == Layout.magicNumber
                ? "a compiled magic database of the other byte order" : "not a compiled magic database (magic number \(word(0)))"
            throw SniffingError(.magicUnavailable, path: path, reason: reason)
        }
        guard word(4) == Layout.version else {
            throw SniffingError(.magicUnavailable, path: path, reason: "compiled magic database version \(word(4)); the cut knows version \(Layout.version)")
        }
        let (mainCount, namedCount) = (Int(word(8)), Int(word(12)))
        guard Int64(1 + mainCount + namedCount) * Int64(size) == source.size else {
            throw SniffingError(
                .magicUnavailable, path: path,
                reason: "\(source.size) bytes do not hold a header and \(mainCount) + \(namedCount) entries of \(size) bytes")
        }
        self.path = path
        self.source = source
        self.mainCount = mainCount
        self.namedCount = namedCount
    }

    /// The rules libmagic runs (set 0), in order.
    func mainRules() throws(SniffingError) -> [Rule] { try rules(0..<mainCount) }

    /// The named rules (set 1), in order.
    func namedRules() throws(SniffingError) -> [Rule] { try rules(mainCount..<(mainCount + namedCount)) }

    /// Copies the entries of `ranges`, in order, into `target` (which must hold them all).
    /// Ranges in ascending order that lie close together are read in one piece (up to
    /// ``spanEntries`` entries), so that a few hundred scattered rules cost a few reads.
    func copyEntries(_ ranges: [Range<Int>], into target: UnsafeMutableRawBufferPointer) throws(SniffingError) {
        let size = Layout.entrySize
        var scratch: UnsafeMutableRawBufferPointer?
        defer { scratch?.deallocate() }
        /// Reads `entries` into `buffer`, all of them.
        func read(_ entries: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) throws(SniffingError) {
            let length = entries.count * size
            let read = try source.readFully(at: Int64(1 + entries.lowerBound) * Int64(size), into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<length]))
            guard read == length else {
                throw SniffingError(.magicUnavailable, path: path, reason: "ends inside entry \(entries.lowerBound + read / size) (it changed while read)")
            }
        }
        var at = 0
        var first = 0
        while first < ranges.count {
            var last = first
            while last + 1 < ranges.count, ranges[last + 1].lowerBound >= ranges[last].upperBound,
                ranges[last + 1].upperBound - ranges[first].lowerBound <= Self.spanEntries
            {
                last += 1
            }
            if last == first {
                let length = ranges[first].count * size
                try read(ranges[first], into: UnsafeMutableRawBufferPointer(rebasing: target[at..<(at + length)]))
                at += length
            } else {
                let span = ranges[first].lowerBound..<ranges[last].upperBound
                let buffer = scratch ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.spanEntries * size, alignment: 8)
                scratch = buffer
                try read(span, into: buffer)
                for range in ranges[first...last] {
                    let length = range.count * size
                    let from = (range.lowerBound - span.lowerBound) * size
                    UnsafeMutableRawBufferPointer(rebasing: target[at..<(at + length)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[from..<(from + length)]))
                    at += length
                }
            }
            first = last + 1
        }
    }

    /// The most entries read in one piece for ranges that lie close together.
    static let spanEntries = 128

    /// Splits `entries` into rules at each top-level entry.
    private func rules(_ entries: Range<Int>) throws(SniffingError) -> [Rule] {
        var rules: [Rule] = []
        try forEachEntry(entries) { index, entry in
            if entry.loadUnaligned(fromByteOffset: Layout.contLevel, as: UInt16.self) == 0 || rules.isEmpty {
                rules.append(Rule(
                    name: entry[Layout.type] == Layout.nameType ? Array(Self.field(entry, Layout.value, Layout.valueSize)) : [],
                    entries: index..<index, textTest: entry[Layout.flag] & Layout.textTest != 0))
            }
            let last = rules.count - 1
            rules[last].entries = rules[last].entries.lowerBound..<(index + 1)
            if entry[Layout.type] == Layout.useType { rules[last].uses.append(Self.useName(entry)) }
            if entry[Layout.type] == Layout.regexType,
                MagicTextDatabase.hasCostlyRepetition(Self.field(entry, Layout.value, Int(entry[Layout.valueLength])))
            {
                rules[last].costlyPattern = true
            }
            let mime = Self.field(entry, Layout.mimeType, Layout.mimeTypeSize)
            if !mime.isEmpty {
                rules[last].answers = true
                if MagicTextDatabase.namesText(mime) { rules[last].answersText = true }
            }
        }
        return rules
    }

    /// Calls `body` with each entry of `entries` and its index, read `chunkEntries` at a time.
    func forEachEntry(
        _ entries: Range<Int>, chunkEntries: Int = Self.chunkEntries, _ body: (Int, UnsafeRawBufferPointer) -> Void
    ) throws(SniffingError) {
        let size = Layout.entrySize
        let chunkEntries = Swift.max(chunkEntries, 1)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkEntries * size, alignment: 8)
        defer { chunk.deallocate() }
        var index = entries.lowerBound
        while index < entries.upperBound {
            let batch = Swift.min(chunkEntries, entries.upperBound - index)
            let read = try source.readFully(at: Int64(1 + index) * Int64(size), into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<(batch * size)]))
            guard read == batch * size else {
                throw SniffingError(.magicUnavailable, path: path, reason: "ends inside entry \(index + read / size) (it changed while read)")
            }
            for offset in stride(from: 0, to: batch * size, by: size) {
                body(index, UnsafeRawBufferPointer(rebasing: chunk[offset..<(offset + size)]))
                index += 1
            }
        }
    }

    /// The bytes of a NUL-terminated field.
    static func field(_ entry: UnsafeRawBufferPointer, _ offset: Int, _ size: Int) -> UnsafeRawBufferPointer {
        let bytes = UnsafeRawBufferPointer(rebasing: entry[offset..<(offset + size)])
        return UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? size)])
    }

    /// The name a `use` entry calls, without the `^` that asks for the other byte order.
    static func useName(_ entry: UnsafeRawBufferPointer) -> [UInt8] {
        let name = field(entry, Layout.value, Layout.valueSize)
        return Array(name.first == UInt8(ascii: "^") ? UnsafeRawBufferPointer(rebasing: name.dropFirst()) : name)
    }
}
