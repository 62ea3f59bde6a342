/// Stored tests (``MagicStoredTest``) with the words of their regular expressions and the bytes
/// of every pattern, as the binary prefilter's files hold them, and the paths through them: a
/// path holds when all its tests may pass.
struct MagicStoredTestSet: Sendable, Equatable {
    let tests: [MagicStoredTest]
    /// The words of the tests of regular expressions.
    let words: [MagicStoredTest.Word]
    /// The bytes of every pattern and word.
    let pool: [UInt8]

    init(tests: [MagicStoredTest], words: [MagicStoredTest.Word], pool: [UInt8]) {
        self.tests = tests
        self.words = words
        self.pool = pool
    }

    /// The stored form of `lineTests`, in order.
    init(_ lineTests: [MagicLineTest]) {
        var pool: [UInt8] = []
        var words: [MagicStoredTest.Word] = []
        let tests = lineTests.map { $0.stored(pool: &pool, words: &words) }
        self.init(tests: tests, words: words, pool: pool)
    }

    /// `body` given a test of whether the test at an index may pass `buffer` (libmagic's whole
    /// view), each evaluated once.
    func withEvaluation<T>(_ buffer: UnsafeRawBufferPointer, _ body: (_ passes: (Int32) -> Bool) -> T) -> T {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(buffer.count, 1)) { lowered in
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
                    return body { index in
                        let slot = Int(index)
                        if outcomes[slot] == 0 {
                            outcomes[slot] = tests[slot].mayPass(buffer, folded: foldedBytes, pool: pool, words: words) ? 1 : 2
                        }
                        return outcomes[slot] == 1
                    }
                }
            }
        }
    }

    /// Whether one of the paths (`ends` marking where each ends in `tests`) holds by `passes`.
    static func anyPath(tests: [Int32], ends: [Int32], holds passes: (Int32) -> Bool) -> Bool {
        var start = 0
        for end in ends {
            if tests[start..<Int(end)].allSatisfy(passes) { return true }
            start = Int(end)
        }
        return false
    }

    /// Paths given as lists of test indices, one after another: all indices and where each ends.
    static func flattened(_ paths: [[Int32]]) -> (tests: [Int32], ends: [Int32]) {
        var ends: [Int32] = []
        var all: [Int32] = []
        for path in paths {
            all += path
            ends.append(Int32(all.count))
        }
        return (all, ends)
    }
}

/// The tests and paths in the files' format (see ``MagicBinaryPrefilter``'s cache file): the
/// number of tests (32-bit) and each as a kind byte and its fields; paths as their number
/// (32-bit) and per path the number of its tests (16-bit) and their indices (32-bit each).
extension MagicStoredTestSet {
    /// Appends the tests to `bytes`.
    func serialize(into bytes: inout [UInt8]) {
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append(start: Int32, count: Int32) {
            append(UInt16(count))
            bytes += pool[Int(start)..<Int(start + count)]
        }
        append(UInt32(tests.count))
        for test in tests {
            bytes.append(test.kind.rawValue)
            switch test.kind {
            case .number:
                append(UInt32(test.offset))
                bytes += [test.width, test.flags, test.relation]
                append(test.mask)
                append(test.value)
            case .string:
                append(UInt32(test.offset))
                bytes += [test.relation, test.flags]
                append(start: test.start, count: test.count)
            case .search:
                append(UInt32(test.offset))
                append(UInt32(test.range))
                bytes.append(test.flags)
                append(start: test.start, count: test.count)
            case .string16:
                append(UInt32(test.offset))
                bytes.append(test.flags)
                append(start: test.start, count: test.count)
            case .words:
                append(UInt16(test.count))
                for word in words[Int(test.start)..<Int(test.start + test.count)] {
                    bytes.append(word.flags)
                    append(UInt32(word.lowest))
                    append(start: word.start, count: word.count)
                }
            }
        }
    }

    /// Appends paths (`ends` marking where each ends in `tests`) to `bytes`.
    static func serialize(paths tests: [Int32], ends: [Int32], into bytes: inout [UInt8]) {
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(UInt32(ends.count))
        var start = 0
        for end in ends {
            append(UInt16(Int(end) - start))
            for index in tests[start..<Int(end)] { append(UInt32(index)) }
            start = Int(end)
        }
    }

