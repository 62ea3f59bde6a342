/// A Dolby Digital (AC-3) or Dolby Digital Plus (E-AC-3) sync frame header (ATSC A/52 and its
/// Annex E), parsed far enough to know the frame's length, so that the next frame can be looked
/// for right after it.
///
/// Both open with the sync word `0B 77`; the bit stream identification (`bsid`, the top five
/// bits of the sixth byte in both syntaxes) tells them apart: up to 10 is AC-3, 11 to 16 is
/// E-AC-3 (16 in every encoder of today).
struct DolbyAudioFrame: Equatable {
    /// Whether the frame is E-AC-3.
    let isEnhanced: Bool
    /// The frame's length in bytes, header included.
    let length: Int

    /// AC-3 bit rates in kbit/s, by `frmsizecod / 2` (A/52 table 5.18).
    private static let bitrates: [Int] = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 576, 640]

    /// Parses a header at `offset`; `nil` when the bytes there are no valid header (reserved
    /// sample-rate codes, frame-size codes past the table, a reserved stream type, an unknown
    /// `bsid`).
    init?(_ b: UnsafeRawBufferPointer, at offset: Int) {
        guard b.byte(at: offset) == 0x0B, b.byte(at: offset + 1) == 0x77, let b2 = b.byte(at: offset + 2),
            let b3 = b.byte(at: offset + 3), let b4 = b.byte(at: offset + 4), let b5 = b.byte(at: offset + 5)
        else { return nil }
        let bsid = Int(b5 >> 3)
        let sampleRateCode = Int(b4 >> 6)
        switch bsid {
        case 0...10:
            // syncword, crc1, fscod (2 bits) + frmsizecod (6 bits), bsid (5 bits) + bsmod.
            let sizeCode = Int(b4 & 0x3F)
            guard sampleRateCode != 3, sizeCode < 2 * Self.bitrates.count else { return nil }
            let kbps = Self.bitrates[sizeCode / 2]
            let words: Int
            switch sampleRateCode {
            case 0: words = kbps * 2  // 48 kHz
            case 1: words = kbps * 320 / 147 + (sizeCode & 1)  // 44.1 kHz: the odd code pads one word
            default: words = kbps * 3  // 32 kHz
            }
            isEnhanced = false
            length = words * 2
        case 11...16:
            // syncword, strmtyp (2 bits) + substreamid (3) + frmsiz (11), fscod (2) + fscod2 or
            // numblkscod (2) + acmod (3) + lfeon (1), bsid (5) + dialnorm.
            let streamType = Int(b2 >> 6)
            let frameSize = (Int(b2 & 0x07) << 8) | Int(b3)
            guard streamType != 3, frameSize >= 2, sampleRateCode != 3 || (b4 >> 4) & 3 != 3 else { return nil }
            isEnhanced = true
            length = (frameSize + 1) * 2
        default:
            return nil
        }
    }

    /// The frames that follow one another from `offset`, at most `limit` of them: how many, and
    /// whether any is E-AC-3 (a stream may carry an AC-3 core with E-AC-3 frames beside it).
    static func consecutiveFrames(in b: UnsafeRawBufferPointer, at offset: Int, limit: Int) -> (count: Int, isEnhanced: Bool) {
        var count = 0
        var isEnhanced = false
        var position = offset
        while count < limit, let frame = DolbyAudioFrame(b, at: position) {
            count += 1
            isEnhanced = isEnhanced || frame.isEnhanced
            position += frame.length
        }
        return (count, isEnhanced)
    }
}
