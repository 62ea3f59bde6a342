import ContentSniffing

/// A ``ByteSource`` over memory that counts what is asked of it, and can answer with short
/// reads (at most `chunk` bytes per call), to pin that the sniffer's reads stay bounded and
/// cope with short reads.
final class CountingByteSource: ByteSource, @unchecked Sendable {
    let bytes: [UInt8]
    let chunk: Int
    /// Bytes handed out in total.
    private(set) var bytesRead = 0
    /// Calls to ``read(at:count:into:)``.
    private(set) var calls = 0

    init(_ bytes: [UInt8], chunk: Int = .max) {
        self.bytes = bytes
        self.chunk = chunk
    }

    var size: Int64 { Int64(bytes.count) }

    func read(at offset: Int64, count: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SniffingError) -> Int {
        calls += 1
        let read = try MemoryByteSource(bytes).read(at: offset, count: Swift.min(count, chunk), into: buffer)
        bytesRead += read
        return read
    }
}
