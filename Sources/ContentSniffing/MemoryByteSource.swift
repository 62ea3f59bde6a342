/// A ``ByteSource`` over bytes in memory.
///
/// ```swift
/// let match = try SignatureSniffer().sniff(MemoryByteSource(bytes))
/// ```
public struct MemoryByteSource: ByteSource, Sendable {
    /// The bytes.
    public let bytes: [UInt8]

    /// Creates a source over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The number of bytes.
    public var size: Int64 { Int64(bytes.count) }

    /// Copies up to `min(count, buffer.count)` bytes from `offset`.
    ///
    /// - Throws: ``SniffingError`` with code `.invalidArgument` for a negative offset or count.
    public func read(at offset: Int64, count: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SniffingError) -> Int {
        guard offset >= 0, count >= 0 else {
            throw SniffingError(.invalidArgument, reason: "negative offset or count (\(offset), \(count))")
        }
        guard offset < Int64(bytes.count) else { return 0 }
        let start = Int(offset)
        let length = Swift.min(count, buffer.count, bytes.count - start)
        guard length > 0, let destination = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress {
                destination.copyMemory(from: base + start, byteCount: length)
            }
        }
        return length
    }
}
