import Synchronization

/// libmagic's answer for a file's bytes, as a MIME type.
///
/// Create the sniffer once and share it: it is safe to call from any number of threads at once.
/// A libmagic handle is not thread-safe, so the sniffer keeps a pool of loaded handles and each
/// call works on one no other call holds: calls on several threads run side by side instead of
/// waiting for each other (a scan on all cores did, behind one lock). The pool grows to the most
/// calls made at the same time, each handle loading the database once, and never shrinks. A
/// sniffer with a prefilter (``textPrefilter``, ``binaryPrefilter``) answers most calls from a
/// handle of their own instead, which loads only the rules the bytes may match.
/// libmagic never sees a path or a file descriptor: ``mimeType(atPath:)`` reads a bounded prefix
/// itself (``readLimit`` bytes) and hands libmagic that buffer.
///
/// ```swift
/// let magic = try MagicSniffer()
/// magic.mimeType(of: pngBytes)          // "image/png"
/// try magic.mimeType(atPath: "/etc/hosts")   // "text/plain"
/// ```
public final class MagicSniffer: Sendable {
    /// The most bytes handed to libmagic per call.
    public let readLimit: Int
    /// The database the handles load.
    private let database: Database
    /// Loaded handles no call is using; a call takes one and gives it back.
    private let idle: Mutex<[MagicCalls.Cookie]>
    /// The flags the handles are opened with.
    private let flags: Int32
    /// For a sniffer of text rules (``init(textRulesOf:cacheFolder:readLimit:)``): what those
    /// rules must find in text before one can name a type: where it says none can, libmagic would
    /// answer `text/plain`, and ``TypeResolver`` takes that answer without asking. `nil` for
    /// other sniffers, and when a rule's words cannot be read.
    public let textPrefilter: MagicTextPrefilter?
    /// For a sniffer of the whole default database made with a cache folder
    /// (``init(cachingPrefilterIn:readLimit:)``): whether one of its rules that name a type can
    /// match binary bytes. Where none can, ``mimeType(of:)`` answers `application/octet-stream`,
    /// as libmagic would, without asking it. `nil` for other sniffers.
    public let binaryPrefilter: MagicBinaryPrefilter?
    /// For a sniffer with a ``binaryPrefilter``: the search path the rules binary bytes may
    /// match are chosen from, and the cache folder their ``MagicBinaryRuleChoice`` is kept in.
    private let binaryRules: (searchPath: String, cacheFolder: String)?
    /// The choice and the one compiled database it is of, read on the first call that needs
    /// them (`.some(nil)`: they cannot be had, as for a search path of several databases).
    private let binaryRuleChoice = Mutex<(choice: MagicBinaryRuleChoice, database: String)??>(nil)

    /// What a handle loads: a database file (`nil`: the system default), or a database cut down
    /// to the rules that can name text, held in memory for as long as the sniffer lives.
    private enum Database: Sendable {
        case file(String?)
        case textRules(MagicTextDatabase)
    }

    /// Opens libmagic and loads its database.
    ///
    /// - Parameters:
    ///   - databasePath: a compiled magic database (`.mgc`); `nil` loads the system default.
    ///   - readLimit: the most bytes libmagic looks at per call (default 64 KiB, at least 1).
    /// - Throws: ``SniffingError`` with code `.magicUnavailable` when libmagic cannot be opened
    ///   or the database cannot be loaded (on Debian and Ubuntu: install `libmagic-mgc`).
    public convenience init(databasePath: String? = nil, readLimit: Int = 64 * 1024) throws(SniffingError) {
        try self.init(database: .file(databasePath), readLimit: readLimit)
    }

