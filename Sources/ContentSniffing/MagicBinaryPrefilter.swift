/// Whether any of libmagic's rules that name a type can match a binary buffer: a check of
/// microseconds that tells when asking libmagic's whole database (hundreds of microseconds,
/// and about 14 MiB of a process's memory once loaded) can only give
/// `application/octet-stream`.
///
/// Built from the compiled databases libmagic loads: for each rule line that answers with a
/// MIME type (itself, through a named rule it uses, or by an `indirect` test that runs every
/// rule again further on), in a rule libmagic runs on binary data, the lines it hangs from
/// must all pass, and each is read as ``MagicLineTest`` reads it (a test it cannot read may
/// always pass). A line that answers with a type and has nothing readable on its way makes the
/// prefilter `nil`: it could never say "no". Paths through a line that can pass no buffer are
/// dropped.
///
/// Policy: ``mayName(_:)`` answers "no" only for bytes libmagic judges binary, so that its text
/// rules never run: bytes with a NUL and no UTF-16 or UTF-32 byte order mark. It says "may"
/// for bytes that open as an OLE2 compound file, a JSON object or array, or whose tar checksum
/// field is well formed, which libmagic's own checks of those formats (outside its rules) could
/// name. The buffer must be exactly what libmagic is handed: searches and regular expressions
/// read to its end.
public struct MagicBinaryPrefilter: Sendable, Equatable {
    /// Every test some path needs, each once.
    let tests: [MagicStoredTest]
    /// The words of the tests of regular expressions.
    let words: [MagicStoredTest.Word]
    /// The bytes of every pattern and word.
    let pool: [UInt8]
    /// The paths, one after another: the indices in ``tests`` of the tests that must all pass.
    let pathTests: [Int32]
    /// Where each path ends in ``pathTests``.
    let pathEnds: [Int32]

    /// How many paths the prefilter holds.
    var pathCount: Int { pathEnds.count }

    init(tests: [MagicStoredTest], words: [MagicStoredTest.Word], pool: [UInt8], pathTests: [Int32], pathEnds: [Int32]) {
        self.tests = tests
        self.words = words
        self.pool = pool
        self.pathTests = pathTests
        self.pathEnds = pathEnds
    }

    /// The prefilter of `tests` and of `paths` (indices in `tests`).
    init(tests lineTests: [MagicLineTest], paths: [[Int32]]) {
        var pool: [UInt8] = []
        var words: [MagicStoredTest.Word] = []
        let tests = lineTests.map { $0.stored(pool: &pool, words: &words) }
        var ends: [Int32] = []
        var all: [Int32] = []
        for path in paths {
            all += path
            ends.append(Int32(all.count))
        }
        self.init(tests: tests, words: words, pool: pool, pathTests: all, pathEnds: ends)
    }

    /// The prefilter of compiled database files (several, as libmagic's search path may name;
    /// named rules are looked up across all of them, as libmagic does), read a few entries at
    /// a time; `nil` when one cannot be read or a path has nothing readable.
    init?(files: [CompiledMagicFile]) {
        var named: [MagicNamedRules.Line] = []
        let result: (tests: [MagicLineTest], paths: [[Int32]])?
        do {
            for file in files {
                try file.forEachEntry(file.mainCount..<(file.mainCount + file.namedCount), chunkEntries: Self.chunkEntries) { _, entry in
                    named.append(MagicNamedRules.Line(entry, countingIndirect: true))
                }
            }
            var builder = Builder(named: MagicNamedRules(named))
            for file in files {
                builder.startFile()
                try file.forEachEntry(0..<file.mainCount, chunkEntries: Self.chunkEntries) { _, entry in builder.add(entry) }
            }
            result = builder.result
        } catch {
            return nil
        }
        guard let built = result else { return nil }
        self.init(tests: built.tests, paths: built.paths)
    }

    /// Entries read at a time from a file.
    private static let chunkEntries = 64

    private typealias Layout = CompiledMagicFile.Layout

    /// Collects the paths of the main rules' lines, in order, given the named rules.
    private struct Builder {
        let named: MagicNamedRules
        /// The lines the current one hangs from: level, and the test's index or `nil`
        /// (`-1` for a line that can pass nothing).
        private var chain: [(level: Int, test: Int32?)] = []
        private var binaryRule = false
        private var tests: [MagicLineTest] = []
        private var paths: [[Int32]] = []
        private var seenPaths: Set<[Int32]> = []
        private var complete = true

