import FuzzDriver
import ContentSniffing

/// The compiled rule image reader: a real image (of rules with fixed, ranged, masked,
/// case-insensitive, `least` and regex checks) is damaged by the input, read as three-byte edits
/// (a 16-bit position and a byte to XOR there); the image is then read, and a set that is
/// accepted is evaluated over buffers its rules look at. The input is also read as an image
/// itself. A damaged image must be refused or evaluate safely, never crash or loop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMagicRuleImage(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, count)
    let image = FuzzDriver.damaged(FuzzMagicRuleImage.image, by: input)
    for candidate in [image, input] {
        guard let set = try? candidate.withUnsafeBytes({ try MagicRuleSet(compiledImage: $0) }) else { continue }
        for buffer in FuzzMagicRuleImage.buffers {
            _ = buffer.withUnsafeBytes { set.bestMatch(in: $0) }
            _ = buffer.withUnsafeBytes { set.matches("org.example.regex", in: $0) }
        }
    }
    return 0
}

enum FuzzMagicRuleImage {
    static let image = MagicRuleSet.parse("""
        [80:a/fixed] org.example.fixed
        >string 0 =89504e47
        >>big16 4 =0x0d0a &0xfff0

        [60:a/ranged] org.example.ranged
        >stringignorecase 2:40 =6d61726b
        >least 1
        >>unicodeLE 0:8 =4100
        >>little32 8 =0x00000001

        [40:a/regex] org.example.regex
        >regex 0:16 =5b612d7a5d2b3a5c642b

        """).set.compiledImage()
    static let buffers: [[UInt8]] = [
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], Array("xxMARKyy".utf8), Array("A\0B\0\0\0\0\0\u{1}\0\0\0".utf8), Array("  abc:123".utf8), [],
    ]
}

FuzzDriver.run(fuzzMagicRuleImage)
