@testable import ContentSniffing
import OpenWithTestSupport
import Testing

/// Byte sets: their members, read from their bits, are the bytes they contain.
@Suite("Magic rules: byte sets")
struct MagicByteSetTests {
    @Test("members are exactly the contained bytes, ascending, for empty, full, edge and random sets")
    func membersAreTheContainedBytes() {
        let edges: [(UInt64, UInt64, UInt64, UInt64)] = [
            (0, 0, 0, 0), (.max, .max, .max, .max), (1, 0, 0, 1 << 63), (1 << 63, 1, 1 << 63, 1), (0, 0, 0, 0x8000_0000_0000_0001),
        ]
        let noise = ByteFixtures.pseudoRandom(count: 32 * 200, seed: 11)
        let random = (0..<200).map { set in
            let word = { (index: Int) in
                (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(noise[set * 32 + index * 8 + $1]) }
            }
            // Sparse sets too: a word ANDed with two others keeps about one bit in eight.
            return set % 2 == 0 ? (word(0), word(1), word(2), word(3)) : (word(0) & word(1) & word(2), word(3) & word(0), 0, word(1) & word(3))
        }
        for words in edges + random {
            let set = MagicByteSet(words: words)
            let expected = (0...255).map(UInt8.init).filter { set.contains($0) }
            #expect(set.members == expected)
            #expect(set.count == expected.count)
        }
        #expect(MagicByteSet(UInt8(ascii: "a")...UInt8(ascii: "c")).members == Array("abc".utf8))
    }
}
