/// How often a byte turns up in the files whose prefixes the magic rules search, as a rank:
/// higher is more common. In text and source code the space ranks first, letters by their
/// frequency in English prose (lower case above upper case), then digits, then punctuation,
/// with `<`, `#`, `%`, `$`, `@` and their kind near the bottom; in binary data zero and
/// all-ones bytes (padding, headers) rank as high as the space, and UTF-8's continuation and
/// lead bytes (text in other scripts) in the middle. Other control bytes rank lowest.
///
/// A range search of the magic rules looks for the pattern's least common byte
/// (``MagicEvaluator``): a search for `import yaml` through prose stops at each `y`, not at
/// each `i`.
enum ByteCommonness {
    /// The rank of `byte`: higher is more common.
    @inline(__always)
    static func commonness(of byte: UInt8) -> UInt8 { ranks[Int(byte)] }

    /// Ranks by byte value.
    private static let ranks: [UInt8] = [
        255, 200, 0, 0, 0, 0, 0, 0, 0, 179, 228, 0, 0, 158, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        255, 169, 181, 171, 165, 166, 168, 182, 187, 186, 172, 170, 190, 183, 191, 180,
        201, 200, 199, 198, 197, 196, 195, 194, 193, 192, 188, 189, 174, 185, 173, 162,
        164, 225, 208, 216, 217, 227, 213, 211, 219, 223, 204, 206, 218, 214, 222, 224,
        212, 203, 220, 221, 226, 215, 207, 210, 205, 209, 202, 176, 163, 175, 161, 184,
        159, 252, 235, 243, 244, 254, 240, 238, 246, 250, 231, 233, 245, 241, 249, 251,
        239, 230, 247, 248, 253, 242, 234, 237, 232, 236, 229, 178, 167, 177, 160, 0,
        150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150,
        150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150,
        150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150,
        150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150,
        0, 0, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 250,
    ]
}
