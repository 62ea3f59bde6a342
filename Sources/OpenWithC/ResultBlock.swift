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
        var total = headerBytes + arrayBytes
        for text in strings { total += text.utf8.count + 1 }
        guard let memory = malloc(max(total, 1)) else { throw CallFailure.outOfMemory }
        base = memory
        cursor = (memory + headerBytes + arrayBytes).assumingMemoryBound(to: CChar.self)
    }

    /// Where the array starts.
    func array(after headerBytes: Int) -> UnsafeMutableRawPointer { base + headerBytes }

    /// Copies a string into the block; its address there.
    mutating func put(_ text: String) -> UnsafePointer<CChar> {
        let start = cursor
        var text = text
        text.withUTF8 { bytes in
            if let source = bytes.baseAddress {
                UnsafeMutableRawPointer(start).copyMemory(from: source, byteCount: bytes.count)
            }
            start[bytes.count] = 0
            cursor = start + bytes.count + 1
        }
        return UnsafePointer(start)
    }
}
