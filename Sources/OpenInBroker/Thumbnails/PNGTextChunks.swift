/// The PNG facts a thumbnail cache needs (PNG specification, ISO/IEC 15948): the size from
/// `IHDR`, the `tEXt` keywords, and a copy with `tEXt` chunks put in after `IHDR`.
///
/// Bounds: chunks are walked by their lengths, at most ``maximumChunks`` of them, each length
/// checked against the bytes; a walk that does not end at `IEND` means the PNG is not valid.
enum PNGTextChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let maximumChunks = 100_000

    /// One chunk: its type and the range of its data in the file.
    struct Chunk {
        var type: String
        var start: Int
        var dataRange: Range<Int>
        var end: Int
    }

    /// Every chunk up to and including `IEND`, or `nil` when the bytes are not a whole PNG.
    static func chunks(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.starts(with: signature) else { return nil }
        var chunks: [Chunk] = []
        var offset = signature.count
        while chunks.count < maximumChunks, offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let chunk = Chunk(type: type, start: offset, dataRange: offset + 8..<offset + 8 + length, end: offset + 12 + length)
            guard crc32(bytes[offset + 4..<offset + 8 + length]) == bigEndian32(bytes, at: offset + 8 + length) else { return nil }
            chunks.append(chunk)
            offset = chunk.end
            if type == "IEND" { return chunks.first?.type == "IHDR" ? chunks : nil }
        }
        return nil
    }

    /// The width and height from a valid PNG's `IHDR`.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let header = chunks(bytes)?.first, header.dataRange.count == 13 else { return nil }
        let width = bigEndian32(bytes, at: header.dataRange.lowerBound)
        let height = bigEndian32(bytes, at: header.dataRange.lowerBound + 4)
        guard width > 0, height > 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// The `tEXt` keywords and their Latin-1 text.
    static func texts(_ bytes: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        for chunk in chunks(bytes) ?? [] where chunk.type == "tEXt" {
            let data = bytes[chunk.dataRange]
            guard let zero = data.firstIndex(of: 0) else { continue }
            let keyword = String(decoding: data[..<zero], as: UTF8.self)
            let text = String(String.UnicodeScalarView(data[(zero + 1)...].map { Unicode.Scalar($0) }))
            if result[keyword] == nil { result[keyword] = text }
        }
        return result
    }

    /// A copy of the PNG with `entries` as `tEXt` chunks right after `IHDR`, replacing chunks of
    /// the same keywords; `nil` when the bytes are not a valid PNG.
    static func settingTexts(_ entries: [(keyword: String, text: [UInt8])], in bytes: [UInt8]) -> [UInt8]? {
        guard let chunks = chunks(bytes) else { return nil }
        let keywords = Set(entries.map(\.keyword))
        var out = signature
        for chunk in chunks {
            if chunk.type == "tEXt", let zero = bytes[chunk.dataRange].firstIndex(of: 0),
                keywords.contains(String(decoding: bytes[chunk.dataRange.lowerBound..<zero], as: UTF8.self))
            {
                continue
            }
            out.append(contentsOf: bytes[chunk.start..<chunk.end])
            if chunk.type == "IHDR" {
                for entry in entries { out.append(contentsOf: makeChunk("tEXt", Array(entry.keyword.utf8) + [0] + entry.text)) }
            }
        }
        return out
    }

    /// A chunk: length, type, data, CRC.
    static func makeChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var out = bigEndianBytes(UInt32(data.count)) + typeBytes + data
        out += bigEndianBytes(crc32((typeBytes + data)[...]))
        return out
    }

    /// A 1×1 grey PNG carrying `entries`: the spec's record of a failed thumbnail.
    static func placeholder(_ entries: [(keyword: String, text: [UInt8])]) -> [UInt8] {
        let header = bigEndianBytes(1) + bigEndianBytes(1) + [8, 0, 0, 0, 0]
        // One row: filter byte 0 and one grey sample, as a stored DEFLATE block in a zlib stream.
        let row: [UInt8] = [0, 0x80]
        var adlerA: UInt32 = 1
        var adlerB: UInt32 = 0
        for byte in row {
            adlerA = (adlerA + UInt32(byte)) % 65521
            adlerB = (adlerB + adlerA) % 65521
        }
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF] + row + bigEndianBytes(adlerB << 16 | adlerA)
        var out = signature + makeChunk("IHDR", header)
        for entry in entries { out += makeChunk("tEXt", Array(entry.keyword.utf8) + [0] + entry.text) }
        return out + makeChunk("IDAT", zlib) + makeChunk("IEND", [])
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309, the polynomial PNG and zlib use).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
