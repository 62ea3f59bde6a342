/// Builds a POSIX ustar archive in memory, optionally with GNU long-name records.
///
/// ```swift
/// var tar = TarArchiveBuilder()
/// tar.add("a.txt", text: "hello")
/// let bytes = tar.build()
/// ```
public struct TarArchiveBuilder: Sendable {
    private var blocks: [UInt8] = []

    /// Creates an empty builder.
    public init() {}

    /// Adds a member. Names over 100 bytes get a GNU `L` record first; `type` is the ustar
    /// type flag (`"0"` file, `"5"` directory).
    public mutating func add(_ name: String, bytes: [UInt8], type: Character = "0") {
        let nameBytes = Array(name.utf8)
        if nameBytes.count > 100 {
            blocks += Self.header(name: "././@LongLink", size: nameBytes.count + 1, type: "L")
            blocks += Self.padded(nameBytes + [0])
        }
        blocks += Self.header(
            name: String(decoding: nameBytes.prefix(100), as: UTF8.self), size: bytes.count, type: type)
        blocks += Self.padded(bytes)
    }

    /// Adds a member holding UTF-8 text.
    public mutating func add(_ name: String, text: String) { add(name, bytes: Array(text.utf8)) }

    /// The archive's bytes, ending with two zero blocks.
    public func build() -> [UInt8] { blocks + ByteFixtures.zeros(1024) }

    /// One 512-byte ustar header with a correct checksum.
    public static func header(name: String, size: Int, type: Character) -> [UInt8] {
        var block = ByteFixtures.zeros(512)
        func put(_ bytes: [UInt8], at offset: Int) {
            for (index, byte) in bytes.enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8) + [0]
        }
        put(Array(name.utf8.prefix(100)), at: 0)
        put(octal(0o644, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(0, width: 12), at: 136)
        put(Array(String(type).utf8), at: 156)
        put(Array("ustar\u{0}00".utf8), at: 257)
        put(Array(repeating: 0x20, count: 8), at: 148)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(octal(sum, width: 7) + [0x20], at: 148)
        return block
    }

    private static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + ByteFixtures.zeros((512 - bytes.count % 512) % 512)
    }
}
