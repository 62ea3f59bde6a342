import OpenWithTestSupport

/// Inline byte builders for the formats the preview reads, each named after what it shows.
enum PreviewFixtures {
    typealias B = ByteFixtures

    // MARK: Images

    static func png(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 6, ihdrLength: Int = 13) -> [UInt8]
    {
        let ihdr = B.be32(width) + B.be32(height) + [bitDepth, colorType, 0, 0, 0]
        let chunk = B.ascii("IHDR") + ihdr
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + B.be32(ihdrLength) + chunk
            + B.be32(Int(B.crc32(chunk))) + B.be32(0) + B.ascii("IEND") + B.be32(Int(B.crc32(B.ascii("IEND"))))
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        B.ascii("GIF89a") + B.le16(width) + B.le16(height) + [0xF7, 0, 0] + B.zeros(768) + [0x3B]
    }

    /// A JPEG with a JFIF segment, a large APP1 segment, a fill byte and then the frame header.
    static func jpeg(width: Int, height: Int, components: UInt8 = 3, app1Size: Int = 20_000) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + B.be16(16) + B.ascii("JFIF") + [0, 1, 1, 0] + B.be16(1) + B.be16(1) + [0, 0]
        bytes += [0xFF, 0xE1] + B.be16(app1Size + 2) + B.ascii("Exif") + B.zeros(app1Size - 4)
        bytes += [0xFF, 0xFF]  // fill byte
        bytes += [0xFF, 0xC0] + B.be16(8 + 3 * Int(components)) + [8] + B.be16(height) + B.be16(width) + [components]
        for index in 0..<components { bytes += [index + 1, 0x11, 0] }
        bytes += [0xFF, 0xDA] + B.be16(8) + [1, 1, 0, 0, 63, 0] + [0x12, 0x34] + [0xFF, 0xD9]
        return bytes
    }

    static func bmp(width: Int, height: Int, bits: Int = 24) -> [UInt8] {
        B.ascii("BM") + B.le32(54) + B.le32(0) + B.le32(54) + B.le32(40) + B.le32(width) + B.le32(height)
            + B.le16(1) + B.le16(bits) + B.zeros(24)
    }

    static func webpVP8X(width: Int, height: Int, alpha: Bool) -> [UInt8] {
        let chunk = B.ascii("VP8X") + B.le32(10) + [alpha ? 0x10 : 0, 0, 0, 0] + B.le24(width - 1) + B.le24(height - 1)
        return B.ascii("RIFF") + B.le32(4 + chunk.count) + B.ascii("WEBP") + chunk
    }

    static func webpVP8L(width: Int, height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14 | 1 << 28
        let chunk = B.ascii("VP8L") + B.le32(5) + [0x2F] + B.le32(bits) + [0]
        return B.ascii("RIFF") + B.le32(4 + chunk.count) + B.ascii("WEBP") + chunk
    }

    static func webpVP8(width: Int, height: Int) -> [UInt8] {
        let chunk =
            B.ascii("VP8 ") + B.le32(10) + [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + B.le16(width) + B.le16(height)
        return B.ascii("RIFF") + B.le32(4 + chunk.count) + B.ascii("WEBP") + chunk
    }

    /// A baseline RGB TIFF with its first IFD right after the header.
    static func tiff(width: Int, height: Int, bigEndian: Bool) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { bigEndian ? B.be16(value) : B.le16(value) }
        func u32(_ value: Int) -> [UInt8] { bigEndian ? B.be32(value) : B.le32(value) }
        func entry(_ tag: Int, short value: Int, count: Int = 1) -> [UInt8] {
            u16(tag) + u16(3) + u32(count) + u16(value) + u16(0)
        }
        let entries = 5
        let ifdSize = 2 + entries * 12 + 4
        let bitsOffset = 8 + ifdSize
        var bytes = (bigEndian ? B.ascii("MM") + [0, 0x2A] : B.ascii("II") + [0x2A, 0]) + u32(8)
        bytes += u16(entries)
        bytes += entry(256, short: width)
        bytes += u16(257) + u16(4) + u32(1) + u32(height)
        bytes += u16(258) + u16(3) + u32(3) + u32(bitsOffset)
        bytes += entry(262, short: 2)
        bytes += entry(277, short: 3)
        bytes += u32(0)
        bytes += u16(8) + u16(8) + u16(8)
        return bytes
    }

    // MARK: PDF

    /// A hand-written PDF: catalog, a page tree of `pages` pages, and an Info dictionary.
    static func pdf(pages: Int, titleObject: String = "(Quarterly \\(draft\\) Report)", typeSpacing: String = " ")
        -> [UInt8]
    {
        var objects: [String] = []
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0..<pages).map { "\($0 + 3) 0 R" }.joined(separator: " ")
        objects.append("<< /Type\(typeSpacing)/Pages /Kids [\(kids)] /Count \(pages) >>")
        for _ in 0..<pages {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << >> >> >>")
        }
        let infoNumber = objects.count + 1
        objects.append("<< /Title \(titleObject) /Producer (hand) >>")
        var text = "%PDF-1.4\n%\u{E2}\u{E3}\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        text +=
            "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info \(infoNumber) 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    // MARK: Audio and video

    static func wav(sampleRate: Int = 44_100, channels: Int = 2, bits: Int = 16, seconds: Double = 1.5) -> [UInt8] {
        let byteRate = sampleRate * channels * bits / 8
        let dataSize = Int(Double(byteRate) * seconds)
        let fmt =
            B.ascii("fmt ") + B.le32(16) + B.le16(1) + B.le16(channels) + B.le32(sampleRate) + B.le32(byteRate)
            + B.le16(channels * bits / 8) + B.le16(bits)
        let list = B.ascii("LIST") + B.le32(3) + [1, 2, 3, 0]  // odd size, padded
        let data = B.ascii("data") + B.le32(dataSize) + B.zeros(dataSize)
        return B.ascii("RIFF") + B.le32(4 + fmt.count + list.count + data.count) + B.ascii("WAVE") + fmt + list + data
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        B.be32(8 + payload.count) + B.ascii(type) + payload
    }

    static func mvhd(timescale: Int, duration: Int) -> [UInt8] {
        box("mvhd", [0, 0, 0, 0] + B.be32(0) + B.be32(0) + B.be32(timescale) + B.be32(duration) + B.zeros(80))
    }

    static func videoTrack(codec: String = "avc1", width: Int = 1920, height: Int = 1080) -> [UInt8] {
        let hdlr = box("hdlr", B.zeros(4) + B.zeros(4) + B.ascii("vide") + B.zeros(12) + [0])
        let entry = box(codec, B.zeros(6) + B.be16(1) + B.zeros(16) + B.be16(width) + B.be16(height) + B.zeros(50))
        let stsd = box("stsd", B.zeros(4) + B.be32(1) + entry)
        return box(
            "trak",
            box("tkhd", B.zeros(84)) + box("mdia", box("mdhd", B.zeros(24)) + hdlr + box("minf", box("stbl", stsd))))
    }

    static func audioTrack(codec: String = "mp4a", channels: Int = 2, sampleRate: Int = 48_000) -> [UInt8] {
        let hdlr = box("hdlr", B.zeros(4) + B.zeros(4) + B.ascii("soun") + B.zeros(12) + [0])
        let entry = box(
            codec,
            B.zeros(6) + B.be16(1) + B.zeros(8) + B.be16(channels) + B.be16(16) + B.zeros(4) + B.be32(sampleRate << 16))
        let stsd = box("stsd", B.zeros(4) + B.be32(1) + entry)
        return box("trak", box("mdia", hdlr + box("minf", box("stbl", stsd))))
    }

    /// ftyp, then (optionally) a large mdat, then moov.
    static func mp4(
        brand: String = "isom", timescale: Int = 1000, duration: Int = 12_345, mdatBytes: Int = 0,
        largeSize: Bool = false
    )
        -> [UInt8]
    {
        var bytes = box("ftyp", B.ascii(brand) + B.be32(0) + B.ascii("isommp41"))
        if mdatBytes > 0 {
            if largeSize {
                bytes += B.be32(1) + B.ascii("mdat") + B.be64(UInt64(16 + mdatBytes)) + B.zeros(mdatBytes)
            } else {
                bytes += box("mdat", B.zeros(mdatBytes))
            }
        }
        bytes += box("moov", mvhd(timescale: timescale, duration: duration) + videoTrack() + audioTrack())
        return bytes
    }

    static func flac(sampleRate: Int = 44_100, channels: Int = 2, bits: Int = 16, samples: Int = 88_200) -> [UInt8] {
        let packed = UInt64(sampleRate) << 44 | UInt64(channels - 1) << 41 | UInt64(bits - 1) << 36 | UInt64(samples)
        let info = B.be16(4096) + B.be16(4096) + B.be24(0) + B.be24(0) + B.be64(packed) + B.zeros(16)
        return B.ascii("fLaC") + [0x80] + B.be24(info.count) + info + B.zeros(64)
    }

    static func oggPage(type: UInt8, granule: UInt64, serial: Int, sequence: Int, packet: [UInt8]) -> [UInt8] {
        B.ascii("OggS") + [0, type] + B.le64(granule) + B.le32(serial) + B.le32(sequence) + B.le32(0) + [
            1, UInt8(packet.count),
        ] + packet
    }

    static func oggOpus(seconds: Int) -> [UInt8] {
        let head = B.ascii("OpusHead") + [1, 2] + B.le16(312) + B.le32(48_000) + B.le16(0) + [0]
        return oggPage(type: 2, granule: 0, serial: 77, sequence: 0, packet: head)
            + oggPage(type: 0, granule: 0, serial: 77, sequence: 1, packet: B.ascii("OpusTags") + B.zeros(8))
            + oggPage(type: 4, granule: UInt64(312 + 48_000 * seconds), serial: 77, sequence: 2, packet: [0])
    }

    static func oggVorbis(sampleRate: Int, seconds: Int) -> [UInt8] {
        let head = [1] + B.ascii("vorbis") + B.le32(0) + [1] + B.le32(sampleRate) + B.zeros(13)
        return oggPage(type: 2, granule: 0, serial: 5, sequence: 0, packet: head)
            + oggPage(type: 4, granule: UInt64(sampleRate * seconds), serial: 5, sequence: 1, packet: [0])
    }

    /// An ID3v2 tag, then an MPEG-1 Layer III frame carrying a Xing header with `frames`.
    static func mp3(frames: Int?) -> [UInt8] {
        var bytes = B.ascii("ID3") + [3, 0, 0] + [0, 0, 0, 20] + B.zeros(20)
        var frame: [UInt8] = [0xFF, 0xFB, 0x90, 0x00] + B.zeros(32)
        if let frames { frame += B.ascii("Xing") + B.be32(1) + B.be32(frames) }
        frame += B.zeros(417 - frame.count)
        bytes += frame + [0xFF, 0xFB, 0x90, 0x00] + B.zeros(413)
        return bytes
    }
}
