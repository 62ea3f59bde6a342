#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystemCalls

/// The prefilter kept beside its cut in the cache folder, so that a process reads a few
/// kilobytes of words instead of the whole cut: reading the cut's 966 entries and the words of
/// its regular expressions costs half a millisecond and a few hundred kilobytes.
///
/// The file: `OWTP`, a format version byte, the identity of the cut it was read from (device,
/// inode, size, modification time in seconds and nanoseconds: five 64-bit numbers; a file whose
/// cut has changed since is read again from the cut), the number of paths (32-bit) and the
/// paths, each as its clauses; then the cut's entry counts (rules run, named rules) and the
/// number of gates (32-bit each), and per gate its first entry and entry count (32-bit each)
/// and its clauses (the gates cover the rules run, in order, or there are none). Clauses: their
/// number (16-bit; at least one for a path), per clause the number of words (16-bit, at least
/// one); per word a flag byte (bit 0: at a line start, bit 1: case ignored, bit 2: a last
/// offset follows), the first offset, the last offset when flagged (32-bit each), the length
/// (16-bit) and the bytes. Numbers are little-endian. A file that breaks any of this, or holds
/// more, is refused.
extension MagicTextPrefilter {
    static let fileMagic: [UInt8] = Array("OWTP".utf8)
    static let fileVersion: UInt8 = 3
    /// The largest prefilter file read.
    static let maximumFileSize = 1 << 20

    /// The name of the prefilter file of the cut named `cutName`.
    static func cacheName(ofCut cutName: String) -> String {
        (cutName.hasSuffix(".mgc") ? String(cutName.dropLast(4)) : cutName) + ".words"
    }

    /// The prefilter in the file format above, for the cut of identity `cut`.
    func serialized(cut: [UInt64]) -> [UInt8] {
        var bytes = Self.fileMagic + [Self.fileVersion]
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append(clauses: [[Word]]) {
            append(UInt16(clauses.count))
            for clause in clauses {
                append(UInt16(clause.count))
                for word in clause {
                    bytes.append((word.atLineStart ? 1 : 0) | (word.ignoresCase ? 2 : 0) | (word.highest != nil ? 4 : 0))
                    append(UInt32(word.lowest))
                    if let highest = word.highest { append(UInt32(highest)) }
                    append(UInt16(word.bytes.count))
                    bytes += word.bytes
                }
            }
        }
        for number in cut { append(number) }
        append(UInt32(paths.count))
        for path in paths { append(clauses: path) }
        append(UInt32(mainEntryCount))
        append(UInt32(namedEntryCount))
        append(UInt32(gates.count))
        for gate in gates {
            append(UInt32(gate.entries.lowerBound))
            append(UInt32(gate.entries.count))
            append(clauses: gate.clauses)
        }
        return bytes
    }

    /// The prefilter a file holds, when it was read from the cut of identity `cut`; `nil` when
    /// the bytes are not exactly one prefilter file of that cut.
    init?(serialized bytes: UnsafeRawBufferPointer, cut: [UInt64]) {
        var reader = LittleEndianFieldReader(bytes: bytes)
        func clauses(atLeast least: Int) -> [[Word]]? {
            guard let clauseCount = reader.number(UInt16.self), clauseCount >= least else { return nil }
            var clauses: [[Word]] = []
            for _ in 0..<clauseCount {
                guard let wordCount = reader.number(UInt16.self), wordCount > 0 else { return nil }
                var clause: [Word] = []
                for _ in 0..<wordCount {
                    guard let flags = reader.byte(), flags & ~7 == 0, let lowest = reader.number(UInt32.self) else { return nil }
                    var highest: Int? = nil
                    if flags & 4 != 0 {
                        guard let last = reader.number(UInt32.self), last >= lowest else { return nil }
                        highest = Int(last)
                    }
                    guard let length = reader.number(UInt16.self), length > 0, let word = reader.take(Int(length)) else { return nil }
                    clause.append(Word(bytes: Array(word), atLineStart: flags & 1 != 0, ignoresCase: flags & 2 != 0, lowest: Int(lowest), highest: highest))
                }
                clauses.append(clause)
            }
            return clauses
        }
        guard reader.take(4).map(Array.init) == Self.fileMagic, reader.byte() == Self.fileVersion,
            cut.allSatisfy({ reader.number(UInt64.self) == $0 }), let pathCount = reader.number(UInt32.self), Int(pathCount) <= bytes.count
        else { return nil }
        var paths: [[[Word]]] = []
        for _ in 0..<pathCount {
            guard let path = clauses(atLeast: 1) else { return nil }
            paths.append(path)
        }
        guard let mainCount = reader.number(UInt32.self), let namedCount = reader.number(UInt32.self),
            let gateCount = reader.number(UInt32.self), gateCount <= mainCount
        else { return nil }
        var gates: [RuleGate] = []
        for _ in 0..<gateCount {
            guard let first = reader.number(UInt32.self), first == gates.last?.entries.upperBound ?? 0,
                let count = reader.number(UInt32.self), count > 0, UInt64(first) + UInt64(count) <= UInt64(mainCount),
                let gateClauses = clauses(atLeast: 0)
            else { return nil }
            gates.append(RuleGate(entries: Int(first)..<(Int(first) + Int(count)), clauses: gateClauses))
        }
        guard reader.isAtEnd, gates.isEmpty || gates.last?.entries.upperBound == Int(mainCount) else { return nil }
        self.init(paths: paths, gates: gates, mainEntryCount: Int(mainCount), namedEntryCount: Int(namedCount))
    }

    /// The prefilter of the cached cut at `cutPath`: from its words file when that is one this
    /// user may trust (``MagicTextDatabase/isTrustedCache(_:)``) and whole, else read from the
    /// cut and its words file written anew (a cache that cannot be written is no error).
    static func cached(cutPath: String) -> MagicTextPrefilter? {
        let wordsPath = cacheName(ofCut: cutPath)
        guard let cut = identity(of: cutPath) else { return nil }
        if let prefilter = MagicTextDatabase.readTrustedCache(wordsPath, maximumSize: maximumFileSize, { MagicTextPrefilter(serialized: $0, cut: cut) }) {
            return prefilter
        }
        guard let prefilter = (try? CompiledMagicFile(path: cutPath)).flatMap(MagicTextPrefilter.init(file:)) else { return nil }
        _ = prefilter.write(to: wordsPath, cut: cut)
        return prefilter
    }

    /// Writes the prefilter's file for the cut at `cutPath` beside it, atomically; whether it
    /// was written.
    @discardableResult
    func write(besideCut cutPath: String) -> Bool {
        guard let cut = Self.identity(of: cutPath) else { return false }
        return write(to: Self.cacheName(ofCut: cutPath), cut: cut)
    }

    private func write(to path: String, cut: [UInt64]) -> Bool {
        let bytes = serialized(cut: cut)
        return (try? bytes.withUnsafeBytes { try AtomicFileWrite.write($0, to: path) }) != nil
    }

    /// A file's device, inode, size and modification time (seconds, nanoseconds); `nil` when it
    /// cannot be looked at.
    static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard PathBytes.withCString(path, { lstat($0, &status) }) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size), UInt64(bitPattern: Int64(status.st_mtim.tv_sec)),
            UInt64(bitPattern: Int64(status.st_mtim.tv_nsec))]
    }
}
