/// Where a ZIP archive's central directory lies, as its end records state it: the one ZIP
/// locator, used by the sniffer's ZIP inspection and by any reader of archives (previews).
///
/// A reader takes the archive's tail (the end record is in the last 22 + 65,535 bytes: its
/// fixed part and the longest comment), finds the record with ``find(in:)``, reads it with
/// ``init(classicRecordIn:at:)`` and, when ``needsZip64`` says so, reads the ZIP64 locator
/// (the 20 bytes before the record) with ``zip64RecordOffset(locator:)`` and the ZIP64 record
/// with ``init(zip64Record:)``. The reader does its own reading, so its byte budget applies.
///
/// ```swift
/// tail.withUnsafeBytes { t in
///     guard let (at, _) = ZipEndOfDirectory.find(in: t), let end = ZipEndOfDirectory(classicRecordIn: t, at: at) else { return }
///     print(end.entries, end.directoryOffset, end.directoryLength)
/// }
/// ```
public struct ZipEndOfDirectory: Sendable, Equatable {
    /// The signature of the classic end record, "PK\5\6".
    public static let signature: UInt32 = 0x0605_4B50
    /// The signature of the ZIP64 end-record locator, "PK\6\7".
    public static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    /// The signature of the ZIP64 end record, "PK\6\6".
    public static let zip64Signature: UInt32 = 0x0606_4B50
    /// The length of the classic record without its comment.
    public static let classicLength = 22
    /// The length of the ZIP64 locator, which comes right before the classic record.
    public static let zip64LocatorLength = 20
    /// The length of the ZIP64 record's fields read here.
    public static let zip64Length = 56

    /// The number of entries the directory holds.
    public var entries: UInt64
    /// The directory's length in bytes.
    public var directoryLength: UInt64
    /// The directory's offset as recorded (data prepended to the archive shifts the real one).
    public var directoryOffset: UInt64

    /// Creates a record's values.
    public init(entries: UInt64, directoryLength: UInt64, directoryOffset: UInt64) {
        self.entries = entries
        self.directoryLength = directoryLength
        self.directoryOffset = directoryOffset
    }

    /// The classic record at `offset` of `tail`; `nil` when it is not one or is cut short.
    public init?(classicRecordIn tail: UnsafeRawBufferPointer, at offset: Int) {
        guard tail.u32le(at: offset) == Self.signature, let entries = tail.u16le(at: offset + 10),
            let length = tail.u32le(at: offset + 12), let directoryOffset = tail.u32le(at: offset + 16)
        else { return nil }
        self.init(entries: UInt64(entries), directoryLength: UInt64(length), directoryOffset: UInt64(directoryOffset))
    }

    /// The ZIP64 record (its first ``zip64Length`` bytes); `nil` when it is not one or is cut short.
    public init?(zip64Record record: UnsafeRawBufferPointer) {
        guard record.u32le(at: 0) == Self.zip64Signature, let entries = record.u64le(at: 32), let length = record.u64le(at: 40),
            let directoryOffset = record.u64le(at: 48)
        else { return nil }
        self.init(entries: entries, directoryLength: length, directoryOffset: directoryOffset)
    }

    /// Whether a classic record defers to the ZIP64 one (a field holds its "see ZIP64" value).
    public var needsZip64: Bool { entries == 0xFFFF || directoryLength == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF }

    /// The ZIP64 record's offset in the file, from the locator's bytes; `nil` when they are not a locator.
    public static func zip64RecordOffset(locator: UnsafeRawBufferPointer) -> UInt64? {
        guard locator.u32le(at: 0) == zip64LocatorSignature else { return nil }
        return locator.u64le(at: 8)
    }

    /// The last classic record in `tail` whose comment reaches exactly to the tail's end, else
    /// the last one at all (`commentReachesEnd` says which); `nil` when there is none.
    public static func find(in tail: UnsafeRawBufferPointer) -> (offset: Int, commentReachesEnd: Bool)? {
        var fallback: Int?
        var offset = tail.count - classicLength
        while offset >= 0 {
            if tail.u32le(at: offset) == signature {
                if let comment = tail.u16le(at: offset + 20), offset + classicLength + Int(comment) == tail.count { return (offset, true) }
                if fallback == nil { fallback = offset }
            }
            offset -= 1
        }
        return fallback.map { ($0, false) }
    }
}
