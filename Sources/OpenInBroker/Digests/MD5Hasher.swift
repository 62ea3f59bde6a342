/// MD5 (RFC 1321), for the names the freedesktop thumbnail cache gives its files (the MD5 of a
/// file's URI). Not for anything that needs collision resistance.
///
/// ```swift
/// MD5Hasher.hash(Array("abc".utf8))   // 90 01 50 98 …
/// ```
enum MD5Hasher {
    /// The length of a digest, in bytes.
    static let digestByteCount = 16

    /// The per-step shift amounts (RFC 1321, 3.4).
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// The table T: T[i] is the integer part of 2^32 × |sin(i + 1)| (RFC 1321, 3.4).
    private static let sineTable: [UInt32] = [
        0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
        0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
        0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
        0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
        0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
        0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
        0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
        0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
    ]

    /// The 16-byte digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        var padded = message
        padded.reserveCapacity(message.count + 72)
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 0, through: 56, by: 8) { padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
        padded.withUnsafeBytes { bytes in
            for start in stride(from: 0, to: bytes.count, by: 64) {
                compress(&state, block: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 64)]))
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(digestByteCount)
        for word in state {
            for shift in stride(from: 0, through: 24, by: 8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return digest
    }

    /// Processes one 64-byte block into `state` (RFC 1321, 3.4).
    private static func compress(_ state: inout [UInt32], block: UnsafeRawBufferPointer) {
        var words = [UInt32](repeating: 0, count: 16)
        for index in 0..<16 {
            let byte = index * 4
            words[index] = UInt32(block[byte]) | UInt32(block[byte + 1]) << 8 | UInt32(block[byte + 2]) << 16
                | UInt32(block[byte + 3]) << 24
        }
        var a = state[0], b = state[1], c = state[2], d = state[3]
        for step in 0..<64 {
            var mixed: UInt32
            let wordIndex: Int
            switch step {
            case 0..<16:
                mixed = (b & c) | (~b & d)
                wordIndex = step
            case 16..<32:
                mixed = (d & b) | (~d & c)
                wordIndex = (5 * step + 1) % 16
            case 32..<48:
                mixed = b ^ c ^ d
                wordIndex = (3 * step + 5) % 16
            default:
                mixed = c ^ (b | ~d)
                wordIndex = (7 * step) % 16
            }
            mixed = mixed &+ a &+ sineTable[step] &+ words[wordIndex]
            a = d
            d = c
            c = b
            let shift = shifts[step]
            b = b &+ ((mixed << shift) | (mixed >> (32 - shift)))
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
    }
}
