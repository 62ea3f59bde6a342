/// The features the text classifier scores, hashed into buckets, computed in one pass over the
/// bytes of a prefix.
///
/// Tokens are runs of word bytes (ASCII letters, digits, `_`, and every byte at or above 0x80,
/// at most the first 24 of them hashed) and single punctuation or control bytes; spaces, tabs,
/// `\r`, `\v` and `\f` separate tokens and are not tokens. Each token yields up to three
/// features: the token, the pair (previous token, token), and — for the first token of a line —
/// the token as a line opening. A token's hash is 32-bit FNV-1a over its bytes; each feature
/// mixes it with a seed of its kind (murmur3's finaliser) and keeps the low bits as a bucket.
/// `Catalog/scripts/train-text-classifier.py` computes the same buckets for training; the two
/// must change together.
enum TextFeatureHashing {
    /// The most bytes of a token that are hashed.
    static let maxTokenBytes = 24
    private static let offsetBasis: UInt32 = 0x811C_9DC5
    private static let prime: UInt32 = 0x0100_0193
    private static let tokenSeed: UInt32 = 0x1B87_3593
    private static let pairSeed: UInt32 = 0x68E3_1DA4
    private static let lineSeed: UInt32 = 0x2545_F491

    /// The kind of every byte value, as the ASCII digit at its offset: `0` separates tokens,
    /// `1` ends a line, `2` belongs to a word, `3` is a token of its own. A literal, so the
    /// table costs nothing to set up.
    private static let byteKinds: StaticString = "3333333330100033333333333333333303333333333333332222222222333333322222222222222222222222222333323222222222222222222222222223333322222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222"

    /// Calls `body` with the bucket of every feature of `bytes` (a bucket may come more than
    /// once). `bucketMask` is the bucket count minus one (a power of two).
    @inline(__always)
    static func forEachBucket(_ bytes: UnsafeRawBufferPointer, bucketMask: UInt32, _ body: (Int) -> Void) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let kinds = byteKinds.utf8Start
        let separator = UInt8(ascii: "0"), newline = UInt8(ascii: "1"), word = UInt8(ascii: "2")
        let count = bytes.count
        var index = 0
        var previous: UInt32 = 0
        var lineStart = true
        while index < count {
            let byte = base[index]
            let kind = kinds[Int(byte)]
            if kind == separator {
                index += 1
                continue
            }
            if kind == newline {
                lineStart = true
                index += 1
                continue
            }
            var hash = (offsetBasis ^ UInt32(byte)) &* prime
            index += 1
            if kind == word {
                let hashedEnd = Swift.min(index + maxTokenBytes - 1, count)
                while index < hashedEnd, kinds[Int(base[index])] == word {
                    hash = (hash ^ UInt32(base[index])) &* prime
                    index += 1
                }
                while index < count, kinds[Int(base[index])] == word { index += 1 }
            }
            body(Int(mix(hash ^ tokenSeed) & bucketMask))
            body(Int(mix((previous &* 31) ^ hash ^ pairSeed) & bucketMask))
            if lineStart {
                body(Int(mix(hash ^ lineSeed) & bucketMask))
                lineStart = false
            }
            previous = hash
        }
    }

    /// murmur3's 32-bit finaliser.
    @inline(__always)
    private static func mix(_ value: UInt32) -> UInt32 {
        var h = value
        h ^= h >> 16
        h = h &* 0x85EB_CA6B
        h ^= h >> 13
        h = h &* 0xC2B2_AE35
        h ^= h >> 16
        return h
    }
}