    /// Opens libmagic with only the rules of its database that can name text, for bytes already
    /// known to be text: it answers for text as the whole database does (the same answer for
    /// each of 7,866 text files measured), in about half the time and a twenty-third of the
    /// memory (see ``MagicTextDatabase`` for what is kept).
    ///
    /// Policy: with a `cacheFolder`, the cut is kept there as a file named after the databases'
    /// identity (path, inode, size, modification time) and loaded from it by later processes,
    /// which then skip reading the whole database; a cut that is missing, not the user's own,
    /// writable by others or unloadable is made again in memory and written anew. Beside it is
    /// kept its ``textPrefilter`` (`.words`), made again from the cut when missing or not
    /// trusted. With the prefilter at hand, a call loads only the rules of the cut whose first
    /// line finds its words in the text (read from the cached cut, or taken from the cut in
    /// memory), which answer as the whole cut does; the whole cut is loaded, once, on the first
    /// call for which rules cannot be chosen (text in another encoding) or would be more than
    /// half of it. A cache that cannot be written is no error.
    ///
    /// - Parameters:
    ///   - searchPath: libmagic's colon-separated database list; `nil` takes the default
    ///     (`MAGIC`, else libmagic's built-in list).
    ///   - cacheFolder: where cuts are kept between processes; `nil` keeps none.
    ///   - readLimit: the most bytes libmagic looks at per call (default 64 KiB, at least 1).
    /// - Throws: ``SniffingError`` with code `.magicUnavailable`, naming the file and the
    ///   reason, when a database of the path is not in the compiled layout the cut knows or
    ///   the path holds uncompiled rules; load the whole database then.
    public convenience init(textRulesOf searchPath: String?, cacheFolder: String? = nil, readLimit: Int = 64 * 1024) throws(SniffingError) {
        guard let path = searchPath ?? MagicCalls.defaultSearchPath() else {
            throw SniffingError(.magicUnavailable, reason: "libmagic names no database search path")
        }
        let limit = Swift.max(readLimit, 1)
        let name = cacheFolder.flatMap { _ in MagicTextDatabase.cacheName(searchPath: path) }
        let flags = MagicCalls.textFlags
        if let cacheFolder, let name, case let cached = cacheFolder + "/" + name, MagicTextDatabase.isTrustedCache(cached) {
            // A cached cut whose words can be read is loaded into libmagic only when a text
            // needs it (most never do); one that cannot is tried in libmagic now, and made
            // again if libmagic refuses it.
            if let prefilter = MagicTextPrefilter.cached(cutPath: cached) {
                self.init(database: .file(cached), handle: nil, flags: flags, readLimit: limit, textPrefilter: prefilter)
                return
            }
            if let handle = try? Self.openHandle(database: .file(cached), flags: flags, readLimit: limit) {
                self.init(database: .file(cached), handle: handle, flags: flags, readLimit: limit, textPrefilter: nil)
                return
            }
        }
        let cut = try MagicTextDatabase(searchPath: path)
        let prefilter = MagicTextPrefilter(images: cut.buffers.map(UnsafeRawBufferPointer.init))
        if let cacheFolder, let name, cut.write(into: cacheFolder, name: name) {
            prefilter?.write(besideCut: cacheFolder + "/" + name)
        }
        try self.init(database: .textRules(cut), flags: flags, readLimit: limit, textPrefilter: prefilter)
    }

    /// Opens libmagic with its whole default database, as ``init(databasePath:readLimit:)``
    /// does, keeping beside it a ``binaryPrefilter`` that answers for most binary bytes no rule
    /// of the database can name.
    ///
    /// Policy: the prefilter is kept in `cacheFolder` as a file named after the databases'
    /// identity, read from there by later processes, and made again from the databases when
    /// missing, not the user's own, writable by others or damaged. With a prefilter at hand, a
    /// call for binary bytes loads only the database's binary rules those bytes may match, and
    /// the named rules they use, into a handle of its own (the search path holding one compiled
    /// database); libmagic loads the whole database only on the first call for which rules
    /// cannot be chosen (a call then fails, giving `nil`, if the database cannot be loaded);
    /// without a prefilter (a database libmagic reads from uncompiled rules), it is loaded now.
    ///
    /// - Throws: ``SniffingError`` with code `.magicUnavailable`, as ``init(databasePath:readLimit:)``,
    ///   when there is no prefilter and the database cannot be loaded.
    public convenience init(cachingPrefilterIn cacheFolder: String, readLimit: Int = 64 * 1024) throws(SniffingError) {
        let limit = Swift.max(readLimit, 1)
        if let path = MagicCalls.defaultSearchPath(), let prefilter = MagicBinaryPrefilter.cached(searchPath: path, cacheFolder: cacheFolder) {
            self.init(
                database: .file(nil), handle: nil, flags: MagicCalls.defaultFlags, readLimit: limit, textPrefilter: nil, binaryPrefilter: prefilter,
                binaryRules: (path, cacheFolder))
            return
        }
        try self.init(database: .file(nil), readLimit: limit)
    }

