/// Reads little-endian fields from the front of a buffer, never past its end.
struct LittleEndianFieldReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    mutating func byte() -> UInt8? { take(1)?.first }

    mutating func number<T: FixedWidthInteger>(_: T.Type) -> T? {
        take(MemoryLayout<T>.size).map { T(littleEndian: $0.loadUnaligned(as: T.self)) }
    }
}
