@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing

/// The bounded DEFLATE decoder: known streams, every block type, its caps, and hostile input.
@Suite("Inflater: bounded DEFLATE decoding")
struct InflaterTests {
    /// Inflates `input` into at most `capacity` bytes.
    static func inflate(_ input: [UInt8], capacity: Int = 4096) -> (bytes: [UInt8], outcome: Inflater.Outcome) {
        var output = [UInt8](repeating: 0, count: capacity)
        let (count, outcome) = input.withUnsafeBytes { i in output.withUnsafeMutableBytes { Inflater.inflate(i, into: $0) } }
        return (Array(output[..<count]), outcome)
    }

    static let text = Array(
        """
        <?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"/></Types>
        """.utf8)

    /// `text` as zlib's raw deflate at level 9 writes it: one dynamic-Huffman block.
    static let dynamicBlock: [UInt8] = [
        0x95, 0x90, 0xBD, 0x52, 0xC3, 0x40, 0x0C, 0x84, 0x5F, 0xE5, 0xE6, 0x5A, 0x26, 0x27, 0x43, 0x41, 0xC1, 0xD8, 0x4E, 0x11,
        0x68, 0x81, 0x82, 0x17, 0xD0, 0x9C, 0x65, 0xFB, 0x86, 0xFB, 0x9B, 0x93, 0x12, 0xC2, 0xDB, 0x23, 0x27, 0x40, 0x41, 0x47,
        0x29, 0xED, 0x6A, 0xBF, 0x1D, 0xF5, 0xFB, 0x73, 0x8A, 0xE6, 0x44, 0x8D, 0x43, 0xC9, 0x83, 0xBD, 0x75, 0x9D, 0xDD, 0x8F,
        0xFD, 0xDB, 0x67, 0x25, 0x36, 0xAA, 0x64, 0x1E, 0xEC, 0x2A, 0x52, 0x1F, 0x00, 0xD8, 0xAF, 0x94, 0x90, 0x5D, 0xA9, 0x94,
        0x55, 0x99, 0x4B, 0x4B, 0x28, 0x3A, 0xB6, 0x05, 0x2A, 0xFA, 0x77, 0x5C, 0x08, 0xEE, 0xBA, 0xEE, 0x1E, 0x7C, 0xC9, 0x42,
        0x59, 0x76, 0xB2, 0x65, 0xD8, 0xB1, 0x7F, 0xA4, 0x19, 0x8F, 0x51, 0xCC, 0xD3, 0x59, 0xD7, 0x57, 0x4A, 0xA3, 0xC8, 0xD6,
        0x1C, 0xAE, 0xC6, 0x8D, 0x35, 0x58, 0xAC, 0x35, 0x06, 0x8F, 0xA2, 0x3A, 0x9C, 0xF2, 0xF4, 0x87, 0xB2, 0xFB, 0x26, 0x38,
        0xBD, 0xBC, 0x78, 0x78, 0x0D, 0x95, 0x6F, 0xD4, 0x60, 0x61, 0xEC, 0x5F, 0xB4, 0x7E, 0x0B, 0x13, 0x99, 0x57, 0x6C, 0xF2,
        0x8C, 0x49, 0xE3, 0xE0, 0xA3, 0xB4, 0x09, 0xA6, 0xE2, 0x8F, 0x49, 0x11, 0x6E, 0x33, 0xFE, 0x8B, 0x57, 0xE6, 0x39, 0x78,
        0xFA, 0xBD, 0xDF, 0xD2, 0x6A, 0x2B, 0x9E, 0x98, 0x43, 0x5E, 0x52, 0x74, 0x42, 0xA9, 0x6A, 0x13, 0x72, 0x09, 0x43, 0xFE,
        0xE9, 0x01, 0x97, 0xB7, 0x8D, 0x5F,
    ]

    @Test("a dynamic-Huffman block decodes to its text")
    func dynamic() {
        let (bytes, outcome) = Self.inflate(Self.dynamicBlock)
        #expect(outcome == .finished)
        #expect(bytes == Self.text)
    }