        /// The tests the paths need, each once, and the paths renumbered to them; `nil` when a
        /// path has nothing readable.
        var result: (tests: [MagicLineTest], paths: [[Int32]])? {
            guard complete else { return nil }
            var renumbered: [Int32: Int32] = [:]
            var kept: [MagicLineTest] = []
            let paths = paths.map { path in
                path.map { index in
                    if let known = renumbered[index] { return known }
                    let new = Int32(kept.count)
                    kept.append(tests[Int(index)])
                    renumbered[index] = new
                    return new
                }
            }
            return (kept, paths)
        }

        init(named: MagicNamedRules) {
            self.named = named
        }

        mutating func startFile() { chain = [] }

        /// Takes the next line of the main rules.
        mutating func add(_ entry: UnsafeRawBufferPointer) {
            let level = Int(entry.loadUnaligned(fromByteOffset: Layout.contLevel, as: UInt16.self))
            if level == 0 { binaryRule = entry[Layout.flag] & Layout.binaryTest != 0 }
            while let last = chain.last, last.level >= level { chain.removeLast() }
            guard binaryRule, complete else { return }
            switch MagicLineTest.reading(entry) {
            case .test(let test):
                chain.append((level, Int32(tests.count)))
                tests.append(test)
            case .anything:
                chain.append((level, nil))
            case .neverMatches:
                chain.append((level, -1))
            }
            guard named.answers(MagicNamedRules.Line(entry, countingIndirect: true)) else { return }
            let needed = chain.compactMap(\.test)
            if needed.contains(-1) { return }
            if needed.isEmpty {
                complete = false
            } else if seenPaths.insert(needed).inserted {
                paths.append(needed)
            }
        }
    }

    /// Whether a rule of libmagic's that names a type may match `buffer`, the bytes libmagic is
    /// handed; `false` only when libmagic would answer `application/octet-stream`.
    public func mayName(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard Self.isBinaryForLibmagic(buffer), !Self.mayBeCheckedOutsideRules(buffer) else { return true }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(buffer.count, 1)) { lowered in
            // The bytes in lower case, made on the first test that ignores case (most buffers
            // fail every path before one).
            var folded: UnsafeRawBufferPointer?
            func foldedBytes() -> UnsafeRawBufferPointer {
                if let folded { return folded }
                for (index, byte) in buffer.enumerated() { lowered[index] = ASCII.lowercased(byte) }
                let made = UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: lowered[..<buffer.count]))
                folded = made
                return made
            }
            return pool.withUnsafeBytes { pool in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(tests.count, 1)) { outcomes in
                    // 0: not yet evaluated, 1: passes, 2: fails.
                    outcomes.initialize(repeating: 0)
                    func passes(_ index: Int32) -> Bool {
                        let slot = Int(index)
                        if outcomes[slot] == 0 {
                            outcomes[slot] = tests[slot].mayPass(buffer, folded: foldedBytes, pool: pool, words: words) ? 1 : 2
                        }
                        return outcomes[slot] == 1
                    }
                    var start = 0
                    for end in pathEnds {
                        if pathTests[start..<Int(end)].allSatisfy(passes) { return true }
                        start = Int(end)
                    }
                    return false
                }
            }
        }
    }

    /// Whether libmagic judges `buffer` binary, running its binary rules only: it holds a NUL,
    /// which no text encoding libmagic reads without a byte order mark allows, and opens with
    /// no UTF-16 or UTF-32 byte order mark.
    static func isBinaryForLibmagic(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard buffer.firstOffset(of: 0) != nil else { return false }
        if let head = buffer.u16be(at: 0), head == 0xFEFF || head == 0xFFFE { return false }
        return buffer.u32be(at: 0) != 0x0000_FEFF
    }

    /// Whether libmagic's checks outside its rules could name `buffer`: its OLE2 compound file
    /// reader (the compound file signature), its JSON reader (a first byte after blank space
    /// that opens an object or an array) and its tar reader (a checksum field of 1–8 octal
    /// digits after optional blanks, then NULs or blanks, at 148).
    static func mayBeCheckedOutsideRules(_ buffer: UnsafeRawBufferPointer) -> Bool {
        if buffer.u64be(at: 0) == 0xD0CF_11E0_A1B1_1AE1 { return true }
        if let first = buffer.first(where: { !ASCII.isWhitespace($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return true
        }
        return buffer.count >= 512 && ArchiveSignatures.octal(buffer, from: 148, length: 8) != nil
    }
}
