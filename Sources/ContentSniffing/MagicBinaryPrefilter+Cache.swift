/// The prefilter kept in the cache folder, so that a process reads some tens of kilobytes of
/// tests instead of libmagic's whole database (about 7 MB, read entry by entry in tens of
/// milliseconds) to make it.
///
/// The file is named after the databases' identity (`magic-binary-` and the digest of
/// ``MagicTextDatabase/databaseDigest(searchPath:)``, `.tests`), so a changed database is read
/// again. Its bytes: `OWBP`, a format version byte, the number of tests (32-bit), each test as
/// a kind byte and its fields, then the number of paths (32-bit) and per path the number of
/// its tests (16-bit) and their indices (32-bit each). Numbers are little-endian. Test kinds:
/// 1 a number (offset 32-bit; width; flags: bit 0 little-endian, bit 1 unsigned; relation;
/// mask and value, 64-bit each), 2 a string (offset; relation; flags: bit 0 case ignored;
/// length 16-bit and bytes), 3 a search (offset; range 32-bit; flags; length and bytes), 4 a
/// UTF-16 string (offset; flags: bit 0 big-endian; length and bytes), 5 words (count 16-bit;
/// per word flags: bit 0 at a line start, bit 1 case ignored; first offset 32-bit; length and
/// bytes). A file that breaks any of this, or holds more, is refused.
extension MagicBinaryPrefilter {
    static let fileMagic: [UInt8] = Array("OWBP".utf8)
    static let fileVersion: UInt8 = 1
    /// The largest prefilter file read.
    static let maximumFileSize = 4 << 20

    /// The name of the prefilter file of the databases of `searchPath`; `nil` when a component
    /// cannot be looked at.
    static func cacheName(searchPath: String) -> String? {
        MagicTextDatabase.databaseDigest(searchPath: searchPath).map { "magic-binary-" + $0 + ".tests" }
    }

    /// The prefilter of the databases of `searchPath`: from its file in `cacheFolder` when that
    /// is one this user may trust (``MagicTextDatabase/isTrustedCache(_:)``) and whole, else read
    /// from the databases and its file written anew, older ones removed (a cache that cannot be
    /// written is no error). `nil` when a database cannot be read, a component holds
    /// uncompiled rules (which only libmagic reads), or a path has nothing readable.
    static func cached(searchPath: String, cacheFolder: String) -> MagicBinaryPrefilter? {
        guard let name = cacheName(searchPath: searchPath) else { return nil }
        let path = cacheFolder + "/" + name
        if let prefilter = MagicTextDatabase.readTrustedCache(path, maximumSize: maximumFileSize, MagicBinaryPrefilter.init(serialized:)) {
            return prefilter
        }
        guard let prefilter = read(searchPath: searchPath) else { return nil }
        prefilter.write(into: cacheFolder, name: name)
        return prefilter
    }

    /// The prefilter read from the compiled databases of `searchPath` (a component without
    /// `.mgc` stands for its compiled form when that exists, as libmagic loads it).
    static func read(searchPath: String) -> MagicBinaryPrefilter? {
        var files: [CompiledMagicFile] = []
        do {
            try MagicTextDatabase.forEachCompiledDatabase(searchPath: searchPath) { path throws(SniffingError) in
                files.append(try CompiledMagicFile(path: path))
            }
        } catch {
            return nil
        }
        return files.isEmpty ? nil : MagicBinaryPrefilter(files: files)
    }

    /// Writes the prefilter's file as `name` in `folder` (made, owner-only, when missing),
    /// atomically; other prefilter files there (of databases since replaced) are removed.
    @discardableResult
    func write(into folder: String, name: String) -> Bool {
        serialized().withUnsafeBytes { bytes in
            MagicTextDatabase.writeCache(bytes, into: folder, name: name) { $0.hasPrefix("magic-binary-") && $0.hasSuffix(".tests") }
        }
    }

    /// The prefilter in the file format above: what the cache file holds.
    public func serialized() -> [UInt8] {
        var bytes = Self.fileMagic + [Self.fileVersion]
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
        append(UInt32(pathEnds.count))
        var start = 0
        for end in pathEnds {
            append(UInt16(Int(end) - start))
            for index in pathTests[start..<Int(end)] { append(UInt32(index)) }
            start = Int(end)
        }
        return bytes
    }

    /// The prefilter a cache file holds; `nil` when the bytes are not exactly one prefilter
    /// file (a damaged file is refused whole, never read in part).
    public init?(serialized bytes: UnsafeRawBufferPointer) {
        var reader = LittleEndianFieldReader(bytes: bytes)
        guard reader.take(4).map(Array.init) == Self.fileMagic, reader.byte() == Self.fileVersion,
            let testCount = reader.number(UInt32.self), Int(testCount) <= bytes.count
        else { return nil }
        var file = FileContents()
        file.tests.reserveCapacity(Int(testCount))
        file.pool.reserveCapacity(bytes.count)
        for _ in 0..<testCount {
            guard file.readTest(&reader) else { return nil }
        }
        guard let pathCount = reader.number(UInt32.self), Int(pathCount) <= bytes.count else { return nil }
        var pathTests: [Int32] = []
        var pathEnds: [Int32] = []
        pathEnds.reserveCapacity(Int(pathCount))
        for _ in 0..<pathCount {
            guard let count = reader.number(UInt16.self), count > 0 else { return nil }
            for _ in 0..<count {
                guard let index = reader.number(UInt32.self), index < testCount else { return nil }
                pathTests.append(Int32(index))
            }
            pathEnds.append(Int32(pathTests.count))
        }
        guard reader.isAtEnd else { return nil }
        self.init(tests: file.tests, words: file.words, pool: file.pool, pathTests: pathTests, pathEnds: pathEnds)
    }

    /// The tests of a file as they are read, with their words and bytes.
    private struct FileContents {
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
