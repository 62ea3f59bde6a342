/// The header of an ISO base media box (MP4, QuickTime, HEIF, ...): its type and its length,
/// as the one box reader of the sniffer's box walk and of any reader of such files (previews).
///
/// A box starts with a 32-bit big-endian size and a four-character type; size 1 means a 64-bit
/// size follows (a 16-byte header), size 0 means the box extends to the end of its container.
/// Sizes 2 to 7, and 64-bit sizes below 16 or beyond `Int64`, are malformed.
///
/// ```swift
/// header.withUnsafeBytes { h in
///     guard let box = ISOBoxHeader(h) else { return }  // h: the first 8 or 16 bytes of a box
///     let end = box.length.map { offset + $0 } ?? containerEnd
/// }
/// ```
public struct ISOBoxHeader: Sendable, Equatable {
    /// The box type, its four characters read as a big-endian number (`ftyp` is `0x6674_7970`).
    public var type: UInt32
    /// The box's length including its header; `nil` when it extends to the end of its container.
    public var length: Int64?
    /// The header's length: 8, or 16 with a 64-bit size.
    public var headerLength: Int64

    /// The header at the start of `bytes` (8 bytes, or 16 with a 64-bit size); `nil` when it is
    /// cut short or malformed.
    public init?(_ bytes: UnsafeRawBufferPointer) {
        guard let size32 = bytes.u32be(at: 0), let type = bytes.u32be(at: 4) else { return nil }
        self.type = type
        switch size32 {
        case 0:
            length = nil
            headerLength = 8
        case 1:
            guard let size64 = bytes.u64be(at: 8), size64 >= 16, let length = Int64(exactly: size64) else { return nil }
            self.length = length
            headerLength = 16
        case 2..<8:
            return nil
        default:
            length = Int64(size32)
            headerLength = 8
        }
    }
}