    private convenience init(
        database: Database, flags: Int32 = MagicCalls.defaultFlags, readLimit: Int, textPrefilter: MagicTextPrefilter? = nil
    ) throws(SniffingError) {
        let limit = Swift.max(readLimit, 1)
        let handle = try Self.openHandle(database: database, flags: flags, readLimit: limit)
        self.init(database: database, handle: handle, flags: flags, readLimit: limit, textPrefilter: textPrefilter)
    }

    private init(
        database: Database, handle: MagicCalls.Cookie?, flags: Int32, readLimit: Int, textPrefilter: MagicTextPrefilter?,
        binaryPrefilter: MagicBinaryPrefilter? = nil, binaryRules: (searchPath: String, cacheFolder: String)? = nil
    ) {
        self.readLimit = readLimit
        self.database = database
        self.flags = flags
        self.textPrefilter = textPrefilter
        self.binaryPrefilter = binaryPrefilter
        self.binaryRules = binaryRules
        self.idle = Mutex(handle.map { [$0] } ?? [])
    }

    deinit {
        idle.withLock { handles in
            for handle in handles { MagicCalls.close(handle) }
        }
    }

    /// A new handle with the database loaded and the read limit set.
    private static func openHandle(database: Database, flags: Int32, readLimit: Int) throws(SniffingError) -> MagicCalls.Cookie {
        guard let handle = MagicCalls.open(flags: flags) else {
            throw SniffingError(.magicUnavailable, reason: "magic_open failed")
        }
        let loaded: Bool
        let databasePath: String?
        switch database {
        case .file(let path):
            loaded = MagicCalls.load(handle, databasePath: path)
            databasePath = path
        case .textRules(let cut):
            loaded = MagicCalls.load(handle, buffers: cut.buffers)
            databasePath = nil
        }
        guard loaded else {
            let (message, code) = MagicCalls.lastError(handle)
            MagicCalls.close(handle)
            let detail = message.map { " (\($0))" } ?? ""
            throw SniffingError(
                .magicUnavailable, path: databasePath,
                reason: "libmagic could not load its database\(detail); install the libmagic-mgc package",
                errno: code == 0 ? nil : code)
        }
        _ = MagicCalls.setBytesMax(handle, readLimit)
        return handle
    }

    /// How many loaded handles the pool holds while no call is running (for tests).
    package var idleHandleCount: Int { idle.withLock { $0.count } }

    /// libmagic's MIME type for `bytes` (at most ``readLimit`` of them), such as `image/png`,
    /// `text/plain` or `application/octet-stream`; `nil` if libmagic reports an error.
    public func mimeType(of bytes: UnsafeRawBufferPointer) -> String? {
        let window = UnsafeRawBufferPointer(rebasing: bytes[..<Swift.min(bytes.count, readLimit)])
        if let binaryPrefilter {
            if !binaryPrefilter.mayName(window) { return "application/octet-stream" }
            if let answer = describeWithChosenBinaryRules(window) { return answer }
        }
        if let answer = describeWithChosenTextRules(window) { return answer }
        // A handle of the pool, or a new one when every one is in use; a handle that cannot be
        // made now is a failure of this call (`nil`), as libmagic's own errors are.
        guard let handle = try? idle.withLock({ $0.popLast() }) ?? Self.openHandle(database: database, flags: flags, readLimit: readLimit) else {
            return nil
        }
        defer { idle.withLock { $0.append(handle) } }
        return MagicCalls.describe(handle, window)
    }

