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
///
/// Where one may match, ``MagicBinaryRuleChoice`` (read from the same databases, kept in a file
/// of its own) chooses the rules libmagic loads for the call.
public struct MagicBinaryPrefilter: Sendable, Equatable {
    /// Every test some path needs, each once.
    let store: MagicStoredTestSet
    /// The paths, one after another: the indices in the store of the tests that must all pass.
    let pathTests: [Int32]
    /// Where each path ends in ``pathTests``.
    let pathEnds: [Int32]

    /// How many paths the prefilter holds.
    var pathCount: Int { pathEnds.count }

    init(store: MagicStoredTestSet, pathTests: [Int32], pathEnds: [Int32]) {
        self.store = store
        self.pathTests = pathTests
        self.pathEnds = pathEnds
    }

    /// The prefilter of `tests` and of `paths` (indices in `tests`).
    init(tests: [MagicLineTest], paths: [[Int32]]) {
        let (pathTests, pathEnds) = MagicStoredTestSet.flattened(paths)
        self.init(store: MagicStoredTestSet(tests), pathTests: pathTests, pathEnds: pathEnds)
    }

    /// The prefilter of compiled database files (several, as libmagic's search path may name;
    /// named rules are looked up across all of them, as libmagic does), read a few entries at
    /// a time; `nil` when one cannot be read or a path has nothing readable.
    init?(files: [CompiledMagicFile]) {
        guard let reading = MagicBinaryRuleReading(files: files) else { return nil }
        self.init(reading)
    }

    /// The prefilter a reading of the databases holds.
    init(_ reading: MagicBinaryRuleReading) {
        self.init(tests: reading.answerTests, paths: reading.answerPaths)
    }

    /// Whether a rule of libmagic's that names a type may match `buffer`, the bytes libmagic is
    /// handed; `false` only when libmagic would answer `application/octet-stream`.
    public func mayName(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard Self.isBinaryForLibmagic(buffer), !Self.mayBeCheckedOutsideRules(buffer) else { return true }
        return store.withEvaluation(buffer) { passes in MagicStoredTestSet.anyPath(tests: pathTests, ends: pathEnds, holds: passes) }
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
