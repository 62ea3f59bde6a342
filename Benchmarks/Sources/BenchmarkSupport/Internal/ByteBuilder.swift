/// Builds a byte prefix field by field, then pads it to a fixed length.
struct ByteBuilder {
    private(set) var bytes: [UInt8] = []

    init() {}

    mutating func append(_ values: [UInt8]) { bytes += values }

    mutating func append(_ text: String) { bytes += Array(text.utf8) }

    mutating func append(byte value: UInt8) { bytes.append(value) }

    mutating func append(u16le value: UInt16) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    mutating func append(u32le value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func append(u64le value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func append(u32be value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Appends `count` bytes of deterministic noise (a linear congruential sequence), standing in
    /// for compressed or encoded payload.
    mutating func appendNoise(count: Int, seed: UInt32) {
        var state = seed
        for _ in 0..<count {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(truncatingIfNeeded: state >> 24))
        }
    }

    /// Repeats `text` until the builder holds `length` bytes (cut at `length`).
    mutating func fill(repeating text: String, to length: Int) {
        let unit = Array(text.utf8)
        precondition(!unit.isEmpty)
        var index = 0
        while bytes.count < length {
            bytes.append(unit[index % unit.count])
            index += 1
        }
    }

    /// Pads with noise up to `length`, then cuts at `length`.
    func padded(to length: Int, seed: UInt32) -> [UInt8] {
        var copy = self
        if copy.bytes.count < length { copy.appendNoise(count: length - copy.bytes.count, seed: seed) }
        return Array(copy.bytes.prefix(length))
    }
}
