import FuzzDriver
import ContentSniffing

/// The compiled shared-mime-info magic rules over any content: the best match over the whole
/// input, then whether that type still matches every shorter prefix, each an exact-sized copy so
/// that AddressSanitizer sees any read past its end.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMagicRules(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    let rules = MagicRuleSet.freedesktop
    guard let match = bytes.withUnsafeBytes({ rules.bestMatch(in: $0) }) else { return 0 }
    for length in stride(from: bytes.count, through: 0, by: -max(1, bytes.count / 8)) {
        let prefix = Array(bytes[..<length])
        _ = prefix.withUnsafeBytes { rules.matches(match.identifier, in: $0) }
    }
    return 0
}

FuzzDriver.run(fuzzMagicRules)
