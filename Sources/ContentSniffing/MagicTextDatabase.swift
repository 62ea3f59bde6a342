#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// libmagic's compiled database cut down to the rules that can name text, for bytes already
/// known to be text.
///
/// Policy — a top-level rule (with its continuations) is kept when
/// - one of its lines, or of the named rules it uses, answers with a MIME type, and libmagic
///   marks the rule as a text test (it only runs on text) or that type is a text format: a
///   `text/` or `message/` type, an XML or JSON dialect (`+xml`, `+json`), or one of the few
///   text formats libmagic names outside `text/` and tests as binary (PostScript, X pixmaps,
///   PPD, HP-GL); or
/// - it is a text test that answers with no MIME type (such a match ends libmagic's search at
///   `text/plain`, so it stays to end it there), unless one of its regular expressions repeats
///   something more than 64 times;
///
/// and the named rules (`name`) that the kept rules `use`, directly or through one another.
/// The rules left out test binary formats, whose answers the resolver never takes for text (it
/// keeps libmagic's answer for text only when that is text too). The two text tests left out
/// for their patterns (SAM alignments, awk-or-Perl scripts opening with `BEGIN {`) name no MIME
/// type, and their expressions alone take a megabyte and 1.5 ms to compile, on every text
/// file, in every process.
///
/// On Debian 12's database (file 5.44) the cut keeps 459 of 3,548 rules: 364 KB of 8.3 MB, and a
/// call on text takes about half the time of the whole database's. Over the 7,866 text files of
/// `/usr/share` (their first 2 KiB, as the resolver hands them), the cut and the whole
/// database give the same answer for every one.
///
/// The cut is made only from a database in the layout this build knows: libmagic's compiled
/// format version 18 (file 5.40 and later), 376-byte entries in this machine's byte order. A
/// database in any other layout, or a search path that holds uncompiled rules, is not cut:
/// ``init(searchPath:)`` throws, and the caller loads the whole database instead.
///
/// The database is read in bounded chunks, never mapped or held whole: only the kept rules
/// stay in memory.
final class MagicTextDatabase: @unchecked Sendable {
    /// One cut database per compiled file of the search path, in libmagic's compiled format, as
    /// `magic_load_buffers` takes them. Never written after ``init(searchPath:)``; freed on
    /// deinitialisation, which the sniffer delays until its handles are closed.
    let buffers: [UnsafeMutableRawBufferPointer]
    /// How many top-level rules the cut kept, over all buffers (for tests and reports).
    let keptRuleCount: Int
    /// How many top-level rules the databases held (for tests and reports).
    let ruleCount: Int

    typealias Layout = CompiledMagicFile.Layout

