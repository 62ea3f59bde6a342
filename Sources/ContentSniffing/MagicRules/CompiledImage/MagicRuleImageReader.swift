/// Reads the sections of a compiled rule image in order, never past its end: a count or a value
/// that would read past it is a ``SniffingError`` naming the section.
struct MagicRuleImageReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    /// The section being read, for errors.
    var section = "header"

    /// A reader at the start of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The error for the section being read.
    func failure(_ reason: String) -> SniffingError {
        SniffingError(.malformedRuleImage, reason: "\(section): \(reason)")
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(SniffingError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else {
            throw failure("\(count) bytes at offset \(offset) run past the image's end (\(bytes.count) bytes)")
        }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// Skips the zeros that bring the offset to a multiple of eight bytes from the image's start.
    mutating func skipToMultipleOfEight() throws(SniffingError) {
        let padding = try take((8 - offset % 8) % 8)
        guard padding.allSatisfy({ $0 == 0 }) else { throw failure("padding at offset \(offset - padding.count) is not zeros") }
    }

    /// The next 32-bit value.
    mutating func uint32() throws(SniffingError) -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }

    /// The next signed 32-bit value.
    mutating func int32() throws(SniffingError) -> Int32 { Int32(bitPattern: try uint32()) }

    /// The next 32-bit value as an `Int`.
    mutating func int() throws(SniffingError) -> Int { Int(try int32()) }

    /// The next 64-bit value.
    mutating func uint64() throws(SniffingError) -> UInt64 {
        UInt64(littleEndian: try take(8).loadUnaligned(as: UInt64.self))
    }

    /// The next `count` records of `size` bytes each, in place: read their fields with
    /// ``field(_:of:size:in:)``, with no check per field.
    mutating func records(_ count: Int, size: Int) throws(SniffingError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= (bytes.count - offset) / Swift.max(size, 1) else {
            throw failure("\(count) records of \(size) bytes at offset \(offset) run past the image's end (\(bytes.count) bytes)")
        }
        return try take(count * size)
    }

    /// The signed 32-bit field `field` of record `record` in `records` (records of `size`
    /// bytes, as ``records(_:size:)`` returned them).
    @inline(__always)
    static func field(_ field: Int, of record: Int, size: Int, in records: UnsafeRawBufferPointer) -> Int32 {
        Int32(littleEndian: records.loadUnaligned(fromByteOffset: record * size + field * 4, as: Int32.self))
    }

    /// A count, which must leave room for at least `minimumElementSize` bytes per element.
    mutating func count(minimumElementSize: Int) throws(SniffingError) -> Int {
        let count = try int()
        guard count >= 0, count <= (bytes.count - offset) / Swift.max(minimumElementSize, 1) else {
            throw failure("count \(count) does not fit in the \(bytes.count - offset) bytes left")
        }
        return count
    }

    /// A section of 32-bit values: in place when the image is `permanent` (see
    /// ``MagicTable``), else copied.
    mutating func int32Table(_ name: String, permanent: Bool) throws(SniffingError) -> MagicTable<Int32> {
        section = name
        let count = try count(minimumElementSize: 4)
        let raw = try take(count * 4)
        return try MagicTable(records: raw, count: count, recordSize: 4, permanent: permanent) { records, index in
            Self.field(0, of: index, size: 4, in: records)
        }
    }

    /// A section of raw bytes: in place when the image is `permanent` (see ``MagicTable``),
    /// else copied.
    mutating func byteTable(_ name: String, permanent: Bool) throws(SniffingError) -> MagicTable<UInt8> {
        let raw = try bytes(name)
        return try MagicTable(records: raw, count: raw.count, recordSize: 1, permanent: permanent) { records, index in records[index] }
    }

    /// A section of raw bytes, in place, and the zero to three bytes after it that bring the
    /// next section to a multiple of four bytes from the image's start.
    mutating func bytes(_ name: String) throws(SniffingError) -> UnsafeRawBufferPointer {
        section = name
        let bytes = try take(try count(minimumElementSize: 1))
        _ = try take((4 - bytes.count % 4) % 4)
        return bytes
    }
}
