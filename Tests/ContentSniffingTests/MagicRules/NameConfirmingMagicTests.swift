import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A name whose own magic matches is confirmed by it: another type's rule below priority 80
/// that matches the same bytes does not overrule it (the spec's order: the name, then magic to
/// confirm it). AC-3 and E-AC-3 share their sync word; E-AC-3's rule also reads the bit-stream id.
/// Two whole frames in a row are the built-in signature's (``DolbyAudioFrameTests``), which reads
/// the bit-stream id of each: the AC-3 fixture here is one frame long by its size code, so its
/// name is settled by the magic rules alone.
@Suite("Magic rules: a name confirmed by its own magic")
struct NameConfirmingMagicTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// Two frames of `frameSize` bytes, each opening with the sync word 0x0B77 and `header`
    /// (the bytes up to and including the one whose top five bits are the bit-stream id).
    static func frames(_ header: [UInt8], frameSize: Int) -> [UInt8] {
        let frame = [0x0B, 0x77] + header + ByteFixtures.pseudoRandom(count: frameSize - 2 - header.count, seed: 11)
        return frame + frame
    }

    /// E-AC-3 (A/52 Annex E): frame size field 0x1A0 (834 bytes), bit-stream id 16.
    static let enhancedAC3 = frames([0x01, 0xA0, 0x74, 0x80], frameSize: 834)
    /// AC-3: CRC, 48 kHz and frame size code 0x1C, bit-stream id 8.
    static let ac3 = frames([0x12, 0x34, 0x1C, 0x40], frameSize: 768)

    @Test("E-AC-3 frames named .eac3 are E-AC-3, confirmed by their frames and not overruled by AC-3's sync word")
    func enhancedAC3Named() {
        let resolution = resolver.resolve(bytes: Self.enhancedAC3, name: "silence.eac3")
        #expect(resolution.type.identifier == "public.enhanced-ac3-audio")
        #expect(resolution.conflict == nil)
        #expect(resolution.evidence.contains { $0.source == .signature && $0.identifier == "public.enhanced-ac3-audio" && $0.agrees })
    }

    @Test("AC-3 frames named .eac3 fail E-AC-3's rule: AC-3, with the conflict")
    func ac3NamedEnhanced() {
        let resolution = resolver.resolve(bytes: Self.ac3, name: "silence.eac3")
        #expect(resolution.type.identifier == "public.ac3-audio")
        #expect(resolution.conflict?.claimed == "public.enhanced-ac3-audio")
    }

    @Test("E-AC-3 frames named .ac3: their bit-stream id says E-AC-3, which an AC-3 decoder cannot play, and the name is contradicted")
    func enhancedNamedAC3() {
        let resolution = resolver.resolve(bytes: Self.enhancedAC3, name: "silence.ac3")
        #expect(resolution.type.identifier == "public.enhanced-ac3-audio")
        #expect(resolution.conflict?.claimed == "public.ac3-audio")
    }

    @Test("a lone E-AC-3 frame named .ac3 matches AC-3's own sync-word rule: the name stands")
    func loneEnhancedFrameNamedAC3() {
        let resolution = resolver.resolve(bytes: Array(Self.enhancedAC3.prefix(834)), name: "silence.ac3")
        #expect(resolution.type.identifier == "public.ac3-audio")
        #expect(resolution.conflict == nil)
    }

    @Test("what the cases rest on: the best rule for E-AC-3 frames ranks below 80, and only E-AC-3 frames pass E-AC-3's rule")
    func fixturesAgainstTheRules() throws {
        let magic = MagicRuleSet.freedesktop
        let best = try #require(Self.enhancedAC3.withUnsafeBytes { magic.bestMatch(in: $0) })
        #expect(best.mimeType == "audio/ac3" && best.priority < 80, "\(best)")
        #expect(Self.enhancedAC3.withUnsafeBytes { magic.matches("public.enhanced-ac3-audio", in: $0) })
        #expect(!Self.ac3.withUnsafeBytes { magic.matches("public.enhanced-ac3-audio", in: $0) })
    }
}
