/// The bounded DEFLATE decoder (``Inflater``'s limits: output capped by the caller, work linear
/// in input plus output, no allocation per symbol) for readers outside sniffing, such as the
/// `FlateDecode` streams of a PDF preview.
///
/// ```swift
/// let bytes = BoundedInflation.inflate(zlib: stream, maximumOutput: 1 << 20)
/// ```
public enum BoundedInflation {
    /// Decodes a zlib stream (RFC 1950: a two-byte header naming DEFLATE, an optional preset
    /// dictionary id, then DEFLATE data), producing at most `maximumOutput` bytes.
    ///
    /// - Returns: the bytes produced (a valid prefix when the output cap or the input ended
    ///   first), or `nil` when the header is not zlib's or the data is invalid before any output.
    public static func inflate(zlib input: [UInt8], maximumOutput: Int) -> [UInt8]? {
        guard input.count >= 2, input[0] & 0x0F == 8, (Int(input[0]) << 8 | Int(input[1])) % 31 == 0 else { return nil }
        let start = input[1] & 0x20 != 0 ? 6 : 2
        guard start <= input.count else { return nil }
        return inflate(raw: input[start...], maximumOutput: maximumOutput)
    }

    /// Decodes raw DEFLATE data (RFC 1951), producing at most `maximumOutput` bytes; `nil` when
    /// the data is invalid before any output.
    public static func inflate(raw input: ArraySlice<UInt8>, maximumOutput: Int) -> [UInt8]? {
        let capacity = max(0, maximumOutput)
        guard capacity > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: capacity)
        let (count, outcome) = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { Inflater.inflate(source, into: $0) }
        }
        if outcome == .invalid && count == 0 { return nil }
        output.removeSubrange(count...)
        return output
    }
}
