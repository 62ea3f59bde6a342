/// The choice kept in the cache folder beside the prefilter (`magic-binary-` and the databases'
/// digest, `.rules`), read only by a process that asks libmagic about binary bytes: a file of
/// about 100 KB, which the many processes that need only the prefilter never read.
///
/// Its bytes: `OWBR`, a format version byte, the tests as the prefilter's file holds them; the
/// database's entry counts (rules run, named rules); the number of named rules and per named
/// rule its first entry, its entry count, the number of named rules it uses (16-bit) and their
/// indices; the number of gates and per gate its first line's test (an index, or all bits set
/// for none) and the rest as a named rule's; then the paths to lines that run every rule again,
/// as the prefilter's paths. Numbers are 32-bit where not said, little-endian; ranges in
/// order, within the counts. A file that breaks any of this, or holds more, is refused.
extension MagicBinaryRuleChoice {
    static let fileMagic: [UInt8] = Array("OWBR".utf8)
    static let fileVersion: UInt8 = 1
    /// The largest file read.
    static let maximumFileSize = 8 << 20

    /// How the choice's files are named.
    static let cacheFileName = MagicCacheFileName(prefix: "magic-binary-", suffix: ".rules")

    /// The name of the file of the databases of `searchPath`; `nil` when a component cannot be
    /// looked at.
    static func cacheName(searchPath: String) -> String? {
        cacheFileName.name(searchPath: searchPath)
    }

    /// The choice for the databases of `searchPath`: from its file in `cacheFolder` when that is
    /// one this user may trust and whole, else read from the databases and its file written
    /// anew, older ones removed (a cache that cannot be written is no error). `nil` when rules
    /// cannot be chosen from those databases or they cannot be read.
    static func cached(searchPath: String, cacheFolder: String) -> MagicBinaryRuleChoice? {
        guard let name = cacheName(searchPath: searchPath) else { return nil }
        if let choice = MagicTextDatabase.readTrustedCache(cacheFolder + "/" + name, maximumSize: maximumFileSize, MagicBinaryRuleChoice.init(serialized:)) {
            return choice
        }
        guard let choice = MagicBinaryPrefilter.reading(searchPath: searchPath).flatMap(MagicBinaryRuleChoice.init) else { return nil }
        choice.write(into: cacheFolder, name: name)
        return choice
    }

    /// Writes the file as `name` in `folder`, atomically; other such files there are removed.
    @discardableResult
    func write(into folder: String, name: String) -> Bool {
        serialized().withUnsafeBytes { bytes in
            MagicTextDatabase.writeCache(bytes, into: folder, name: name, removing: Self.cacheFileName.names)
        }
    }

    /// The choice in the file format above.
    public func serialized() -> [UInt8] {
        var bytes = Self.fileMagic + [Self.fileVersion]
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append(entries: Range<Int>, uses: Range<Int32>) {
            append(UInt32(entries.lowerBound))
            append(UInt32(entries.count))
            append(UInt16(uses.count))
            for used in useList[Int(uses.lowerBound)..<Int(uses.upperBound)] { append(UInt32(used)) }
        }
        store.serialize(into: &bytes)
        append(UInt32(mainEntryCount))
        append(UInt32(namedEntryCount))
        append(UInt32(namedRules.count))
        for rule in namedRules { append(entries: rule.entries, uses: rule.uses) }
        append(UInt32(gates.count))
        for gate in gates {
            append(UInt32(bitPattern: gate.test))
            append(entries: gate.entries, uses: gate.uses)
        }
        MagicStoredTestSet.serialize(paths: rerunTests, ends: rerunEnds, into: &bytes)
        return bytes
    }

    /// The choice a file holds; `nil` when the bytes are not exactly one such file.
    public init?(serialized bytes: UnsafeRawBufferPointer) {
        var reader = LittleEndianFieldReader(bytes: bytes)
        guard reader.take(4).map(Array.init) == Self.fileMagic, reader.byte() == Self.fileVersion,
            let store = MagicStoredTestSet.read(&reader), let mainCount = reader.number(UInt32.self),
            let namedCount = reader.number(UInt32.self), let namedRuleCount = reader.number(UInt32.self), namedRuleCount <= namedCount
        else { return nil }
        var useList: [Int32] = []
        /// A range of entries from `previous` on, within `count`, and where the named rules it
        /// uses are put in `useList`.
        func readRule(after previous: Int, within count: UInt32) -> (entries: Range<Int>, uses: Range<Int32>)? {
            guard let first = reader.number(UInt32.self), Int(first) >= previous, let length = reader.number(UInt32.self), length > 0,
                UInt64(first) + UInt64(length) <= UInt64(count), let useCount = reader.number(UInt16.self)
            else { return nil }
            let start = Int32(useList.count)
            for _ in 0..<useCount {
                guard let used = reader.number(UInt32.self), used < namedRuleCount else { return nil }
                useList.append(Int32(used))
            }
            return (Int(first)..<(Int(first) + Int(length)), start..<Int32(useList.count))
        }
        var namedRules: [NamedRule] = []
        namedRules.reserveCapacity(Int(namedRuleCount))
        useList.reserveCapacity(bytes.count / 8)
        for _ in 0..<namedRuleCount {
            guard let rule = readRule(after: namedRules.last?.entries.upperBound ?? 0, within: namedCount) else { return nil }
            namedRules.append(NamedRule(entries: rule.entries, uses: rule.uses))
        }
        guard let gateCount = reader.number(UInt32.self), gateCount <= mainCount else { return nil }
        var gates: [RuleGate] = []
        gates.reserveCapacity(Int(gateCount))
        for _ in 0..<gateCount {
            guard let test = reader.number(UInt32.self).map({ Int32(bitPattern: $0) }), test == -1 || (test >= 0 && test < store.tests.count),
                let rule = readRule(after: gates.last?.entries.upperBound ?? 0, within: mainCount)
            else { return nil }
            gates.append(RuleGate(entries: rule.entries, test: test, uses: rule.uses))
        }
        guard let (rerunTests, rerunEnds) = MagicStoredTestSet.readPaths(&reader, testCount: store.tests.count), reader.isAtEnd else { return nil }
        self.init(
            store: store, gates: gates, namedRules: namedRules, useList: useList, rerunTests: rerunTests, rerunEnds: rerunEnds,
            mainEntryCount: Int(mainCount), namedEntryCount: Int(namedCount))
    }
}
