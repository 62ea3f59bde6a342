internal import CSHA256

/// SHA-256 (FIPS 180-4, section 6.2), fed in pieces of any length: the digest of a file is
/// computed while it is copied, through the copy's one buffer.
///
/// Whole blocks go through the processor's SHA instructions where it has them (x86-64 SHA-NI,
/// several times the speed of the portable code), else through the portable code here; both
/// give the same digest.
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update(Array("abc".utf8))
/// let digest = hasher.finalize()   // 32 bytes
/// ```
struct SHA256Hasher {
    /// The length of a digest, in bytes.
    static let digestByteCount = 32
    /// The length of a block, in bytes.
    static let blockByteCount = 64

    /// The initial hash value H(0) (FIPS 180-4, 5.3.3).
    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// The round constants K (FIPS 180-4, 4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The intermediate hash value H(i).
    private var state = SHA256Hasher.initialState
    /// The bytes of an incomplete block, fewer than ``blockByteCount``.
    private var pending: [UInt8] = []
    /// How many message bytes were fed in.
    private var messageByteCount: UInt64 = 0

    /// Whether whole blocks go through the processor's SHA instructions.
    private let usesHardware: Bool

    /// Whether this processor runs SHA-256 blocks in hardware.
    static let hardwareAvailable = openwith_sha256_hardware_available() == 1

    /// A hasher that has seen no bytes; `softwareOnly` keeps it to the portable code (to check
    /// one path against the other).
    init(softwareOnly: Bool = false) {
        usesHardware = !softwareOnly && Self.hardwareAvailable
        pending.reserveCapacity(Self.blockByteCount)
    }

    /// The digest of `bytes`.
    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Feeds `bytes`.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds the bytes of `buffer`; whole blocks are hashed in place, without copying.
    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        messageByteCount &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(Self.blockByteCount - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<taken])
            offset = taken
            guard pending.count == Self.blockByteCount else { return }
            pending.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let wholeBlocks = (buffer.count - offset) / Self.blockByteCount * Self.blockByteCount
        if wholeBlocks > 0 {
            compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + wholeBlocks)]))
            offset += wholeBlocks
        }
        pending.append(contentsOf: buffer[offset...])
    }

    /// Pads the message (FIPS 180-4, 5.1.1) and returns the 32-byte digest.
    consuming func finalize() -> [UInt8] {
        let bitLength = messageByteCount &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockByteCount != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { compress($0) }
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Runs whole blocks through the compression function, in hardware when this hasher may.
    private mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        let count = blocks.count / Self.blockByteCount
        guard count > 0, let base = blocks.baseAddress else { return }
        if usesHardware {
            state.withUnsafeMutableBufferPointer { words in
                openwith_sha256_hardware_blocks(words.baseAddress, base.assumingMemoryBound(to: UInt8.self), count)
            }
        } else {
            Self.compress(&state, blocks: blocks)
        }
    }

    /// Hashes whole 64-byte blocks into `state` (FIPS 180-4, 6.2.2). Ch and Maj are written in
    /// equivalent forms with one operation fewer each.
    private static func compress(_ state: inout [UInt32], blocks: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            roundConstants.withUnsafeBufferPointer { constants in
                state.withUnsafeMutableBufferPointer { hash in
                    var start = 0
                    while start + blockByteCount <= blocks.count {
                        for index in 0..<16 {
                            schedule[index] = UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: start + index * 4, as: UInt32.self))
                        }
                        for index in 16..<64 {
                            let early = schedule[index - 15]
                            let late = schedule[index - 2]
                            let sigma0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early &>> 3)
                            let sigma1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late &>> 10)
                            schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
                        }
                        var a = hash[0], b = hash[1], c = hash[2], d = hash[3]
                        var e = hash[4], f = hash[5], g = hash[6], h = hash[7]
                        for index in 0..<64 {
                            let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                            let choice = g ^ (e & (f ^ g))
                            let first = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
                            let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                            let majority = (a & b) | (c & (a | b))
                            let second = sum0 &+ majority
                            h = g
                            g = f
                            f = e
                            e = d &+ first
                            d = c
                            c = b
                            b = a
                            a = first &+ second
                        }
                        hash[0] &+= a
                        hash[1] &+= b
                        hash[2] &+= c
                        hash[3] &+= d
                        hash[4] &+= e
                        hash[5] &+= f
                        hash[6] &+= g
                        hash[7] &+= h
                        start += blockByteCount
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &>> count) | (value &<< (32 &- count))
    }
}
