import Glibc

/// One `malloc` block holding a result record, its arrays and all its strings, so the caller
/// frees a result with one `free`.
///
/// Layout: the record at the start, then `arrayBytes` for its array (aligned as the record is),
/// then the strings, each NUL-terminated.
struct ResultBlock {
    let base: UnsafeMutableRawPointer
    private var cursor: UnsafeMutablePointer<CChar>

    /// Allocates room for a record of `headerBytes`, an array of `arrayBytes` and `strings`.
    init(headerBytes: Int, arrayBytes: Int = 0, strings: some Sequence<String>) throws(CallFailure) {
        var stringBytes = 0
        for text in strings { stringBytes += Self.room(for: text) }
        try self.init(headerBytes: headerBytes, arrayBytes: arrayBytes, stringBytes: stringBytes)
    }

    /// Allocates room for a record of `headerBytes`, an array of `arrayBytes` and strings taking
    /// `stringBytes` in all (each one's ``room(for:)``).
    init(headerBytes: Int, arrayBytes: Int, stringBytes: Int) throws(CallFailure) {
        let total = headerBytes + arrayBytes + stringBytes
        guard let memory = malloc(max(total, 1)) else { throw CallFailure.outOfMemory }
        base = memory
        cursor = (memory + headerBytes + arrayBytes).assumingMemoryBound(to: CChar.self)
    }

    /// The bytes a string takes in the block: its UTF-8 and a NUL.
    static func room(for text: String) -> Int { text.utf8.count + 1 }

    /// Where the array starts.
    func array(after headerBytes: Int) -> UnsafeMutableRawPointer { base + headerBytes }

    /// Copies a string into the block; its address there.
    mutating func put(_ text: String) -> UnsafePointer<CChar> {
        let start = cursor
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress {
                UnsafeMutableRawPointer(start).copyMemory(from: source, byteCount: bytes.count)
            }
            return bytes.count
        } ?? {
            var index = 0
            for byte in text.utf8 {
                start[index] = CChar(bitPattern: byte)
                index += 1
            }
            return index
        }()
        start[copied] = 0
        cursor = start + copied + 1
        return UnsafePointer(start)
    }

    /// Copies NUL-terminated strings laid end to end into the block; the first one's address.
    mutating func put(terminatedStrings bytes: [UInt8]) -> UnsafePointer<CChar> {
        let start = cursor
        bytes.withUnsafeBytes { source in
            if let address = source.baseAddress { UnsafeMutableRawPointer(start).copyMemory(from: address, byteCount: source.count) }
        }
        cursor = start + bytes.count
        return UnsafePointer(start)
    }
}
