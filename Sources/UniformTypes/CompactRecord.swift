/// A compact binary record: numbers as LEB128, strings as a length and UTF-8 bytes, optional
/// strings with a presence byte. The form graph images and catalog snapshot images store
/// declarations and rows in.
///
/// ```swift
/// var writer = CompactRecordWriter()
/// writer.write("public.png")
/// writer.write(42)
/// var reader = CompactRecordReader(writer.bytes)
/// reader.readString()   // "public.png"
/// reader.readInt()      // 42
/// ```
public struct CompactRecordWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty record.
    public init() {}

    /// Appends an integer (any sign).
    public mutating func write(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    /// Appends a string.
    public mutating func write(_ text: String) {
        write(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends raw bytes (for example a nested record).
    public mutating func write(bytes more: [UInt8]) {
        write(more.count)
        bytes.append(contentsOf: more)
    }

    /// Appends a string that may be absent.
    public mutating func write(_ text: String?) {
        if let text {
            bytes.append(1)
            write(text)
        } else {
            bytes.append(0)
        }
    }

    /// Appends a flag.
    public mutating func write(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

    /// Appends a floating-point number, bit for bit.
    public mutating func write(_ value: Double) { write(Int(Int64(bitPattern: value.bitPattern))) }
}

/// Reads a ``CompactRecordWriter`` record in the order it was written. Every read is
/// bounds-checked and returns `nil` when the bytes are truncated or malformed; the reader
/// never reads outside its buffer.
public struct CompactRecordReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The position of the next read.
    public private(set) var position = 0

    /// A reader over memory the caller keeps alive while reading.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position == bytes.count }

    /// Reads one byte.
    public mutating func readByte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// Reads an integer.
    public mutating func readInt() -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let next = readByte() {
            guard shift < 64 else { return nil }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return Int(truncatingIfNeeded: Int64(bitPattern: value)) }
            shift += 7
        }
        return nil
    }

    /// Reads a count of following items: non-negative and no larger than the bytes left (every
    /// item takes at least one byte), so a hostile count cannot make a caller loop or reserve
    /// without bound.
    public mutating func readCount() -> Int? {
        guard let value = readInt(), value >= 0, value <= bytes.count - position else { return nil }
        return value
    }

    /// Reads raw bytes written by ``CompactRecordWriter/write(bytes:)``, in place.
    public mutating func readBytes() -> UnsafeBufferPointer<UInt8>? {
        guard let length = readCount() else { return nil }
        defer { position += length }
        return UnsafeBufferPointer(rebasing: bytes[position..<position + length])
    }

    /// Reads a string.
    public mutating func readString() -> String? {
        readBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads a string that may be absent: `.some(nil)` when absent, `nil` when malformed.
    public mutating func readOptionalString() -> String?? {
        switch readByte() {
        case 0: return .some(nil)
        case 1: return readString().map { .some($0) }
        default: return nil
        }
    }

    /// Reads a flag.
    public mutating func readBool() -> Bool? {
        switch readByte() {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    /// Reads a floating-point number.
    public mutating func readDouble() -> Double? {
        readInt().map { Double(bitPattern: UInt64(bitPattern: Int64($0))) }
    }
}
