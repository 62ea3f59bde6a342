/// A byte source that reads a file's first bytes once and serves every later read of them from
/// memory, so the signature sniffer, the XML root reader and the magic rules share one `pread`.
final class PrefixCachedSource: ByteSource {
    let source: FileByteSource
    let prefix: [UInt8]

    /// The file's size; for a kernel pseudo-file, which reports 0, what its first read gave (at
    /// most the prefix and one byte more: more than the prefix says the file goes on).
    let size: Int64

    init(_ source: FileByteSource, prefixLength: Int) throws(SniffingError) {
        self.source = source
        let measures = source.pseudoFileSystem != nil
        let wanted = measures ? prefixLength + 1 : Int(min(Int64(prefixLength), max(source.size, 0)))
        var bytes = [UInt8](repeating: 0, count: wanted)
        let count = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SniffingError) in try source.readFully(at: 0, into: buffer) }
        }.get()
        size = measures ? Int64(count) : source.size
        bytes.removeSubrange(min(count, prefixLength)...)
        prefix = bytes
    }

    func read(at offset: Int64, count: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SniffingError) -> Int {
        let wanted = min(count, buffer.count)
        if offset >= 0, offset + Int64(wanted) <= Int64(prefix.count) {
            let start = Int(offset)
            prefix.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<(start + wanted)])) }
            return wanted
        }
        return try source.read(at: offset, count: count, into: buffer)
    }
}
