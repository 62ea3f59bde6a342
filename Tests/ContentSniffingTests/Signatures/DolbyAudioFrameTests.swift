import ContentSniffing
import Testing

/// Dolby Digital (AC-3) and Dolby Digital Plus (E-AC-3) streams are told apart by the `bsid` of
/// their sync frames, and recognised only when a second frame starts where the first one's
/// length says.
@Suite("Dolby Digital and Dolby Digital Plus sync frames")
struct DolbyAudioFrameTests {
    let sniffer = SignatureSniffer()

    func identifier(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }.map { $0.identifier.rawValue }
    }

    /// An AC-3 frame (A/52): sync word, CRC, `fscod` and `frmsizecod`, `bsid` 8 and `bsmod` 0,
    /// then filler up to `words` 16-bit words (which the caller may make disagree with the codes).
    static func ac3Frame(sampleRateCode: UInt8 = 0, sizeCode: UInt8 = 16, words: Int = 256) -> [UInt8] {
        let header: [UInt8] = [0x0B, 0x77, 0x12, 0x34, sampleRateCode << 6 | sizeCode, 8 << 3, 0xE1, 0x40]
        return header + [UInt8](repeating: 0x5A, count: words * 2 - header.count)
    }

    /// An E-AC-3 frame (A/52 Annex E): sync word, `strmtyp`, `substreamid` and `frmsiz`,
    /// 48 kHz with six blocks, stereo, `bsid` 16, then filler.
    static func eac3Frame(streamType: UInt8 = 0, frameSize: Int = 0x1A0) -> [UInt8] {
        let header: [UInt8] = [
            0x0B, 0x77, streamType << 6 | UInt8(frameSize >> 8), UInt8(frameSize & 0xFF), 0b0011_0100, 16 << 3, 0x00, 0x00,
        ]
        return header + [UInt8](repeating: 0x33, count: (frameSize + 1) * 2 - header.count)
    }

    @Test("two AC-3 frames at 48, 44.1 and 32 kHz are AC-3; the 44.1 kHz frame sizes pad by one word")
    func ac3() {
        // 128 kbit/s (size codes 16 and 17): 256 words at 48 kHz, 278 or 279 at 44.1, 384 at 32.
        let at48 = Self.ac3Frame(sizeCode: 16, words: 256)
        #expect(identifier(at48 + at48) == "public.ac3-audio")
        let at44 = Self.ac3Frame(sampleRateCode: 1, sizeCode: 17, words: 279)
        #expect(identifier(at44 + at44) == "public.ac3-audio")
        let at32 = Self.ac3Frame(sampleRateCode: 2, sizeCode: 16, words: 384)
        #expect(identifier(at32 + at32) == "public.ac3-audio")
    }

    @Test("a frame that fills the 4 KiB prefix is followed to the next header, read past the prefix")
    func highRate() throws {
        // 640 kbit/s at 48 kHz (size code 36): 1,280 words, 2,560 bytes a frame.
        let frame = Self.ac3Frame(sizeCode: 36, words: 1280)
        let match = try #require(try sniffer.sniff(MemoryByteSource(frame + frame)))
        #expect(match.identifier.rawValue == "public.ac3-audio")
        // E-AC-3's largest frame, frmsiz 2047: 4,096 bytes, so the second header lies just past
        // the prefix the signatures are given.
        let large = Self.eac3Frame(frameSize: 2047)
        let enhanced = try #require(try sniffer.sniff(MemoryByteSource(large + large)))
        #expect(enhanced.identifier.rawValue == "public.enhanced-ac3-audio")
        // Cut inside the second header: no second frame.
        #expect(try sniffer.sniff(MemoryByteSource(frame + frame.prefix(4)))?.identifier.rawValue != "public.ac3-audio")
    }

    @Test("two E-AC-3 frames are E-AC-3, and so is an AC-3 core followed by an E-AC-3 frame")
    func eac3() {
        let frame = Self.eac3Frame()
        #expect(identifier(frame + frame) == "public.enhanced-ac3-audio")
        let core = Self.ac3Frame(sizeCode: 16, words: 256)
        #expect(identifier(core + Self.eac3Frame(streamType: 1)) == "public.enhanced-ac3-audio")
    }

    @Test("a sync word whose next frame is not where the length says, or a reserved field, is no Dolby stream")
    func refused() {
        let frame = Self.eac3Frame()
        // The second frame one byte late.
        #expect(identifier(frame + [0] + frame) != "public.enhanced-ac3-audio")
        // One frame alone: the built-in check leaves it to the magic rules.
        #expect(identifier(frame) != "public.enhanced-ac3-audio")
        // Stream type 3 is reserved.
        let reserved = Self.eac3Frame(streamType: 3)
        #expect(identifier(reserved + reserved) != "public.enhanced-ac3-audio")
        // A frame longer than its size code says (80 kbit/s is 160 words at 48 kHz, not 256).
        let long = Self.ac3Frame(sizeCode: 8, words: 256)
        #expect(identifier(long + long) != "public.ac3-audio")
        // bsid 20 is neither.
        var unknown = Self.ac3Frame(sizeCode: 16, words: 256)
        unknown[5] = 20 << 3
        #expect(identifier(unknown + unknown) != "public.ac3-audio")
    }
}