    /// For a sniffer of text rules with its ``textPrefilter``: libmagic's answer for `window`
    /// from a handle of its own that loads only the rules `window` may match and the named rules
    /// (``MagicRuleSubset``), which answers as the whole cut does. `nil` when rules cannot be
    /// chosen for `window`, when they would be more than half of the cut (loading the whole cut,
    /// once, is then cheaper), or when the call fails: the caller then asks a handle of the
    /// whole cut.
    private func describeWithChosenTextRules(_ window: UnsafeRawBufferPointer) -> String? {
        guard let textPrefilter, let ranges = textPrefilter.ruleSelection(window),
            ranges.reduce(0, { $0 + $1.count }) * 2 <= textPrefilter.mainEntryCount
        else { return nil }
        let (main, named) = (textPrefilter.mainEntryCount, textPrefilter.namedEntryCount)
        switch database {
        case .textRules(let cut):
            guard cut.buffers.count == 1 else { return nil }
            return describe(window, loading: MagicRuleSubset.image(
                main: ranges, named: nil, of: UnsafeRawBufferPointer(cut.buffers[0]), mainCount: main, namedCount: named))
        case .file(let path?):
            return describe(window, loading: MagicRuleSubset.image(main: ranges, named: nil, ofFileAt: path, mainCount: main, namedCount: named))
        case .file(nil):
            return nil
        }
    }

    /// For a sniffer of the whole database with its ``binaryPrefilter``: libmagic's answer for
    /// `window` from a handle of its own that loads only the binary rules `window` may match
    /// and the named rules they use (``MagicRuleSubset``), which answers as the whole database
    /// does. `nil` when rules cannot be chosen (not one compiled database, bytes libmagic reads
    /// as text, a rule that runs every rule again may match) or the call fails: the caller then
    /// asks a handle of the whole database.
    private func describeWithChosenBinaryRules(_ window: UnsafeRawBufferPointer) -> String? {
        guard let binaryRules else { return nil }
        let loaded = binaryRuleChoice.withLock { state in
            if let known = state { return known }
            var files: [String] = []
            try? MagicTextDatabase.forEachCompiledDatabase(searchPath: binaryRules.searchPath) { files.append($0) }
            let read = files.count == 1
                ? MagicBinaryRuleChoice.cached(searchPath: binaryRules.searchPath, cacheFolder: binaryRules.cacheFolder).map { ($0, files[0]) } : nil
            state = .some(read)
            return read
        }
        guard let (choice, database) = loaded, let chosen = choice.ruleSelection(window) else { return nil }
        return describe(window, loading: MagicRuleSubset.image(
            main: chosen.main, named: chosen.named, ofFileAt: database, mainCount: choice.mainEntryCount, namedCount: choice.namedEntryCount))
    }

    /// libmagic's answer for `window` from a handle of its own that loads `image` (a compiled
    /// database in memory, deallocated here); `nil` when there is no image or a call fails.
    private func describe(_ window: UnsafeRawBufferPointer, loading image: UnsafeMutableRawBufferPointer?) -> String? {
        guard let image else { return nil }
        defer { image.deallocate() }
        guard let handle = MagicCalls.open(flags: flags) else { return nil }
        defer { MagicCalls.close(handle) }
        guard MagicCalls.load(handle, buffers: [image]) else { return nil }
        _ = MagicCalls.setBytesMax(handle, readLimit)
        return MagicCalls.describe(handle, window)
    }

    /// libmagic's MIME type for the first ``readLimit`` bytes of the regular file at `path`.
    ///
    /// - Throws: ``SniffingError`` when the file cannot be opened or read (see
    ///   ``FileByteSource``). A file libmagic cannot judge gives `nil`, not an error.
    public func mimeType(atPath path: String) throws(SniffingError) -> String? {
        let source = try FileByteSource(path: path)
        let length = Int(Swift.min(source.size, Int64(readLimit)))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(length, 1), alignment: 1)
        defer { buffer.deallocate() }
        let read = try source.readFully(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<length]))
        return mimeType(of: UnsafeRawBufferPointer(rebasing: buffer[..<read]))
    }
}