    @Test("a fixed-Huffman block with back-references decodes to its text")
    func fixed() {
        let input = Self.text + Self.text + Array("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8)
        let compressed = DeflateFixture.fixed(input)
        #expect(compressed.count < input.count / 2)  // the repeats really are back-references
        let (bytes, outcome) = Self.inflate(compressed)
        #expect(outcome == .finished)
        #expect(bytes == input)
    }

    @Test("a stored block decodes to its bytes")
    func stored() {
        let payload = ByteFixtures.pseudoRandom(count: 700, seed: 9)
        let (bytes, outcome) = Self.inflate(DeflateFixture.stored(payload))
        #expect(outcome == .finished)
        #expect(bytes == payload)
    }

    @Test("a stored block after a Huffman block starts at the next byte boundary, however many bytes were read ahead")
    func storedAfterHuffman() {
        let first = Array("a Huffman-coded block long enough that the decoder reads ahead".utf8)
        let second = ByteFixtures.pseudoRandom(count: 300, seed: 4)
        let (bytes, outcome) = Self.inflate(DeflateFixture.fixedThenStored(first, second))
        #expect(outcome == .finished)
        #expect(bytes == first + second)
    }

    @Test("output stops at the buffer's end, and what was produced is a correct prefix")
    func outputCap() {
        let (bytes, outcome) = Self.inflate(Self.dynamicBlock, capacity: 100)
        #expect(outcome == .outputFull)
        #expect(bytes == Array(Self.text.prefix(100)))
        let (empty, emptyOutcome) = Self.inflate(Self.dynamicBlock, capacity: 0)
        #expect(empty.isEmpty && emptyOutcome == .outputFull)
    }

    @Test("input that ends early stops with what it produced")
    func truncatedInput() {
        let (bytes, outcome) = Self.inflate(Array(Self.dynamicBlock.prefix(120)))
        #expect(outcome == .inputExhausted)
        #expect(!bytes.isEmpty && bytes == Array(Self.text.prefix(bytes.count)))
        #expect(Self.inflate([]).outcome == .inputExhausted)
    }

    @Test("invalid data ends decoding: reserved block type, bad stored length, a distance before the start")
    func invalid() {
        #expect(Self.inflate([0x07]).outcome == .invalid)  // BFINAL, BTYPE = 11
        #expect(Self.inflate([0x01, 0x05, 0x00, 0x00, 0x00]).outcome == .invalid)  // LEN and NLEN disagree
        // Fixed block: length 3 at distance 1 with nothing produced yet.
        var writer = DeflateFixture.BitWriter()
        writer.write(1, count: 1)
        writer.write(1, count: 2)
        writer.writeHuffman(1, count: 7)  // symbol 257: length 3
        writer.writeHuffman(0, count: 5)  // distance 1
        #expect(Self.inflate(writer.bytes).outcome == .invalid)
    }

    @Test("random bytes never crash, and never produce more than the buffer holds")
    func hostile() {
        var random = SplitMix(seed: 0xDEF1A7E)
        for round in 0..<3000 {
            let count = Int(random.next() % 600)
            var input = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if round % 3 == 0, !input.isEmpty { input[0] = input[0] & 0xF9 | 0x04 }  // dynamic blocks, more often
            let capacity = Int(random.next() % 2048)
            let (bytes, _) = Self.inflate(input, capacity: capacity)
            #expect(bytes.count <= capacity)
        }
    }

    /// `bytes` compressed by the system's `gzip -9` (an encoder independent of this code), as
    /// raw DEFLATE: the 10-byte header (no name: `-n`) and the 8-byte trailer taken off.
    static func deflatedByGzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = TemporaryDirectory("inflater-gzip")
        try Data(bytes).write(to: folder.url("input"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-9", "-n", "-c", folder.path("input")]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let gzip = [UInt8](data)
        #expect(process.terminationStatus == 0 && gzip.count > 18 && gzip[3] == 0)
        return Array(gzip.dropFirst(10).dropLast(8))
    }

    /// Inputs for gzip: bytes whose rare values get 10- to 15-bit codes, text, a long run, one byte.
    enum GzipInput: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case skewedBytes, text, oneByteRepeated, oneByte
        var testDescription: String { rawValue }
        var bytes: [UInt8] {
            switch self {
            case .skewedBytes: InflaterTests.skewed(count: 150_000, seed: 3)
            case .text: ByteFixtures.text(count: 60_000, seed: 11)
            case .oneByteRepeated: [UInt8](repeating: 0x41, count: 40_000)
            case .oneByte: [0x0A]
            }
        }
    }

    @Test(
        "streams written by gzip -9 decode to their bytes: codes longer than the fast table's, many blocks, long runs",
        arguments: GzipInput.allCases)
    func gzipStreams(input: GzipInput) throws {
        let bytes = input.bytes
        let deflated = try Self.deflatedByGzip(bytes)
        let (inflated, outcome) = Self.inflate(deflated, capacity: bytes.count + 16)
        #expect(outcome == .finished)
        let difference = zip(inflated, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(inflated.count == bytes.count && difference == nil, "\(inflated.count) of \(bytes.count) bytes, first difference at \(difference ?? -1)")
        // Stopped early, at a place inside a block: a correct prefix.
        let (prefix, prefixOutcome) = Self.inflate(deflated, capacity: 265)
        #expect(prefix == Array(bytes.prefix(265)))
        #expect(prefixOutcome == (bytes.count > 265 ? .outputFull : .finished))
    }

    /// Bytes where value `k` is about 0.96^k times as frequent as 0, so that a Huffman code
    /// for them spans every length up to DEFLATE's 15 bits.
    static func skewed(count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in
            let uniform = Double(random.next() >> 11) / Double(1 << 53)
            return UInt8(min(255, Int(log(1 - uniform) / log(0.96))))
        }
    }

    /// A small deterministic generator.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
