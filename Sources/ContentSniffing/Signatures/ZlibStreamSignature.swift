/// A zlib stream (RFC 1950) on its own, as Git stores every loose object
/// (`.git/objects/ab/cdef…`) and as `*.zz` files are: a two-byte header, then DEFLATE data.
///
/// The header alone is weak evidence: its rules (compression method 8, a window of at most
/// 32 KiB, the two bytes a multiple of 31) hold for about one pair of bytes in two thousand,
/// and for text that opens with `x^`. So the check also inflates the start of the stream:
/// the data must decode without error to ``decisiveLength`` bytes, or to the end of a
/// non-empty stream. A stream that needs a preset dictionary (`FDICT`) cannot be decoded
/// without it and is left to the magic rules. The rule runs after text classification, so
/// text never reaches it.
///
/// When the inflated bytes open as a Git object (`blob`, `tree`, `commit` or `tag`, a
/// decimal size and a NUL), the evidence says so.
enum ZlibStreamSignature {
    /// How many inflated bytes a stream must yield (unless it ends sooner) to count as zlib.
    static let decisiveLength = 64

    static func check(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let method = b.byte(at: 0), let flags = b.byte(at: 1), method & 0x0F == 8, method >> 4 <= 7,
            (Int(method) << 8 | Int(flags)) % 31 == 0, flags & 0x20 == 0
        else { return nil }
        let input = b.slice(from: 2, to: 2 + probe.limits.maxInflatedLength)
        return withUnsafeTemporaryAllocation(byteCount: decisiveLength, alignment: 1) { output -> SignatureMatch? in
            let (count, outcome) = Inflater.inflate(input, into: output)
            switch outcome {
            case .outputFull: break
            case .finished where count > 0: break
            default: return nil
            }
            let inflated = UnsafeRawBufferPointer(rebasing: output[..<count])
            if let object = gitObjectKind(inflated) {
                return SignatureMatch(KnownType.zlib, .strong, "zlib stream holding a Git \(object) object")
            }
            return SignatureMatch(KnownType.zlib, .strong, "zlib header and DEFLATE data that inflates")
        }
    }

    /// The kind of Git object whose header (`kind size\0`) opens `b`, if one does.
    static func gitObjectKind(_ b: UnsafeRawBufferPointer) -> String? {
        let kinds: [(header: StaticString, name: String)] = [("blob ", "blob"), ("tree ", "tree"), ("commit ", "commit"), ("tag ", "tag")]
        for kind in kinds where b.has(kind.header) {
            var index = kind.header.utf8CodeUnitCount
            let digitsStart = index
            while index < b.count, ASCII.isDigit(b[index]) { index += 1 }
            guard index > digitsStart, b.byte(at: index) == 0 else { return nil }
            return kind.name
        }
        return nil
    }
}
