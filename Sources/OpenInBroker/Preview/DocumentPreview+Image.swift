extension DocumentPreview {
    /// The size and colour model of a raster image, from its header.
    ///
    /// Policy: read from the header only — PNG `IHDR`; JPEG `SOFn` found by walking marker
    /// segments (at most ``Limits/maximumSteps``, each step moving forward); the GIF logical
    /// screen; the BMP info header; WebP `VP8 `, `VP8L` or `VP8X`; the first TIFF IFD (at most
    /// 1024 entries); an SVG document's root element (``SVG``). A header that is present but
    /// inconsistent yields no image and a note.
    public struct Image: Sendable, Hashable, Codable {
        /// `png`, `jpeg`, `gif`, `bmp`, `webp`, `tiff` or `svg`.
        public var format: String
        /// The width in pixels.
        public var width: Int?
        /// The height in pixels.
        public var height: Int?
        /// Bits per sample (per channel), as the header states it.
        public var bitDepth: Int?
        /// `grayscale`, `grayscale-alpha`, `rgb`, `rgba`, `indexed`, `ycbcr`, `cmyk` or `yuv`.
        public var colorType: String?
        /// An SVG's own size, view box and title (its ``width`` and ``height`` are then CSS pixels).
        public var svg: SVG?

        /// Creates image facts.
        public init(format: String, width: Int?, height: Int?, bitDepth: Int?, colorType: String?, svg: SVG? = nil) {
            self.format = format
            self.width = width
            self.height = height
            self.bitDepth = bitDepth
            self.colorType = colorType
            self.svg = svg
        }

        static func read(from source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError)
            -> Image?
        {
            let head = try source.head(64)
            if head.has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(head, notes: &notes) }
            if head.has([0xFF, 0xD8, 0xFF]) { return try jpeg(source, limits: limits, notes: &notes) }
            if head.has("GIF87a") || head.has("GIF89a") { return gif(head) }
            if head.has("BM") { return bmp(head, notes: &notes) }
            if head.has("RIFF") && head.has("WEBP", at: 8) { return webp(head, notes: &notes) }
            if head.has("II*\u{0}") || head.has("MM\u{0}*") {
                return try tiff(source, head, limits: limits, notes: &notes)
            }
            if head.has("II+\u{0}") || head.has("MM\u{0}+") {
                notes.append("BigTIFF headers are not read")
                return Image(format: "tiff", width: nil, height: nil, bitDepth: nil, colorType: nil)
            }
            if head.bytes.drop(while: { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
                .first == UInt8(ascii: "<"), let svg = try SVG.read(from: source, limits: limits, notes: &notes)
            {
                return svg
            }
            notes.append("not a PNG, JPEG, GIF, BMP, WebP, TIFF or SVG image")
            return nil
        }

        static func png(_ head: PreviewBytes, notes: inout [String]) -> Image? {
            guard head.u32be(8) == 13, head.has("IHDR", at: 12), let width = head.u32be(16),
                let height = head.u32be(20), let depth = head[24], let color = head[25]
            else {
                notes.append("the PNG does not start with a valid IHDR chunk")
                return nil
            }
            let colorType: String? =
                switch color {
                case 0: "grayscale"
                case 2: "rgb"
                case 3: "indexed"
                case 4: "grayscale-alpha"
                case 6: "rgba"
                default: nil
                }
            if colorType == nil { notes.append("unknown PNG colour type \(color)") }
            return Image(format: "png", width: width, height: height, bitDepth: Int(depth), colorType: colorType)
        }

        static func jpeg(_ source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError)
            -> Image?
        {
            var offset: Int64 = 2
            for _ in 0..<limits.maximumSteps {
                let header = try source.read(at: offset, count: 4)
                guard header[0] == 0xFF, let marker = header[1] else {
                    notes.append("the JPEG marker walk ended without a frame header")
                    return Image(format: "jpeg", width: nil, height: nil, bitDepth: nil, colorType: nil)
                }
                switch marker {
                case 0xFF:  // a fill byte before a marker
                    offset += 1
                    continue
                case 0xD8, 0x01, 0xD0...0xD7:
                    offset += 2
                    continue
                case 0xD9, 0xDA:
                    notes.append("no frame header before the image data")
                    return Image(format: "jpeg", width: nil, height: nil, bitDepth: nil, colorType: nil)
                default:
                    break
                }
                guard let length = header.u16be(2), length >= 2 else {
                    notes.append("a JPEG segment has an invalid length")
                    return Image(format: "jpeg", width: nil, height: nil, bitDepth: nil, colorType: nil)
                }
                let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
                if isFrame {
                    let frame = try source.read(at: offset + 4, count: 6)
                    guard let precision = frame[0], let height = frame.u16be(1), let width = frame.u16be(3),
                        let components = frame[5]
                    else {
                        notes.append("the JPEG frame header is cut short")
                        return Image(format: "jpeg", width: nil, height: nil, bitDepth: nil, colorType: nil)
                    }
                    let colorType: String? =
                        switch components {
                        case 1: "grayscale"
                        case 3: "ycbcr"
                        case 4: "cmyk"
                        default: nil
                        }
                    if height == 0 { notes.append("the height is defined later in the scan (DNL)") }
                    return Image(
                        format: "jpeg", width: width, height: height == 0 ? nil : height, bitDepth: Int(precision),
                        colorType: colorType)
                }
                offset += 2 + Int64(length)
            }
            notes.append("gave up after \(limits.maximumSteps) JPEG segments")
            return Image(format: "jpeg", width: nil, height: nil, bitDepth: nil, colorType: nil)
        }

        static func gif(_ head: PreviewBytes) -> Image {
            guard let width = head.u16le(6), let height = head.u16le(8), let packed = head[10] else {
                return Image(format: "gif", width: nil, height: nil, bitDepth: nil, colorType: "indexed")
            }
            let hasGlobalTable = packed & 0x80 != 0
            let depth = hasGlobalTable ? Int(packed & 0x07) + 1 : Int((packed >> 4) & 0x07) + 1
            return Image(format: "gif", width: width, height: height, bitDepth: depth, colorType: "indexed")
        }

        static func bmp(_ head: PreviewBytes, notes: inout [String]) -> Image? {
            guard let headerSize = head.u32le(14) else {
                notes.append("the BMP header is cut short")
                return nil
            }
            var width: Int?
            var height: Int?
            var bits: Int?
            if headerSize == 12 {
                width = head.u16le(18)
                height = head.u16le(20)
                bits = head.u16le(24)
            } else if headerSize >= 40 {
                width = head.u32le(18).map { Int(Int32(bitPattern: UInt32($0)).magnitude) }
                height = head.u32le(22).map { Int(Int32(bitPattern: UInt32($0)).magnitude) }
                bits = head.u16le(28)
            } else {
                notes.append("unknown BMP header size \(headerSize)")
                return nil
            }
            let colorType: String? = bits.map { $0 <= 8 ? "indexed" : ($0 == 32 ? "rgba" : "rgb") }
            let depth: Int? = bits.map { $0 <= 8 ? $0 : ($0 == 16 ? 5 : 8) }
            return Image(format: "bmp", width: width, height: height, bitDepth: depth, colorType: colorType)
        }

        static func webp(_ head: PreviewBytes, notes: inout [String]) -> Image? {
            switch head.fourCC(12) {
            case "VP8 ":
                guard head.has([0x9D, 0x01, 0x2A], at: 23), let width = head.u16le(26), let height = head.u16le(28)
                else {
                    notes.append("the VP8 frame header is invalid")
                    return nil
                }
                return Image(
                    format: "webp", width: width & 0x3FFF, height: height & 0x3FFF, bitDepth: 8, colorType: "yuv")
            case "VP8L":
                guard head[20] == 0x2F, let bits = head.u32le(21) else {
                    notes.append("the VP8L header is invalid")
                    return nil
                }
                let alpha = (bits >> 28) & 1 == 1
                return Image(
                    format: "webp", width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1, bitDepth: 8,
                    colorType: alpha ? "rgba" : "rgb")
            case "VP8X":
                guard let flags = head[20], let width = head.u24le(24), let height = head.u24le(27) else {
                    notes.append("the VP8X header is cut short")
                    return nil
                }
                if flags & 0x02 != 0 { notes.append("animated") }
                return Image(
                    format: "webp", width: width + 1, height: height + 1, bitDepth: 8,
                    colorType: flags & 0x10 != 0 ? "rgba" : "rgb")
            default:
                notes.append("unknown WebP chunk")
                return nil
            }
        }

        static func tiff(_ source: PreviewSource, _ head: PreviewBytes, limits: Limits, notes: inout [String])
            throws(HandOverError) -> Image?
        {
            let bigEndian = head.has("MM")
            let empty = Image(format: "tiff", width: nil, height: nil, bitDepth: nil, colorType: nil)
            guard let ifdOffset = head.u32(4, bigEndian: bigEndian), ifdOffset >= 8 else {
                notes.append("the TIFF header has no valid first IFD offset")
                return empty
            }
            let countBytes = try source.read(at: Int64(ifdOffset), count: 2)
            guard let declared = countBytes.u16(0, bigEndian: bigEndian) else {
                notes.append("the first TIFF IFD lies beyond the end of the file")
                return empty
            }
            let count = min(declared, 1024)
            let entries = try source.read(at: Int64(ifdOffset) + 2, count: count * 12)
            var width: Int?
            var height: Int?
            var bits: Int?
            var samples: Int?
            var photometric: Int?
            for index in 0..<(entries.count / 12) {
                let base = index * 12
                guard let tag = entries.u16(base, bigEndian: bigEndian),
                    let type = entries.u16(base + 2, bigEndian: bigEndian),
                    let valueCount = entries.u32(base + 4, bigEndian: bigEndian)
                else { break }
                let inline: Int? =
                    switch type {
                    case 3: entries.u16(base + 8, bigEndian: bigEndian)
                    case 4: entries.u32(base + 8, bigEndian: bigEndian)
                    default: nil
                    }
                switch tag {
                case 256: width = inline
                case 257: height = inline
                case 258:
                    if type == 3 && valueCount > 2, let offset = entries.u32(base + 8, bigEndian: bigEndian) {
                        bits = try source.read(at: Int64(offset), count: 2).u16(0, bigEndian: bigEndian)
                    } else {
                        bits = inline
                    }
                case 262: photometric = inline
                case 277: samples = inline
                default: break
                }
            }
            let colorType: String? =
                switch photometric {
                case 0, 1: (samples ?? 1) >= 2 ? "grayscale-alpha" : "grayscale"
                case 2: (samples ?? 3) >= 4 ? "rgba" : "rgb"
                case 3: "indexed"
                case 5: "cmyk"
                case 6: "ycbcr"
                default: nil
                }
            return Image(
                format: "tiff", width: width, height: height, bitDepth: bits ?? (width == nil ? nil : 1),
                colorType: colorType)
        }
    }
}