    /// The tests `reader` is at; `nil` when they break the format (checked as ``MagicLineTest``
    /// makes them).
    static func read(_ reader: inout LittleEndianFieldReader) -> MagicStoredTestSet? {
        guard let testCount = reader.number(UInt32.self), Int(testCount) <= reader.bytes.count else { return nil }
        var contents = Contents()
        contents.tests.reserveCapacity(Int(testCount))
        contents.pool.reserveCapacity(reader.bytes.count)
        for _ in 0..<testCount {
            guard contents.readTest(&reader) else { return nil }
        }
        return MagicStoredTestSet(tests: contents.tests, words: contents.words, pool: contents.pool)
    }

    /// The paths `reader` is at, each of at least one test below `testCount`; `nil` when they
    /// break the format.
    static func readPaths(_ reader: inout LittleEndianFieldReader, testCount: Int) -> (tests: [Int32], ends: [Int32])? {
        guard let pathCount = reader.number(UInt32.self), Int(pathCount) <= reader.bytes.count else { return nil }
        var tests: [Int32] = []
        var ends: [Int32] = []
        ends.reserveCapacity(Int(pathCount))
        for _ in 0..<pathCount {
            guard let count = reader.number(UInt16.self), count > 0 else { return nil }
            for _ in 0..<count {
                guard let index = reader.number(UInt32.self), index < testCount else { return nil }
                tests.append(Int32(index))
            }
            ends.append(Int32(tests.count))
        }
        return (tests, ends)
    }

    /// The tests of a file as they are read, with their words and bytes.
    private struct Contents {
        var tests: [MagicStoredTest] = []
        var words: [MagicStoredTest.Word] = []
        var pool: [UInt8] = []

        /// Reads one test, checked as ``MagicLineTest`` makes them; whether it was one.
        mutating func readTest(_ reader: inout LittleEndianFieldReader) -> Bool {
            func readOffset() -> Int32? { reader.number(UInt32.self).flatMap { $0 <= UInt32(Int32.max) ? Int32($0) : nil } }
            func pattern() -> (start: Int32, count: Int32)? {
                guard let length = reader.number(UInt16.self), length > 0, let bytes = reader.take(Int(length)) else { return nil }
                defer { pool += bytes }
                return (Int32(pool.count), Int32(length))
            }
            guard let kindByte = reader.byte(), let kind = MagicStoredTest.Kind(rawValue: kindByte) else { return false }
            var test = MagicStoredTest(kind: kind)
            switch kind {
            case .number:
                guard let offset = readOffset(), let width = reader.byte(), [1, 2, 4, 8].contains(width), let flags = reader.byte(),
                    flags & ~3 == 0, let relation = reader.byte(), MagicLineTest.numberRelations.contains(relation),
                    let mask = reader.number(UInt64.self), let value = reader.number(UInt64.self)
                else { return false }
                (test.offset, test.width, test.flags, test.relation, test.mask, test.value) = (offset, width, flags, relation, mask, value)
            case .string:
                guard let offset = readOffset(), let relation = reader.byte(), MagicLineTest.stringRelations.contains(relation),
                    let flags = reader.byte(), flags & ~1 == 0, let (start, count) = pattern()
                else { return false }
                (test.offset, test.relation, test.flags, test.start, test.count) = (offset, relation, flags, start, count)
            case .search:
                guard let offset = readOffset(), let range = readOffset(), let flags = reader.byte(), flags & ~1 == 0,
                    let (start, count) = pattern()
                else { return false }
                (test.offset, test.range, test.flags, test.start, test.count) = (offset, range, flags, start, count)
            case .string16:
                guard let offset = readOffset(), let flags = reader.byte(), flags & ~1 == 0, let (start, count) = pattern() else { return false }
                (test.offset, test.flags, test.start, test.count) = (offset, flags, start, count)
            case .words:
                guard let count = reader.number(UInt16.self), count > 0 else { return false }
                (test.start, test.count) = (Int32(words.count), Int32(count))
                for _ in 0..<count {
                    guard let flags = reader.byte(), flags & ~3 == 0, let lowest = readOffset(), let (start, length) = pattern() else { return false }
                    words.append(.init(start: start, count: length, lowest: lowest, flags: flags))
                }
            }
            tests.append(test)
            return true
        }
    }
}
