import FuzzDriver
import ContentSniffing

/// The magic rules' text form and its evaluation, regexes above all: the input is split at its
/// first NUL byte into a regex pattern and the bytes to match. The pattern is compiled inside a
/// rule (with a case-insensitive string, a UTF-16LE string and a `least` group beside it) and
/// the rule evaluated over the bytes and over every shorter prefix; the whole input is also
/// read as rule text and that rule set evaluated over the bytes. Each buffer is an exact-sized
/// copy, so that AddressSanitizer sees any read past its end.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMagicRuleText(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, count)
    let split = input.firstIndex(of: 0) ?? input.count
    let pattern = input[..<split]
    let bytes = Array(input[Swift.min(split + 1, input.count)...])
    let hex = pattern.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    let text = """
        [60:application/x-fuzz] org.example.fuzz tika
        >regex 0:64 =\(hex.isEmpty ? "2e" : hex)
        >>stringignorecase 0:16 =61
        >>least 1
        >>>unicodeLE 0:32 =6100
        >>>regex 2 =\(hex.isEmpty ? "61" : hex)

        """
    let compiled = MagicRuleSet.parse(text).set
    for length in stride(from: bytes.count, through: 0, by: -Swift.max(1, bytes.count / 4)) {
        let prefix = Array(bytes[..<length])
        _ = prefix.withUnsafeBytes { compiled.bestMatch(in: $0) }
    }
    let asText = MagicRuleSet.parse(String(decoding: input, as: UTF8.self)).set
    _ = bytes.withUnsafeBytes { asText.bestMatch(in: $0) }
    return 0
}

FuzzDriver.run(fuzzMagicRuleText)
