/// An MPEG audio (MP1/MP2/MP3) or ADTS (AAC) frame header, parsed far enough to know the
/// frame's length, so that a second header can be looked for right after it.
struct MPEGAudioFrame: Equatable {
    /// The stream family a header belongs to.
    enum Family: Equatable {
        /// MPEG-1/2/2.5 audio; `layer` is 1, 2 or 3.
        case mpeg(layer: Int)
        /// AAC in ADTS framing.
        case adts
    }

    /// The stream family.
    let family: Family
    /// The version / sample-rate bits that consecutive frames of one stream share.
    let streamKey: UInt16
    /// The frame's length in bytes, header included.
    let length: Int

    private static let bitratesV1L1: [UInt16] = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
    private static let bitratesV1L2: [UInt16] = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
    private static let bitratesV1L3: [UInt16] = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    private static let bitratesV2L1: [UInt16] = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
    private static let bitratesV2L23: [UInt16] = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
    private static let sampleRatesV1: [UInt16] = [44100, 48000, 32000]

    /// Parses a header at `offset`; `nil` if the bytes there are not a valid header (free
    /// bitrate, reserved values and frames shorter than their header are refused).
    init?(_ b: UnsafeRawBufferPointer, at offset: Int) {
        guard let word = b.u32be(at: offset), word >> 21 == 0x7FF else { return nil }
        let version = Int(word >> 19) & 3  // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
        let layerBits = Int(word >> 17) & 3  // 0: ADTS (with version bits 0x/1x), 1: III, 2: II, 3: I
        if layerBits == 0 {
            // ADTS: 12-bit sync, MPEG-2/4 id bit, layer 00.
            guard word >> 20 == 0xFFF, let b4 = b.byte(at: offset + 4), let b5 = b.byte(at: offset + 5) else { return nil }
            let frequencyIndex = Int(word >> 10) & 0xF
            guard frequencyIndex < 13 else { return nil }
            let length = (Int(word & 3) << 11) | (Int(b4) << 3) | (Int(b5) >> 5)
            let headerLength = word & 0x1_0000 != 0 ? 7 : 9
            guard length >= headerLength else { return nil }
            self.family = .adts
            self.streamKey = UInt16(truncatingIfNeeded: (word >> 10) & 0x3F)  // profile, sampling frequency
            self.length = length
            return
        }
        guard version != 1 else { return nil }
        let bitrateIndex = Int(word >> 12) & 0xF
        let rateIndex = Int(word >> 10) & 3
        guard bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        let layer = 4 - layerBits
        let padding = Int(word >> 9) & 1
        let kbps: UInt16
        switch (version == 3, layer) {
        case (true, 1): kbps = MPEGAudioFrame.bitratesV1L1[bitrateIndex]
        case (true, 2): kbps = MPEGAudioFrame.bitratesV1L2[bitrateIndex]
        case (true, _): kbps = MPEGAudioFrame.bitratesV1L3[bitrateIndex]
        case (false, 1): kbps = MPEGAudioFrame.bitratesV2L1[bitrateIndex]
        case (false, _): kbps = MPEGAudioFrame.bitratesV2L23[bitrateIndex]
        }
        let divisor = version == 3 ? 1 : (version == 2 ? 2 : 4)
        let sampleRate = Int(MPEGAudioFrame.sampleRatesV1[rateIndex]) / divisor
        let bitrate = Int(kbps) * 1000
        let length: Int
        if layer == 1 {
            length = (12 * bitrate / sampleRate + padding) * 4
        } else if layer == 3 && version != 3 {
            length = 72 * bitrate / sampleRate + padding
        } else {
            length = 144 * bitrate / sampleRate + padding
        }
        guard length > 4 else { return nil }
        self.family = .mpeg(layer: layer)
        // Version, layer and sample rate stay the same from frame to frame; bitrate, padding
        // and (for joint stereo) the channel mode may change.
        self.streamKey = UInt16(truncatingIfNeeded: ((word >> 17) & 0xF) << 2 | (word >> 10) & 3)
        self.length = length
    }

    /// How many consecutive frames of one stream start at `offset` (at most `limit`).
    static func consecutiveFrames(in b: UnsafeRawBufferPointer, at offset: Int, limit: Int) -> (first: MPEGAudioFrame, count: Int)? {
        guard let first = MPEGAudioFrame(b, at: offset) else { return nil }
        var count = 1
        var position = offset + first.length
        while count < limit, let next = MPEGAudioFrame(b, at: position), next.family == first.family,
            next.streamKey == first.streamKey
        {
            count += 1
            position += next.length
        }
        return (first, count)
    }
}