    /// Cuts every compiled database of `searchPath` (libmagic's colon-separated list, as
    /// `magic_getpath` gives it; a component without `.mgc` stands for its compiled form when
    /// that exists, as libmagic loads it).
    ///
    /// - Throws: ``SniffingError`` with code `.magicUnavailable` naming the file and the reason
    ///   when a component cannot be read, is not a compiled database of the known layout, or is
    ///   a rules source holding rules (it would be lost from the cut); `.openFailed` and
    ///   `.readFailed` as ``FileByteSource`` reports them.
    init(searchPath: String) throws(SniffingError) {
        var buffers: [UnsafeMutableRawBufferPointer] = []
        var kept = 0
        var total = 0
        do throws(SniffingError) {
            try Self.forEachCompiledDatabase(searchPath: searchPath) { compiled throws(SniffingError) in
                let cut = try Self.cut(compiled)
                buffers.append(cut.buffer)
                kept += cut.kept
                total += cut.total
            }
        } catch {
            for buffer in buffers { buffer.deallocate() }
            throw error
        }
        guard !buffers.isEmpty else {
            throw SniffingError(.magicUnavailable, path: searchPath, reason: "no compiled magic database on the search path")
        }
        self.buffers = buffers
        self.keptRuleCount = kept
        self.ruleCount = total
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// Text formats that libmagic names with a type outside `text/` and tests as binary (their
    /// rules also look at bytes a text test does not): PostScript, X pixmaps, PPD printer
    /// descriptions and HP-GL plots.
    static let textFormatsOutsideText: [StaticString] = [
        "application/postscript", "image/x-xpixmap", "application/vnd.cups-ppd", "application/vnd.hp-HPGL",
    ]

    /// Whether `mime` (the bytes of a rule's MIME field up to its NUL) names a text format: a
    /// `text/` or `message/` type, an XML or JSON dialect, or one of
    /// ``textFormatsOutsideText``.
    static func namesText(_ mime: UnsafeRawBufferPointer) -> Bool {
        func hasPrefix(_ text: StaticString) -> Bool {
            text.withUTF8Buffer { p in mime.count >= p.count && mime.prefix(p.count).elementsEqual(p) }
        }
        func hasSuffix(_ text: StaticString) -> Bool {
            text.withUTF8Buffer { p in mime.count >= p.count && mime.suffix(p.count).elementsEqual(p) }
        }
        return hasPrefix("text/") || hasPrefix("message/") || hasSuffix("+xml") || hasSuffix("+json")
            || textFormatsOutsideText.contains { name in name.withUTF8Buffer { mime.elementsEqual($0) } }
    }

    /// Whether a regular expression repeats something more than 64 times (`{n,m}` or `{n}`):
    /// the C library's compiler unrolls the repetition, and such a pattern takes up to a
    /// megabyte and a millisecond to compile.
    static func hasCostlyRepetition(_ pattern: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < pattern.count {
            defer { index += 1 }
            guard pattern[index] == UInt8(ascii: "{"), index == 0 || pattern[index - 1] != UInt8(ascii: "\\") else { continue }
            var bound = 0
            var cursor = index + 1
            while cursor < pattern.count, pattern[cursor] == UInt8(ascii: ",") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(pattern[cursor]) {
                if pattern[cursor] == UInt8(ascii: ",") {
                    bound = 0
                } else {
                    bound = Swift.min(bound * 10 + Int(pattern[cursor] - UInt8(ascii: "0")), 1_000_000)
                }
                if bound > 64 { return true }
                cursor += 1
            }
        }
        return false
    }

    /// The cut of one compiled database: the named rules first, for what each answers through
    /// the rules it uses in turn; then the rules libmagic runs, each kept or left out whole (see
    /// the policy above); then only the kept entries, read into one buffer of the exact size.
    private static func cut(_ path: String) throws(SniffingError) -> (buffer: UnsafeMutableRawBufferPointer, kept: Int, total: Int) {
        let file = try CompiledMagicFile(path: path)
        var named = try file.namedRules()
        let byName = Dictionary(named.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var changed = true
        while changed {
            changed = false
            for index in named.indices {
                for use in named[index].uses {
                    guard let used = byName[use] else { continue }
                    if named[used].answers, !named[index].answers { named[index].answers = true; changed = true }
                    if named[used].answersText, !named[index].answersText { named[index].answersText = true; changed = true }
                }
            }
        }

        let main = try file.mainRules()
        var keptRanges: [Range<Int>] = []
        var keptRules = 0
        var pending: [[UInt8]] = []
        for rule in main {
            let used = rule.uses.compactMap { byName[$0] }.map { named[$0] }
            let answers = rule.answers || used.contains { $0.answers }
            let answersText = rule.answersText || used.contains { $0.answersText }
            guard answers ? rule.textTest || answersText : rule.textTest && !rule.costlyPattern else { continue }
            if let last = keptRanges.last, last.upperBound == rule.entries.lowerBound {
                keptRanges[keptRanges.count - 1] = last.lowerBound..<rule.entries.upperBound
            } else {
                keptRanges.append(rule.entries)
            }
            pending.append(contentsOf: rule.uses)
            keptRules += 1
        }

        // The named rules the kept rules use, directly or through one another.
        var needed = Set<[UInt8]>()
        while let name = pending.popLast() {
            guard needed.insert(name).inserted, let at = byName[name] else { continue }
            pending.append(contentsOf: named[at].uses)
        }
        let namedRanges = named.filter { needed.contains($0.name) }.map(\.entries)
        let keptMain = keptRanges.reduce(0) { $0 + $1.count }
        let keptNamed = namedRanges.reduce(0) { $0 + $1.count }

        // The header, then the kept entries of each set, read straight into place.
        let buffer = MagicRuleSubset.allocate(mainEntries: keptMain, namedEntries: keptNamed)
        do throws(SniffingError) {
            try file.copyEntries(keptRanges + namedRanges, into: UnsafeMutableRawBufferPointer(rebasing: buffer[Layout.entrySize...]))
        } catch {
            buffer.deallocate()
            throw error
        }
        return (buffer, keptRules, main.count)
    }

    /// Calls `body` with each compiled database of `searchPath` (libmagic's colon-separated
    /// list), in order: a component without `.mgc` stands for its compiled form when that
    /// exists, as libmagic loads it; a component with no compiled form must hold no rules
    /// (``requireNoRules(_:)``).
    static func forEachCompiledDatabase(
        searchPath: String, _ body: (String) throws(SniffingError) -> Void
    ) throws(SniffingError) {
        for component in searchPath.split(separator: ":").map(String.init) where !component.isEmpty {
            let compiled = component.hasSuffix(".mgc") ? component : component + ".mgc"
            if isRegularFile(compiled) {
                try body(compiled)
            } else {
                try requireNoRules(component)
            }
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return PathBytes.withCString(path) { stat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// A component with no compiled form: missing is fine (libmagic skips it too), a rules
    /// source with nothing but comments and blank lines (Debian's `/etc/magic`) is fine; rules,
    /// a folder of rules or anything unreadable is not.
    private static func requireNoRules(_ path: String) throws(SniffingError) {
        var status = stat()
        guard PathBytes.withCString(path, { stat($0, &status) }) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= 64 * 1024 else {
            throw SniffingError(.magicUnavailable, path: path, reason: "holds uncompiled magic rules, which a cut database would leave out")
        }
        let source = try FileByteSource(path: path, followingSymlinks: true)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(status.st_size) + 1, alignment: 1)
        defer { buffer.deallocate() }
        let count = try source.readFully(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(status.st_size)]))
        var atLineStart = true
        var inComment = false
        for byte in buffer[..<count] {
            switch byte {
            case UInt8(ascii: "\n"):
                atLineStart = true
                inComment = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "#") where atLineStart:
                inComment = true
                atLineStart = false
            default:
                if !inComment {
                    throw SniffingError(.magicUnavailable, path: path, reason: "holds uncompiled magic rules, which a cut database would leave out")
                }
                atLineStart = false
            }
        }
    }
}
