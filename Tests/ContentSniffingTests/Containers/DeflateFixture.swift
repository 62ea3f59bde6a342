/// Writes raw DEFLATE data for tests, without a library: stored blocks, and fixed-Huffman
/// blocks with greedy back-references (so that length and distance codes are exercised).
enum DeflateFixture {
    /// `bytes` in one final stored block.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        precondition(bytes.count <= 0xFFFF)
        return [0x01] + [UInt8(bytes.count & 0xFF), UInt8(bytes.count >> 8)]
            + [UInt8(~bytes.count & 0xFF), UInt8((~bytes.count >> 8) & 0xFF)] + bytes
    }

    /// `bytes` in one final fixed-Huffman block, repeats of three or more bytes (within 32 KiB)
    /// written as back-references.
    static func fixed(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writeFixed(bytes, final: true, &writer)
        return writer.bytes
    }

    /// `first` in a fixed-Huffman block, then `second` in a final stored block, which begins
    /// at the byte boundary after the Huffman block's last code.
    static func fixedThenStored(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writeFixed(first, final: false, &writer)
        writer.write(1, count: 1)  // BFINAL
        writer.write(0, count: 2)  // BTYPE = 00, then padding to the byte boundary
        return writer.bytes + stored(second).dropFirst()
    }

    /// One fixed-Huffman block of `bytes`.
    private static func writeFixed(_ bytes: [UInt8], final: Bool, _ writer: inout BitWriter) {
        writer.write(final ? 1 : 0, count: 1)  // BFINAL
        writer.write(1, count: 2)  // BTYPE = 01
        var index = 0
        while index < bytes.count {
            let (length, distance) = longestMatch(bytes, at: index)
            if length >= 3 {
                writeLength(length, &writer)
                let (symbol, extra, extraBits) = code(distance, bases: distanceBases, extras: distanceExtras)
                writer.writeHuffman(symbol, count: 5)
                writer.write(extra, count: extraBits)
                index += length
            } else {
                writeLiteral(Int(bytes[index]), &writer)
                index += 1
            }
        }
        writeLiteral(256, &writer)
    }

    static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227]
    static let lengthExtras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]
    static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtras = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func longestMatch(_ bytes: [UInt8], at index: Int) -> (length: Int, distance: Int) {
        var best = (0, 0)
        var start = max(0, index - 32768)
        while start < index {
            var length = 0
            while length < 258, index + length < bytes.count, bytes[start + length] == bytes[index + length] { length += 1 }
            if length > best.0 { best = (length, index - start) }
            start += 1
        }
        return best
    }

    /// The symbol, extra value and extra bit count of `value` in a base table.
    private static func code(_ value: Int, bases: [Int], extras: [Int]) -> (Int, Int, Int) {
        let index = bases.lastIndex { $0 <= value }!
        return (index, value - bases[index], extras[index])
    }

    private static func writeLength(_ length: Int, _ writer: inout BitWriter) {
        if length == 258 {
            writeLiteral(285, &writer)
            return
        }
        let (index, extra, extraBits) = code(length, bases: lengthBases, extras: lengthExtras)
        writeLiteral(257 + index, &writer)
        writer.write(extra, count: extraBits)
    }

    /// A literal/length symbol in the fixed code.
    private static func writeLiteral(_ symbol: Int, _ writer: inout BitWriter) {
        switch symbol {
        case 0..<144: writer.writeHuffman(0x30 + symbol, count: 8)
        case 144..<256: writer.writeHuffman(0x190 + symbol - 144, count: 9)
        case 256..<280: writer.writeHuffman(symbol - 256, count: 7)
        default: writer.writeHuffman(0xC0 + symbol - 280, count: 8)
        }
    }

    /// Bits packed least significant first, as DEFLATE stores them.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 8

        mutating func write(_ value: Int, count: Int) {
            for bit in 0..<count {
                if used == 8 {
                    bytes.append(0)
                    used = 0
                }
                bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << UInt8(used)
                used += 1
            }
        }

        /// A Huffman code: its bits go most significant first.
        mutating func writeHuffman(_ code: Int, count: Int) {
            for bit in (0..<count).reversed() { write((code >> bit) & 1, count: 1) }
        }
    }
}
