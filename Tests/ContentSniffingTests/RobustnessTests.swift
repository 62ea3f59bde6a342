import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Truncated, mutated and random input: never a crash, never an unbounded read.
@Suite("Robustness: truncation and fuzzing")
struct RobustnessTests {
    let sniffer = SignatureSniffer()

    /// The prefix lengths tried for a fixture: every length up to 600, then a spread.
    static func lengths(_ count: Int) -> [Int] {
        let dense = Array(0...Swift.min(count, 600))
        let sparse = stride(from: 601, to: count, by: 211).map { $0 }
        return dense + sparse
    }

    @Test("every prefix of every fixture sniffs without crashing, in both modes", arguments: SignatureCases.all)
    func everyPrefix(_ row: SignatureCase) throws {
        for length in Self.lengths(row.bytes.count) {
            let cut = Array(row.bytes[..<length])
            let fromPrefix = cut.withUnsafeBytes { sniffer.sniff(prefix: $0) }
            let source = CountingByteSource(cut)
            let fromSource = try sniffer.sniff(source)
            #expect(source.bytesRead <= sniffer.limits.prefixLength + sniffer.limits.maxExtraBytes)
            if length == 0 {
                #expect(fromPrefix == nil && fromSource == nil)
            }
        }
    }

    @Test("a truncated PNG signature is not PNG")
    func truncatedPNG() throws {
        let png = SignatureCases.images[0].bytes
        for length in 1..<8 {
            let cut = Array(png[..<length])
            #expect(cut.withUnsafeBytes { sniffer.sniff(prefix: $0) }?.identifier != "public.png")
            #expect(try sniffer.sniff(MemoryByteSource(cut))?.identifier != "public.png")
        }
        #expect(Array(png[..<8]).withUnsafeBytes { sniffer.sniff(prefix: $0) }?.identifier == "public.png")
    }

    @Test("other truncated headers are not their format")
    func truncatedHeaders() {
        let cases: [(TypeIdentifier, [UInt8])] = [
            ("com.compuserve.gif", Array("GIF8".utf8)),
            ("org.7-zip.7-zip-archive", [0x37, 0x7A, 0xBC, 0xAF]),
            ("public.tar-archive", Array(SignatureCases.v7Tar[..<511])),
            ("com.microsoft.windows-executable", Array("MZ".utf8)),
            ("public.mp3", Array(SignatureCases.mp3Frame[..<416])),
        ]
        for (type, bytes) in cases {
            #expect(bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }?.identifier != type, "\(type)")
        }
    }

    @Test("random and mutated bytes: no crash, reads within the limits (about two seconds)")
    func fuzz() throws {
        var random = SplitMix64(seed: 0x5EED_C0DE)
        let limits = SniffingLimits(prefixLength: 4096, maxExtraBytes: 64 * 1024)
        let sniffer = SignatureSniffer(limits: limits)
        let bound = limits.prefixLength + limits.maxExtraBytes
        let fixtures = SignatureCases.all.map(\.bytes)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(2))
        var iterations = 0
        var matched = 0
        while clock.now < deadline {
            iterations += 1
            var bytes: [UInt8]
            if iterations % 4 == 0 {
                bytes = ByteFixtures.pseudoRandom(count: Int(random.next() % 9000), seed: random.next())
            } else {
                bytes = fixtures[Int(random.next() % UInt64(fixtures.count))]
                Self.mutate(&bytes, using: &random)
            }
            if bytes.withUnsafeBytes({ sniffer.sniff(prefix: $0) }) != nil { matched += 1 }
            let source = CountingByteSource(bytes, chunk: iterations % 3 == 0 ? 7 : .max)
            _ = try sniffer.sniff(source)
            #expect(source.bytesRead <= bound, "read \(source.bytesRead) bytes")
        }
        #expect(iterations > 100)
        #expect(matched > 0)
    }

    /// Flips, overwrites with extreme values, inserts or deletes a few bytes.
    static func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        let edits = 1 + Int(random.next() % 6)
        for _ in 0..<edits where !bytes.isEmpty {
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 6 {
            case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
            case 1: bytes[at] = [0x00, 0xFF, 0x7F, 0x80][Int(random.next() % 4)]
            case 2:
                // A huge declared length or offset.
                let end = Swift.min(bytes.count, at + 4)
                for index in at..<end { bytes[index] = 0xFF }
            case 3: bytes.insert(contentsOf: ByteFixtures.pseudoRandom(count: Int(random.next() % 16), seed: random.next()), at: at)
            case 4: bytes.removeSubrange(at..<Swift.min(bytes.count, at + Int(random.next() % 16)))
            default: bytes.removeSubrange(Swift.min(bytes.count, at + 1)...)
            }
        }
    }
}
