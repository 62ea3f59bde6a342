/// What a signature check sees: the bytes at the start of the file and, when the sniff has a
/// ``ByteSource``, bounded reads beyond them.
///
/// Checks written against a probe work in both of ``SignatureSniffer``'s modes: with only a
/// prefix, ``withBytes(at:count:_:)`` answers from the prefix and hands over fewer bytes (or
/// none) past it; with a source, it reads further within ``SniffingLimits/maxExtraBytes``.
struct Probe {
    /// The bytes at the start of the file: the caller's prefix, or what was read of the source.
    let bytes: UnsafeRawBufferPointer
    /// Whether ``bytes`` is the whole file, so that a structure ending early is truncated data
    /// rather than the edge of the window.
    let isWholeFile: Bool
    /// The file's size, when a source tells it.
    let fileSize: Int64?
    /// The bounds of this sniff.
    let limits: SniffingLimits
    /// Reads beyond ``bytes``; `nil` when sniffing a prefix alone.
    let extra: ExtraReads?

    /// The bytes text heuristics look at: at most ``SniffingLimits/prefixLength``.
    var textWindow: UnsafeRawBufferPointer {
        bytes.count <= limits.prefixLength ? bytes : bytes.slice(from: 0, to: limits.prefixLength)
    }

    /// Whether ``textWindow`` is the whole file.
    var textWindowIsWholeFile: Bool {
        isWholeFile && bytes.count <= limits.prefixLength
    }

    /// The file's size when it is known: told by the source, or the prefix is the whole file.
    var knownSize: Int64? {
        fileSize ?? (isWholeFile ? Int64(bytes.count) : nil)
    }

    /// Whether `offset` is known to lie at or past the end of the file.
    func isPastEnd(_ offset: Int64) -> Bool {
        knownSize.map { offset >= $0 } ?? false
    }

    /// Calls `body` with up to `count` bytes at `offset`: the prefix itself when they lie in
    /// it (no copy), else a copy of what can be read.
    ///
    /// - Throws: ``SniffingError`` only when the source's read fails.
    func withBytes<Result>(at offset: Int64, count: Int, _ body: (UnsafeRawBufferPointer) -> Result) throws(SniffingError) -> Result {
        let prefixCount = Int64(bytes.count)
        if offset >= 0, count >= 0, offset < prefixCount, Int64(count) <= prefixCount - offset {
            let start = Int(offset)
            return body(bytes.slice(from: start, to: start + count))
        }
        return try read(at: offset, count: count).withUnsafeBytes(body)
    }

    /// Up to `count` bytes at `offset` that do not lie wholly in the prefix: from the source
    /// within the remaining budget, or what the prefix holds of them without a source. Fewer
    /// bytes come back past the end of the file or when the budget runs out; never an error for
    /// that.
    private func read(at offset: Int64, count: Int) throws(SniffingError) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var wanted = count
        if let fileSize {
            guard offset < fileSize else { return [] }
            wanted = Int(Swift.min(Int64(wanted), fileSize - offset))
        }
        let prefixCount = Int64(bytes.count)
        if offset < prefixCount, Int64(wanted) <= prefixCount - offset {
            let start = Int(offset)
            return Array(bytes[start..<(start + wanted)])
        }
        guard let extra else {
            return offset < prefixCount ? Array(bytes[Int(offset)...]) : []
        }
        return try extra.read(at: offset, count: wanted)
    }
}

/// The source and the remaining byte budget of one sniff with random access.
final class ExtraReads {
    private let source: any ByteSource
    /// Bytes still allowed.
    private(set) var remaining: Int

    init(source: any ByteSource, budget: Int) {
        self.source = source
        self.remaining = budget
    }

    /// Up to `count` bytes at `offset`, charged to the budget before anything is allocated.
    func read(at offset: Int64, count: Int) throws(SniffingError) -> [UInt8] {
        let wanted = Swift.min(count, remaining)
        guard wanted > 0 else { return [] }
        remaining -= wanted
        var result = [UInt8](repeating: 0, count: wanted)
        var failure: SniffingError?
        let received = result.withUnsafeMutableBytes { buffer -> Int in
            do throws(SniffingError) {
                return try source.readFully(at: offset, into: buffer)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        if received < wanted { result.removeSubrange(received...) }
        return result
    }
}
