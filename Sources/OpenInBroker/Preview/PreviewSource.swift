import ContentSniffing

/// Bounded random access to the bytes being previewed: every read is clamped to the file's
/// size and to what is left of the byte budget, so no preview reads more than the budget.
final class PreviewSource {
    /// The total size of the file or buffer.
    let size: Int64
    /// The bytes handed out so far.
    private(set) var bytesRead = 0
    /// The most bytes this source will hand out in total.
    let budget: Int
    private let descriptor: Int32?
    private let memory: [UInt8]
    private let path: String?

    /// A source over an open regular file; the caller keeps the descriptor open while using it.
    init(descriptor: Int32, size: Int64, budget: Int, path: String) {
        self.descriptor = descriptor
        self.size = size
        self.budget = budget
        self.memory = []
        self.path = path
    }

    /// A source over bytes in memory (the budget applies too).
    init(bytes: [UInt8], budget: Int) {
        self.descriptor = nil
        self.size = Int64(bytes.count)
        self.budget = budget
        self.memory = bytes
        self.path = nil
    }

    /// What is left of the budget.
    var remainingBudget: Int { max(0, budget - bytesRead) }

    /// Reads up to `count` bytes at `offset`; fewer (possibly none) at the end of the file or
    /// of the budget, never more.
    func read(at offset: Int64, count: Int) throws(HandOverError) -> PreviewBytes {
        guard offset >= 0, offset < size, count > 0 else { return PreviewBytes([]) }
        let wanted = Int(min(Int64(min(count, remainingBudget)), size - offset))
        guard wanted > 0 else { return PreviewBytes([]) }
        let result: [UInt8]
        if let descriptor {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 8)
            defer { buffer.deallocate() }
            var filled = 0
            while filled < wanted {
                let got: Int
                do throws(HandOverSystemCalls.Failure) {
                    got = try HandOverSystemCalls.pread(
                        descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]),
                        at: offset + Int64(filled))
                } catch {
                    throw HandOverError(
                        .readFailed,
                        reason: "reading for a preview failed (\(error.call): "
                            + HandOverSystemCalls.errorMessage(error.errno) + ")",
                        path: path, errno: error.errno)
                }
                if got == 0 { break }
                filled += got
            }
            result = Array(UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
        } else {
            let start = Int(offset)
            result = Array(memory[start..<(start + wanted)])
        }
        bytesRead += result.count
        return PreviewBytes(result)
    }

    /// Reads from the start of the file.
    func head(_ count: Int) throws(HandOverError) -> PreviewBytes { try read(at: 0, count: count) }
}

/// Bounds-checked reading of integers and tags from a byte buffer; every accessor returns
/// `nil` instead of trapping when the buffer is too short.
struct PreviewBytes {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }
    var isEmpty: Bool { bytes.isEmpty }

    subscript(_ index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    func slice(_ start: Int, _ length: Int) -> ArraySlice<UInt8>? {
        guard start >= 0, length >= 0, start <= bytes.count, length <= bytes.count - start else { return nil }
        return bytes[start..<(start + length)]
    }

    func has(_ prefix: [UInt8], at index: Int = 0) -> Bool {
        guard let part = slice(index, prefix.count) else { return false }
        return part.elementsEqual(prefix)
    }

    func has(_ ascii: String, at index: Int = 0) -> Bool { has(Array(ascii.utf8), at: index) }

    // Integers are read by ContentSniffing's bounds-checked byte reader.
    private func reading<Value>(_ read: (UnsafeRawBufferPointer) -> Value?) -> Value? { bytes.withUnsafeBytes(read) }

    func u16be(_ index: Int) -> Int? { reading { $0.u16be(at: index) }.map(Int.init) }
    func u16le(_ index: Int) -> Int? { reading { $0.u16le(at: index) }.map(Int.init) }
    func u24be(_ index: Int) -> Int? { reading { $0.u24be(at: index) }.map(Int.init) }
    func u24le(_ index: Int) -> Int? { reading { $0.u24le(at: index) }.map(Int.init) }
    func u32be(_ index: Int) -> Int? { reading { $0.u32be(at: index) }.map(Int.init) }
    func u32le(_ index: Int) -> Int? { reading { $0.u32le(at: index) }.map(Int.init) }
    func u64be(_ index: Int) -> UInt64? { reading { $0.u64be(at: index) } }
    func u64le(_ index: Int) -> UInt64? { reading { $0.u64le(at: index) } }

    func u16(_ index: Int, bigEndian: Bool) -> Int? { bigEndian ? u16be(index) : u16le(index) }
    func u32(_ index: Int, bigEndian: Bool) -> Int? { bigEndian ? u32be(index) : u32le(index) }

    /// Four bytes as text, non-printable bytes shown as `?`.
    func fourCC(_ index: Int) -> String? {
        guard let part = slice(index, 4) else { return nil }
        return String(part.map { (0x20...0x7E).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
    }

    /// The first index of `pattern` in `range` (clamped to the buffer).
    func firstIndex(of pattern: [UInt8], from start: Int = 0, to end: Int? = nil) -> Int? {
        guard let first = pattern.first else { return nil }
        let limit = min(end ?? bytes.count, bytes.count) - pattern.count
        var index = max(0, start)
        while index <= limit {
            if bytes[index] == first && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The last index of `pattern` at or before `start`.
    func lastIndex(of pattern: [UInt8], before start: Int? = nil) -> Int? {
        guard let first = pattern.first else { return nil }
        var index = min(start ?? bytes.count, bytes.count - pattern.count)
        while index >= 0 {
            if bytes[index] == first && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index -= 1
        }
        return nil
    }
}

/// Text shown in a preview: control characters other than tab become U+FFFD, so a preview
/// printed to a terminal cannot drive it.
enum PreviewText {
    static func sanitized(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) {
                out.unicodeScalars.append("\u{FFFD}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Bytes decoded as UTF-8 when valid, else as ISO-8859-1, then sanitized.
    static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = String(validating: Array(bytes), as: UTF8.self) { return sanitized(text) }
        return sanitized(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })))
    }
}
