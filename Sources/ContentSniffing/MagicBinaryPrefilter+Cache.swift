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

    /// How the prefilter's files are named.
    static let cacheFileName = MagicCacheFileName(prefix: "magic-binary-", suffix: ".tests")

    /// The name of the prefilter file of the databases of `searchPath`; `nil` when a component
    /// cannot be looked at.
    static func cacheName(searchPath: String) -> String? {
        cacheFileName.name(searchPath: searchPath)
    }

    /// The prefilter of the databases of `searchPath`: from its file in `cacheFolder` when that
    /// is one this user may trust (``MagicTextDatabase/isTrustedCache(_:)``) and whole, else read
    /// from the databases and its file written anew, older ones removed, with the rules' choice
    /// (``MagicBinaryRuleChoice``) from the same reading (a cache that cannot be written is no
    /// error). `nil` when a database cannot be read, a component holds
    /// uncompiled rules (which only libmagic reads), or a path has nothing readable.
    static func cached(searchPath: String, cacheFolder: String) -> MagicBinaryPrefilter? {
        guard let name = cacheName(searchPath: searchPath) else { return nil }
        let path = cacheFolder + "/" + name
        if let prefilter = MagicTextDatabase.readTrustedCache(path, maximumSize: maximumFileSize, MagicBinaryPrefilter.init(serialized:)) {
            return prefilter
        }
        guard let reading = reading(searchPath: searchPath) else { return nil }
        let prefilter = MagicBinaryPrefilter(reading)
        prefilter.write(into: cacheFolder, name: name)
        // The rules' choice from the same reading, so that no later process reads the databases.
        if let choice = MagicBinaryRuleChoice(reading), let choiceName = MagicBinaryRuleChoice.cacheName(searchPath: searchPath) {
            choice.write(into: cacheFolder, name: choiceName)
        }
        return prefilter
    }

    /// The prefilter read from the compiled databases of `searchPath` (a component without
    /// `.mgc` stands for its compiled form when that exists, as libmagic loads it).
    static func read(searchPath: String) -> MagicBinaryPrefilter? {
        reading(searchPath: searchPath).map(MagicBinaryPrefilter.init)
    }

    /// One reading of the compiled databases of `searchPath`, for the prefilter and the rules'
    /// choice; `nil` when one cannot be read or a component holds uncompiled rules.
    static func reading(searchPath: String) -> MagicBinaryRuleReading? {
        var files: [CompiledMagicFile] = []
        do {
            try MagicTextDatabase.forEachCompiledDatabase(searchPath: searchPath) { path throws(SniffingError) in
                files.append(try CompiledMagicFile(path: path))
            }
        } catch {
            return nil
        }
        return files.isEmpty ? nil : MagicBinaryRuleReading(files: files)
    }

    /// Writes the prefilter's file as `name` in `folder` (made, owner-only, when missing),
    /// atomically; other prefilter files there (of databases since replaced) are removed.
    @discardableResult
    func write(into folder: String, name: String) -> Bool {
        serialized().withUnsafeBytes { bytes in
            MagicTextDatabase.writeCache(bytes, into: folder, name: name, removing: Self.cacheFileName.names)
        }
    }

    /// The prefilter in the file format above: what the cache file holds.
    public func serialized() -> [UInt8] {
        var bytes = Self.fileMagic + [Self.fileVersion]
        store.serialize(into: &bytes)
        MagicStoredTestSet.serialize(paths: pathTests, ends: pathEnds, into: &bytes)
        return bytes
    }

    /// The prefilter a cache file holds; `nil` when the bytes are not exactly one prefilter
    /// file (a damaged file is refused whole, never read in part).
    public init?(serialized bytes: UnsafeRawBufferPointer) {
        var reader = LittleEndianFieldReader(bytes: bytes)
        guard reader.take(4).map(Array.init) == Self.fileMagic, reader.byte() == Self.fileVersion,
            let store = MagicStoredTestSet.read(&reader),
            let (pathTests, pathEnds) = MagicStoredTestSet.readPaths(&reader, testCount: store.tests.count), reader.isAtEnd
        else { return nil }
        self.init(store: store, pathTests: pathTests, pathEnds: pathEnds)
    }
}
