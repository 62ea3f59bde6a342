/// Bounded random access to the bytes of a file or of memory.
///
/// The sniffer reads a prefix and, for containers, a few more ranges through this protocol;
/// it never asks for more than ``SniffingLimits`` allow.
///
/// ```swift
/// let source = try FileByteSource(path: path)
/// let match = try SignatureSniffer().sniff(source)
/// ```
public protocol ByteSource {
    /// The size in bytes, as known when the source was opened. A file may shrink later; reads
    /// past its end then return fewer bytes.
    var size: Int64 { get }

    /// Reads up to `min(count, buffer.count)` bytes starting at `offset` into `buffer` and
    /// returns how many were read: fewer at the end of the data, 0 at or past it.
    ///
    /// An implementation never writes more than that many bytes and may return fewer than
    /// were available (a short read); callers that need more read again.
    ///
    /// - Throws: ``SniffingError`` when the underlying read fails or `offset` is negative.
    func read(at offset: Int64, count: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SniffingError) -> Int
}

extension ByteSource {
    /// Reads until `buffer` is full or the data ends, retrying short reads; returns how many
    /// bytes were read.
    func readFully(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(SniffingError) -> Int {
        var total = 0
        while total < buffer.count {
            let (position, overflow) = offset.addingReportingOverflow(Int64(total))
            if overflow { break }
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[total...])
            let read = try self.read(at: position, count: slice.count, into: slice)
            if read <= 0 { break }
            total += Swift.min(read, slice.count)
        }
        return total
    }
}
