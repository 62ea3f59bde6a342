import OpenWithTestSupport
import UniformTypes

/// The case table: every recognised format, with bytes built inline. The same table drives
/// the correctness tests (prefix and source modes, files on disk), the truncation tests and
/// the fuzz tests.
enum SignatureCases {
    static let all: [SignatureCase] =
        images + documents + zipFamily + compoundFiles + isoMedia + audioVideo + archives + executables + fonts + data
        + scripts + markup + structuredText + plainText + subtypes

    // MARK: Helpers

    static func a(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func le16(_ value: Int) -> [UInt8] { ByteFixtures.le16(value) }
    static func le32(_ value: Int) -> [UInt8] { ByteFixtures.le32(value) }
    static func be16(_ value: Int) -> [UInt8] { ByteFixtures.be16(value) }
    static func be32(_ value: Int) -> [UInt8] { ByteFixtures.be32(value) }
    static func zeros(_ count: Int) -> [UInt8] { ByteFixtures.zeros(count) }
    /// A TZif header (RFC 8536 §3.1) and its data block: no transitions, `types` local time
    /// types, four abbreviation bytes, `leaps` leap-second records, one indicator of each kind
    /// per type; times of `timeSize` bytes (4 in the version 1 block, 8 after it).
    static func tzif(version: String, leaps: Int, types: Int, timeSize: Int = 4) -> [UInt8] {
        let header = a("TZif" + version) + zeros(15) + be32(types) + be32(types) + be32(leaps) + be32(0) + be32(types) + be32(4)
        return header + zeros(types * 6) + a("UTC\0") + zeros(leaps * (timeSize + 4)) + zeros(types * 2)
    }
    static func filler(_ count: Int, seed: UInt64 = 7) -> [UInt8] { ByteFixtures.pseudoRandom(count: count, seed: seed) }

    /// An ISO-BMFF `ftyp` box followed by a small `mdat`.
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let brands = compatible.flatMap(a)
        return be32(16 + brands.count) + a("ftyp") + a(major) + be32(0) + brands + be32(16) + a("mdat") + zeros(8)
    }

    /// An MPEG-4 file with a generic brand whose `moov` holds one track per handler
    /// (`soun`, `vide` …), each as `trak` → `mdia` → `hdlr`.
    static func mpeg4(tracks handlers: [String]) -> [UInt8] {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + a(type) + payload }
        let traks = handlers.flatMap { handler in
            box("trak", box("tkhd", zeros(84)) + box("mdia", box("mdhd", zeros(24)) + box("hdlr", zeros(8) + a(handler) + zeros(13))))
        }
        let ftypBox = box("ftyp", a("isom") + be32(512) + a("isom") + a("iso2") + a("mp41"))
        return ftypBox + box("moov", box("mvhd", zeros(100)) + traks) + box("mdat", zeros(16))
    }

    /// One Ogg page (beginning of stream) holding `packet`.
    static func oggPage(_ packet: [UInt8], serial: Int = 1) -> [UInt8] {
        a("OggS") + [0, 0x02] + zeros(8) + le32(serial) + le32(0) + le32(0) + [1, UInt8(packet.count)] + packet
    }

    /// An MPEG-1 layer III frame, 128 kbit/s, 44.1 kHz: 417 bytes.
    static let mp3Frame: [UInt8] = [0xFF, 0xFB, 0x90, 0x00] + zeros(413)

    /// An ADTS AAC-LC frame, 44.1 kHz stereo, of `length` bytes.
    static func adtsFrame(_ length: Int = 100) -> [UInt8] {
        [0xFF, 0xF1, 0x50, 0x80 | UInt8((length >> 11) & 3), UInt8((length >> 3) & 0xFF), UInt8((length & 7) << 5) | 0x1F, 0xFC]
            + zeros(length - 7)
    }

    /// A 64-bit little-endian ELF header with program headers of the given types.
    static func elf64(type: Int, programHeaders: [Int]) -> [UInt8] {
        var header = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + zeros(8)
        header += le16(type) + le16(0x3E) + le32(1) + ByteFixtures.le64(0x401000) + ByteFixtures.le64(programHeaders.isEmpty ? 0 : 64)
        header += ByteFixtures.le64(0) + le32(0) + le16(64) + le16(56) + le16(programHeaders.count) + le16(64) + le16(0) + le16(0)
        for kind in programHeaders { header += le32(kind) + le32(4) + zeros(48) }
        return header + zeros(64)
    }

    /// A 64-bit little-endian `ET_DYN` ELF file whose program headers are `PT_DYNAMIC` (and
    /// `PT_INTERP` with `interpreter`) and whose dynamic section holds `DT_FLAGS_1 = flags1` (a
    /// static PIE, as `ldconfig` is, when `flags1` has `DF_1_PIE`), a `DT_SONAME` with `soname`
    /// (libc, which has a `PT_INTERP` too), then `DT_NULL`.
    static func elf64Dynamic(flags1: UInt64, soname: Bool = false, interpreter: Bool = false) -> [UInt8] {
        var header = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + zeros(8)
        header += le16(3) + le16(0x3E) + le32(1) + ByteFixtures.le64(0x1000) + ByteFixtures.le64(64)
        header += ByteFixtures.le64(0) + le32(0) + le16(64) + le16(56) + le16(2) + le16(64) + le16(0) + le16(0)
        // PT_DYNAMIC: type, flags, offset 176, vaddr, paddr, file size 64, memory size 64, align 8.
        header += le32(2) + le32(6) + ByteFixtures.le64(176) + ByteFixtures.le64(176) + ByteFixtures.le64(176)
        header += ByteFixtures.le64(64) + ByteFixtures.le64(64) + ByteFixtures.le64(8)
        // PT_INTERP, or PT_NOTE in its place.
        header += le32(interpreter ? 3 : 4) + le32(4) + zeros(48)
        // DT_FLAGS_1, DT_SONAME or DT_DEBUG, DT_NULL, DT_FLAGS_1 after the end (never read).
        header += ByteFixtures.le64(0x6FFF_FFFB) + ByteFixtures.le64(flags1)
        header += ByteFixtures.le64(soname ? 14 : 21) + ByteFixtures.le64(1) + ByteFixtures.le64(0) + ByteFixtures.le64(0)
        header += ByteFixtures.le64(0x6FFF_FFFB) + ByteFixtures.le64(0x0800_0000)
        return header + zeros(64)
    }

    /// A 32-bit big-endian ELF header (for example MIPS or PowerPC).
    static func elf32BigEndian(type: Int, programHeaders: [Int]) -> [UInt8] {
        var header = [0x7F, 0x45, 0x4C, 0x46, 1, 2, 1, 0] + zeros(8)
        header += be16(type) + be16(8) + be32(1) + be32(0x400000) + be32(programHeaders.isEmpty ? 0 : 52) + be32(0) + be32(0)
        header += be16(52) + be16(32) + be16(programHeaders.count) + be16(40) + be16(0) + be16(0)
        for kind in programHeaders { header += be32(kind) + zeros(28) }
        return header + zeros(32)
    }

    /// A thin Mach-O header.
    static func machO(magic: UInt32, fileType: Int, littleEndian: Bool) -> [UInt8] {
        let is64 = magic == 0xFEED_FACF
        var words: [Int] = [Int(magic), is64 ? 0x0100_0007 : 7, 3, fileType, 0, 0, 0]
        if is64 { words.append(0) }
        let header: [UInt8] = words.flatMap { littleEndian ? le32($0) : be32($0) }
        return header + zeros(64)
    }

    /// A PE image: DOS header, stub, PE header at `e_lfanew`.
    static func pe(characteristics: Int, newHeader: Int = 0x80) -> [UInt8] {
        var dos = a("MZ") + le16(0x90) + le16(3) + le16(0) + le16(4) + le16(0) + le16(0xFFFF) + le16(0) + le16(0xB8)
        dos += zeros(0x3C - dos.count) + le32(newHeader)
        dos += zeros(newHeader - dos.count)
        return dos + a("PE") + [0, 0] + le16(0x8664) + le16(1) + le32(0) + le32(0) + le32(0) + le16(0xF0) + le16(characteristics)
            + zeros(0xF0)
    }

    /// An sfnt offset table with `tables` table records.
    static func sfnt(_ version: [UInt8], tables: Int = 10) -> [UInt8] {
        var searchRange = 1
        while searchRange * 2 <= tables { searchRange *= 2 }
        var out = version + be16(tables) + be16(searchRange * 16) + be16(searchRange.trailingZeroBitCount)
            + be16(tables * 16 - searchRange * 16)
        for tag in ["cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post", "OS/2"].prefix(tables) {
            out += a(tag) + be32(0) + be32(0) + be32(0)
        }
        return out
    }

    /// A DER certificate-shaped structure: SEQUENCE { SEQUENCE { [0] v3, INTEGER, ... } ... }.
    static let derCertificate: [UInt8] = {
        let tbs: [UInt8] = [0xA0, 0x03, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01] + [0x04, 0x82, 0x01, 0xC0] + filler(0x1C0, seed: 3)
        let inner: [UInt8] = [0x30, 0x82] + be16(tbs.count) + tbs
        let tail: [UInt8] = [0x30, 0x0D, 0x06, 0x09] + filler(9, seed: 4) + [0x05, 0x00, 0x03, 0x05, 0x00] + filler(4, seed: 5)
        let body = inner + tail
        return [0x30, 0x82] + be16(body.count) + body
    }()

    /// A tar header of the old (v7) kind: no magic, a valid checksum.
    static let v7Tar: [UInt8] = {
        var header = a("hello.txt") + zeros(100 - 9) + a("0000644\0") + a("0001750\0") + a("0001750\0")
        header += a("00000000005\0") + a("14371573237\0") + a("        ") + a("0") + zeros(100)
        header += zeros(512 - header.count)
        let sum = header.reduce(0) { $0 + Int($1) }
        let checksum = Array(String(sum, radix: 8).utf8)
        let field = [UInt8](repeating: 0x30, count: 6 - checksum.count) + checksum + [0, 0x20]
        header.replaceSubrange(148..<156, with: field)
        return header + a("hello") + zeros(512 - 5) + zeros(1024)
    }()

    /// An ISO 9660 image: 16 empty system sectors, then a primary volume descriptor.
    static let iso9660: [UInt8] = zeros(32768) + [1] + a("CD001") + [1] + zeros(2041) + [0xFF] + a("CD001") + [1] + zeros(2041)

    // MARK: Images

    static let images: [SignatureCase] = [
        SignatureCase("PNG", "public.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + a("IHDR") + be32(1) + be32(1)
            + [8, 6, 0, 0, 0] + be32(0x1F15C489) + be32(0) + a("IEND") + be32(0xAE426082), .strong),
        SignatureCase("JPEG JFIF", "public.jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + a("JFIF\0") + [1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xD9], .strong),
        SignatureCase("JPEG Exif", "public.jpeg", [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x08] + a("Exif\0\0") + [0xFF, 0xD9]),
        SignatureCase("GIF89a", "com.compuserve.gif", a("GIF89a") + le16(1) + le16(1) + [0x80, 0, 0] + zeros(6) + [0x3B], .strong),
        SignatureCase("GIF87a", "com.compuserve.gif", a("GIF87a") + le16(1) + le16(1) + [0, 0, 0, 0x3B]),
        SignatureCase("BMP", "com.microsoft.bmp", a("BM") + le32(58) + le32(0) + le32(54) + le32(40) + le32(1) + le32(1)
            + le16(1) + le16(24) + zeros(24) + [0, 0, 0xFF, 0]),
        SignatureCase("TIFF little-endian", "public.tiff", a("II*\0") + le32(8) + le16(0) + le32(0)),
        SignatureCase("TIFF big-endian", "public.tiff", a("MM\0*") + be32(8) + be16(0) + be32(0)),
        SignatureCase("BigTIFF", "public.tiff", a("II+\0") + le16(8) + le16(0) + ByteFixtures.le64(16) + zeros(16)),
        SignatureCase("WebP", "org.webmproject.webp", a("RIFF") + le32(26) + a("WEBPVP8L") + le32(14) + filler(14)),
        SignatureCase("ICO", "com.microsoft.ico", [0, 0, 1, 0] + le16(1) + [16, 16, 0, 0] + le16(1) + le16(32) + le32(40)
            + le32(22) + zeros(40)),
        SignatureCase("CUR", "org.freedesktop.mime.image.x-win-bitmap", [0, 0, 2, 0] + le16(1) + [16, 16, 0, 0] + le16(4)
            + le16(4) + le32(40) + le32(22) + zeros(40)),
        SignatureCase("HEIC", "public.heic", ftyp("heic", ["mif1", "heic"]), .strong),
        SignatureCase("HEIF (mif1)", "public.heif", ftyp("mif1", ["mif1", "miaf"])),
        SignatureCase("HEIF mif1 major with heic compatible", "public.heic", ftyp("mif1", ["mif1", "heic"])),
        SignatureCase("HEIF sequence", "public.heifs", ftyp("msf1", ["msf1", "iso8"])),
        SignatureCase("HEIC sequence", "public.heics", ftyp("hevc", ["msf1", "hevc"])),
        SignatureCase("AVIF", "org.freedesktop.mime.image.avif", ftyp("avif", ["avif", "mif1", "miaf"])),
        SignatureCase("AVIF sequence", "org.freedesktop.mime.image.avif", ftyp("avis", ["avis", "msf1"])),
        SignatureCase("JPEG XL codestream", "public.jpeg-xl", [0xFF, 0x0A, 0xFA, 0x7F] + filler(32), .weak),
        SignatureCase("JPEG XL container", "public.jpeg-xl", be32(12) + a("JXL ") + [0x0D, 0x0A, 0x87, 0x0A] + be32(20)
            + a("ftypjxl ") + be32(0) + a("jxl "), .strong),
        SignatureCase("JPEG 2000", "public.jpeg-2000", be32(12) + a("jP  ") + [0x0D, 0x0A, 0x87, 0x0A] + be32(20) + a("ftypjp2 ")
            + be32(0) + a("jp2 ")),
        SignatureCase("JPEG 2000 codestream", "org.freedesktop.mime.image.x-jp2-codestream", [0xFF, 0x4F, 0xFF, 0x51] + zeros(40)),
        SignatureCase("Photoshop PSD", "com.adobe.photoshop-image", a("8BPS") + be16(1) + zeros(6) + be16(3) + be32(1) + be32(1)
            + be16(8) + be16(3)),
        SignatureCase("Photoshop PSB", "com.adobe.photoshop-large-image", a("8BPS") + be16(2) + zeros(6) + be16(3) + be32(1)
            + be32(1) + be16(8) + be16(3)),
        SignatureCase("SVG with declaration", "public.svg-image", a("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- drawn -->\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect/></svg>\n"), .strong),
        SignatureCase("SVG without declaration", "public.svg-image", a("<svg xmlns=\"http://www.w3.org/2000/svg\"\n viewBox=\"0 0 1 1\"/>")),
        SignatureCase("SVG with doctype", "public.svg-image", a("<?xml version=\"1.0\" standalone=\"no\"?>\n<!DOCTYPE svg PUBLIC "
            + "\"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg version=\"1.1\"></svg>")),
    ]

    // MARK: Documents

    static let documents: [SignatureCase] = [
        SignatureCase("PDF", "com.adobe.pdf", a("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"), .strong),
        SignatureCase("PDF after junk", "com.adobe.pdf", a("HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n"),
                      .weak),
        SignatureCase("PDF after binary junk", "com.adobe.pdf", [0xEF, 0xBB, 0xBF] + a("%PDF-1.7\n%%EOF\n")),
        SignatureCase("text quoting a PDF header is text", "public.plain-text", a("let header = \"%PDF-1.4\"\nprint(header)\n")),
        SignatureCase("PostScript", "com.adobe.postscript", a("%!PS-Adobe-3.0\n%%Title: test\nshowpage\n"), .strong),
        SignatureCase("EPS", "com.adobe.encapsulated-postscript", a("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n")),
        SignatureCase("DOS EPS binary", "com.adobe.encapsulated-postscript", [0xC5, 0xD0, 0xD3, 0xC6] + le32(30) + le32(10) + zeros(20)),
        SignatureCase("RTF", "public.rtf", a("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Hello\\par }"), .strong),
        SignatureCase("EPUB", "org.idpf.epub-container",
                      ZipFixture.withMimetype("application/epub+zip", others: ["META-INF/container.xml", "OEBPS/content.opf"])),
    ]

    // MARK: ZIP and what lives in it

    static let zipFamily: [SignatureCase] = [
        SignatureCase("plain ZIP", "public.zip-archive", ZipFixture.named(["hello.txt", "docs/readme.md"]), .strong),
        SignatureCase("empty ZIP", "public.zip-archive", le32(0x0605_4B50) + zeros(18)),
        SignatureCase("DOCX by content types", "org.openxmlformats.wordprocessingml.document", ZipFixture.officeByContentTypes(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml", part: "word/document.xml")),
        SignatureCase("DOCX by names", "org.openxmlformats.wordprocessingml.document",
                      ZipFixture.officeByNames(["word/document.xml", "word/styles.xml", "docProps/core.xml"])),
        SignatureCase("DOTX", "org.openxmlformats.wordprocessingml.template", ZipFixture.officeByContentTypes(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml", part: "word/document.xml")),
        SignatureCase("DOCM", "org.openxmlformats.wordprocessingml.document.macroenabled", ZipFixture.officeByContentTypes(
            "application/vnd.ms-word.document.macroEnabled.main+xml", part: "word/document.xml")),
        SignatureCase("DOCM by names", "org.openxmlformats.wordprocessingml.document.macroenabled",
                      ZipFixture.officeByNames(["word/document.xml", "word/vbaProject.bin"])),
        SignatureCase("DOTM", "org.openxmlformats.wordprocessingml.template.macroenabled", ZipFixture.officeByContentTypes(
            "application/vnd.ms-word.template.macroEnabledTemplate.main+xml", part: "word/document.xml")),
        SignatureCase("XLSX by names", "org.openxmlformats.spreadsheetml.sheet",
                      ZipFixture.officeByNames(["xl/workbook.xml", "xl/worksheets/sheet1.xml"])),
        SignatureCase("XLSX by content types", "org.openxmlformats.spreadsheetml.sheet", ZipFixture.officeByContentTypes(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", part: "xl/workbook.xml")),
        SignatureCase("XLTX", "org.openxmlformats.spreadsheetml.template", ZipFixture.officeByContentTypes(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml", part: "xl/workbook.xml")),
        SignatureCase("XLSM", "org.openxmlformats.spreadsheetml.sheet.macroenabled", ZipFixture.officeByContentTypes(
            "application/vnd.ms-excel.sheet.macroEnabled.main+xml", part: "xl/workbook.xml")),
        SignatureCase("XLTM", "org.openxmlformats.spreadsheetml.template.macroenabled", ZipFixture.officeByContentTypes(
            "application/vnd.ms-excel.template.macroEnabled.main+xml", part: "xl/workbook.xml")),
        SignatureCase("XLSB by names", "com.microsoft.excel.sheet.binary.macroenabled",
                      ZipFixture.officeByNames(["xl/workbook.bin", "xl/worksheets/sheet1.bin"])),
        SignatureCase("PPTX by names", "org.openxmlformats.presentationml.presentation",
                      ZipFixture.officeByNames(["ppt/presentation.xml", "ppt/slides/slide1.xml"])),
        SignatureCase("PPTM", "org.openxmlformats.presentationml.presentation.macroenabled", ZipFixture.officeByContentTypes(
            "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml", part: "ppt/presentation.xml")),
        SignatureCase("POTX", "org.openxmlformats.presentationml.template", ZipFixture.officeByContentTypes(
            "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml", part: "ppt/presentation.xml")),
        SignatureCase("POTM", "org.openxmlformats.presentationml.template.macroenabled", ZipFixture.officeByContentTypes(
            "application/vnd.ms-powerpoint.template.macroEnabled.main+xml", part: "ppt/presentation.xml")),
        SignatureCase("PPSX", "org.openxmlformats.presentationml.slideshow", ZipFixture.officeByContentTypes(
            "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml", part: "ppt/presentation.xml")),
        SignatureCase("PPSM", "org.openxmlformats.presentationml.slideshow.macroenabled", ZipFixture.officeByContentTypes(
            "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml", part: "ppt/presentation.xml")),
        SignatureCase("OOXML package of unknown kind", "org.openxmlformats.openxml",
                      ZipFixture.officeByNames(["customXml/item1.xml"])),
        SignatureCase("ODT", "org.oasis-open.opendocument.text", ZipFixture.withMimetype("application/vnd.oasis.opendocument.text")),
        SignatureCase("OTT", "org.oasis-open.opendocument.text-template",
                      ZipFixture.withMimetype("application/vnd.oasis.opendocument.text-template")),
        SignatureCase("ODS", "org.oasis-open.opendocument.spreadsheet",
                      ZipFixture.withMimetype("application/vnd.oasis.opendocument.spreadsheet")),
        SignatureCase("ODP", "org.oasis-open.opendocument.presentation",
                      ZipFixture.withMimetype("application/vnd.oasis.opendocument.presentation")),
        SignatureCase("ODG", "org.oasis-open.opendocument.graphics",
                      ZipFixture.withMimetype("application/vnd.oasis.opendocument.graphics")),
        SignatureCase("ODB", "org.oasis-open.opendocument.database",
                      ZipFixture.withMimetype("application/vnd.oasis.opendocument.base")),
        SignatureCase("OpenOffice 1 Writer", "org.openoffice.text", ZipFixture.withMimetype("application/vnd.sun.xml.writer")),
        SignatureCase("JAR", "com.sun.java-archive", ZipFixture.named(["META-INF/", "META-INF/MANIFEST.MF", "com/example/Main.class"])),
        SignatureCase("APK", "vnd.android.package-archive",
                      ZipFixture.named(["AndroidManifest.xml", "classes.dex", "resources.arsc", "META-INF/MANIFEST.MF"])),
        SignatureCase("IPA", "com.apple.iphone.package-archive",
                      ZipFixture.named(["Payload/", "Payload/Example.app/", "Payload/Example.app/Info.plist"])),
        SignatureCase("XPS", "org.freedesktop.mime.application.vnd.ms-xpsdocument",
                      ZipFixture.named(["_rels/.rels", "FixedDocSeq.fdseq", "Documents/1/FixedDoc.fdoc"])),
        SignatureCase("VSIX (no declared type)", "public.zip-archive",
                      ZipFixture.named(["extension.vsixmanifest", "[Content_Types].xml", "extension/package.json"])),
        SignatureCase("Visio VSDX", "org.freedesktop.mime.application.vnd.ms-visio.drawing.main-xml",
                      ZipFixture.officeByNames(["visio/document.xml", "visio/pages/page1.xml"])),
        SignatureCase("self-extracting stub before a ZIP", "org.freedesktop.mime.application.vnd.microsoft.portable-executable",
                      { var zip = ZipFixture(); zip.prefix = pe(characteristics: 0x0022); zip.stored("a.txt", "a"); return zip.build() }()),
        SignatureCase("ZIP with data descriptors", "org.openxmlformats.wordprocessingml.document", {
            var zip = ZipFixture()
            zip.stored("[Content_Types].xml", ZipFixture.contentTypes(
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml", part: "word/document.xml"))
            zip.deflated("word/document.xml", dataDescriptor: true)
            return zip.build()
        }()),
    ]

    // MARK: Compound File (OLE2)

    static let installerClassID: [UInt8] = [0x84, 0x10, 0x0C, 0x00, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46]

    static let compoundFiles: [SignatureCase] = [
        SignatureCase("Word 97 DOC", "com.microsoft.word.doc",
                      CompoundFileFixture(streams: ["\u{1}CompObj", "WordDocument", "1Table", "\u{5}SummaryInformation"]).build(), .strong),
        SignatureCase("Excel 97 XLS", "com.microsoft.excel.xls", CompoundFileFixture(streams: ["Workbook", "\u{5}SummaryInformation"]).build()),
        SignatureCase("Excel XLS, directory as a balanced tree (regression: empty links counted as entries)", "com.microsoft.excel.xls", {
            var file = CompoundFileFixture(streams: ["Workbook", "\u{5}SummaryInformation", "\u{5}DocumentSummaryInformation"])
            file.balanced = true
            return file.build()
        }()),
        SignatureCase("Excel 5 XLS (Book)", "com.microsoft.excel.xls", CompoundFileFixture(streams: ["Book"]).build()),
        SignatureCase("PowerPoint PPT", "com.microsoft.powerpoint.ppt",
                      CompoundFileFixture(streams: ["PowerPoint Document", "Current User", "Pictures"]).build()),
        SignatureCase("MSI by class id", "org.freedesktop.mime.application.x-msi", {
            var file = CompoundFileFixture(streams: ["\u{5}SummaryInformation"])
            file.rootClassID = installerClassID
            return file.build()
        }()),
        SignatureCase("MSI by table streams", "org.freedesktop.mime.application.x-msi",
                      CompoundFileFixture(streams: ["\u{4840}\u{3F3F}\u{4577}", "\u{4840}\u{3B3F}"]).build()),
        SignatureCase("Outlook message", "org.apache.tika.mime.application.vnd.ms-outlook",
                      CompoundFileFixture(streams: ["__properties_version1.0", "__substg1.0_0037001F", "__nameid_version1.0"]).build()),
        SignatureCase("Visio VSD", "org.freedesktop.mime.application.vnd.visio", CompoundFileFixture(streams: ["VisioDocument"]).build()),
        SignatureCase("generic compound file", "org.freedesktop.mime.application.x-ole-storage",
                      CompoundFileFixture(streams: ["Contents", "Data"]).build()),
    ]

    // MARK: ISO base media

    static let isoMedia: [SignatureCase] = [
        SignatureCase("MP4 (isom)", "public.mpeg-4", ftyp("isom", ["isom", "iso2", "avc1", "mp41"]), .strong),
        SignatureCase("MP4 (mp42)", "public.mpeg-4", ftyp("mp42", ["mp42", "isom"])),
        SignatureCase("MP4 (isom) with one sound track", "public.mpeg-4-audio", mpeg4(tracks: ["soun"]), .strong),
        SignatureCase("MP4 (isom) with sound and metadata tracks", "public.mpeg-4-audio", mpeg4(tracks: ["soun", "meta"])),
        SignatureCase("MP4 (isom) with video and sound tracks", "public.mpeg-4", mpeg4(tracks: ["vide", "soun"])),
        SignatureCase("MP4 (isom) with a hint track only", "public.mpeg-4", mpeg4(tracks: ["hint"])),
        SignatureCase("M4A", "com.apple.m4a-audio", ftyp("M4A ", ["M4A ", "mp42", "isom"])),
        SignatureCase("M4A as compatible brand", "com.apple.m4a-audio", ftyp("mp42", ["isom", "M4A "])),
        SignatureCase("M4B", "com.apple.protected-mpeg-4-audio-b", ftyp("M4B ", ["M4B ", "mp42"])),
        SignatureCase("M4V", "com.apple.m4v-video", ftyp("M4V ", ["M4V ", "M4A ", "mp42"])),
        SignatureCase("QuickTime ftyp", "com.apple.quicktime-movie", ftyp("qt  ", ["qt  "])),
        SignatureCase("QuickTime without ftyp", "com.apple.quicktime-movie", be32(8) + a("wide") + be32(16) + a("mdat") + zeros(8)
            + be32(16) + a("moov") + be32(8) + a("mvhd")),
        SignatureCase("QuickTime starting with moov", "com.apple.quicktime-movie", be32(16) + a("moov") + be32(8) + a("mvhd")),
        SignatureCase("3GPP", "public.3gpp", ftyp("3gp5", ["3gp5", "isom"])),
        SignatureCase("3GPP2", "public.3gpp2", ftyp("3g2a", ["3g2a"])),
        SignatureCase("F4V", "com.adobe.flash.video", ftyp("f4v ", ["isom", "mp42", "m4v "])),
    ]

    // MARK: Audio and video

    static let audioVideo: [SignatureCase] = [
        SignatureCase("WAVE", "com.microsoft.waveform-audio", a("RIFF") + le32(36) + a("WAVEfmt ") + le32(16) + le16(1) + le16(2)
            + le32(44100) + le32(176400) + le16(4) + le16(16) + a("data") + le32(0), .strong),
        SignatureCase("RIFX WAVE (big-endian)", "com.microsoft.waveform-audio", a("RIFX") + be32(36) + a("WAVEfmt ") + be32(16) + be16(1) + be16(1)
            + be32(44_100) + be32(176_400) + be16(4) + be16(32) + a("data") + be32(0)),
        SignatureCase("RF64 WAVE", "com.microsoft.waveform-audio", a("RF64") + le32(-1) + a("WAVEds64") + le32(28) + zeros(28)),
        SignatureCase("AVI", "public.avi", a("RIFF") + le32(100) + a("AVI LIST") + le32(4) + a("hdrl") + zeros(80)),
        SignatureCase("MIDI in RIFF", "public.midi-audio", a("RIFF") + le32(30) + a("RMIDdata") + le32(18) + a("MThd") + be32(6)
            + zeros(6)),
        SignatureCase("Ogg Vorbis", "org.freedesktop.mime.audio.x-vorbis-ogg", oggPage([1] + a("vorbis") + zeros(23)), .strong),
        SignatureCase("Ogg Opus", "org.freedesktop.mime.audio.x-opus-ogg", oggPage(a("OpusHead") + [1, 2] + zeros(9))),
        SignatureCase("Ogg Theora with Vorbis", "org.freedesktop.mime.video.x-theora-ogg",
                      oggPage([0x80] + a("theora") + zeros(35), serial: 1) + oggPage([1] + a("vorbis") + zeros(23), serial: 2)),
        SignatureCase("Ogg FLAC", "org.freedesktop.mime.audio.x-flac-ogg", oggPage([0x7F] + a("FLAC") + [1, 0] + be16(1) + a("fLaC")
            + zeros(38))),
        SignatureCase("Ogg Speex", "org.freedesktop.mime.audio.x-speex-ogg", oggPage(a("Speex   1.2") + zeros(69))),
        SignatureCase("Ogg, unknown codec", "org.freedesktop.mime.application.ogg", oggPage(a("unknown codec") + zeros(10))),
        SignatureCase("FLAC", "org.xiph.flac", a("fLaC") + [0x80, 0, 0, 34] + zeros(34), .strong),
        SignatureCase("MP3 with ID3v2", "public.mp3", a("ID3") + [4, 0, 0, 0, 0, 0, 10] + zeros(10) + mp3Frame + mp3Frame, .strong),
        SignatureCase("MP3 frames", "public.mp3", mp3Frame + mp3Frame + mp3Frame, .weak),
        SignatureCase("MP2 frames", "public.mp2", { let frame: [UInt8] = [0xFF, 0xFD, 0x80, 0x00] + zeros(413); return frame + frame }()),
        SignatureCase("Paint Shop Pro image", "com.corel.paintshop-pro-image",
                      a("Paint Shop Pro Image File\n\u{1A}") + zeros(5) + [5, 0, 0, 0] + zeros(40)),
        SignatureCase("XISF image", "org.pixinsight.xisf-image", a("XISF0100") + le32(900) + zeros(4) + a("<?xml version=\"1.0\"?>")),
        SignatureCase("SGI image (RLE, 3 channels)", "com.sgi.sgi-image",
                      [0x01, 0xDA, 1, 1, 0, 3, 0, 128, 0, 128, 0, 3] + zeros(96) + zeros(404)),
        SignatureCase("DSS dictation", "com.olympus.dss-audio", [2] + a("dss") + zeros(60)),
        SignatureCase("DSS Pro dictation", "com.olympus.dss-audio", [3] + a("ds2") + zeros(60)),
        SignatureCase("PBM, plain", "org.freedesktop.mime.image.x-portable-bitmap", a("P1\n# bits\n2 2\n0 1\n1 0\n")),
        SignatureCase("PGM, raw", "org.freedesktop.mime.image.x-portable-graymap", a("P5\n4 2\n255\n") + [0xFE, 0xFD, 0x80, 0x81, 0, 1, 2, 3]),
        SignatureCase("PPM, raw", "org.freedesktop.mime.image.x-portable-pixmap", a("P6 1 1 255\n") + [0xFF, 0, 0x80]),
        SignatureCase("PAM", "org.apache.tika.mime.image.x-portable-arbitrarymap",
                      a("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n") + [0x80]),
        SignatureCase("Creative Voice File", "org.freedesktop.mime.audio.x-voc",
                      a("Creative Voice File") + [0x1A] + le16(26) + le16(0x010A) + le16(0x1129) + [1] + ByteFixtures.le24(0x1000) + [0xA6, 0] + zeros(40)),
        SignatureCase("WordPerfect document", "org.freedesktop.mime.application.vnd.wordperfect",
                      [0xFF] + a("WPC") + le32(0x200) + [1, 10, 2, 1] + zeros(40)),
        SignatureCase("WordPerfect Graphics image", "org.freedesktop.mime.application.x-wpg",
                      [0xFF] + a("WPC") + le32(16) + [1, 22, 1, 0] + zeros(40)),
        SignatureCase("FLAC behind ID3v2", "org.xiph.flac", a("ID3") + [3, 0, 0, 0, 0, 0, 4] + zeros(4) + a("fLaC") + zeros(38)),
        SignatureCase("Monkey's Audio behind ID3v2", "org.freedesktop.mime.audio.x-ape",
                      a("ID3") + [3, 0, 0, 0, 0, 0, 4] + zeros(4) + a("MAC ") + [0x8F, 0x0F] + zeros(40)),
        SignatureCase("Musepack SV8 behind ID3v2", "org.freedesktop.mime.audio.x-musepack",
                      a("ID3") + [4, 0, 0, 0, 0, 0, 4] + zeros(4) + a("MPCK") + a("SH") + zeros(40)),
        SignatureCase("WavPack behind ID3v2", "org.freedesktop.mime.audio.x-wavpack",
                      a("ID3") + [3, 0, 0, 0, 0, 0, 4] + zeros(4) + a("wvpk") + le32(1000) + [0x10, 0x04] + zeros(40)),
        SignatureCase("TrueAudio behind ID3v2", "org.freedesktop.mime.audio.x-tta",
                      a("ID3") + [3, 0, 0, 0, 0, 0, 4] + zeros(4) + a("TTA1") + [1, 0, 2, 0, 16, 0] + zeros(40)),
        SignatureCase("AAC ADTS", "public.aac-audio", adtsFrame() + adtsFrame() + adtsFrame(), .weak),
        SignatureCase("AAC ADTS behind ID3v2", "public.aac-audio", a("ID3") + [3, 0, 0, 0, 0, 0, 0] + adtsFrame() + adtsFrame()),
        SignatureCase("MIDI", "public.midi-audio", a("MThd") + be32(6) + be16(1) + be16(1) + be16(96) + a("MTrk") + be32(4)
            + [0, 0xFF, 0x2F, 0], .strong),
        SignatureCase("AIFF", "public.aiff-audio", a("FORM") + be32(46) + a("AIFFCOMM") + be32(18) + zeros(18)),
        SignatureCase("AIFF-C", "public.aifc-audio", a("FORM") + be32(58) + a("AIFCFVER") + be32(4) + be32(0xA2805140)),
        SignatureCase("Matroska", "org.freedesktop.mime.video.x-matroska", [0x1A, 0x45, 0xDF, 0xA3, 0x9B, 0x42, 0x86, 0x81, 1,
            0x42, 0xF7, 0x81, 1, 0x42, 0x82, 0x88] + a("matroska") + [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2] + zeros(16), .strong),
        SignatureCase("Matroska audio (one audio track)", "org.freedesktop.mime.audio.x-matroska", [0x1A, 0x45, 0xDF, 0xA3, 0x8B,
            0x42, 0x82, 0x88] + a("matroska") + [0x18, 0x53, 0x80, 0x67, 0xFF, 0x16, 0x54, 0xAE, 0x6B, 0x88, 0xAE, 0x86,
            0xD7, 0x81, 1, 0x83, 0x81, 2] + zeros(16), .strong),
        SignatureCase("WebM", "org.webmproject.webm", [0x1A, 0x45, 0xDF, 0xA3, 0x97, 0x42, 0x86, 0x81, 1, 0x42, 0xF7, 0x81, 1,
            0x42, 0x82, 0x84] + a("webm") + [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2] + zeros(16), .strong),
        SignatureCase("MPEG-TS", "public.mpeg-2-transport-stream", (0..<8).flatMap { _ in [0x47, 0x40, 0x00, 0x10] + [UInt8](
            repeating: 0xFF, count: 184) }, .strong),
        SignatureCase("MPEG-TS, two packets", "public.mpeg-2-transport-stream",
                      (0..<2).flatMap { _ in [0x47, 0x1F, 0xFF, 0x10] + zeros(184) }, .weak),
        SignatureCase("M2TS", "public.mpeg-2-transport-stream", (0..<4).flatMap { _ in zeros(4) + [0x47, 0x40, 0x00, 0x10]
            + [UInt8](repeating: 0xFF, count: 184) }),
        SignatureCase("MPEG-2 program stream", "public.mpeg", [0, 0, 1, 0xBA, 0x44, 0, 4, 0, 4, 1, 1, 0x89, 0xC3, 0xF8]
            + [0, 0, 1, 0xE0] + zeros(30), .strong),
        SignatureCase("MPEG-1 system stream", "public.mpeg", [0, 0, 1, 0xBA, 0x21, 0, 1, 0, 1, 0x80, 0x1B, 0x91] + zeros(30)),
        SignatureCase("FLV", "com.adobe.flash.video", a("FLV") + [1, 5] + be32(9) + be32(0) + zeros(11), .strong),
        SignatureCase("SWF", "org.freedesktop.mime.application.vnd.adobe.flash.movie", a("FWS") + [10] + le32(1_024) + [0x78, 0, 5, 0x5F, 0, 0, 0x0F, 0xA0] + zeros(20), .strong),
        SignatureCase("compressed SWF", "org.freedesktop.mime.application.vnd.adobe.flash.movie", a("CWS") + [32] + le32(88_000) + [0x78, 0x9C] + zeros(20), .strong),
        SignatureCase("PFM, colour", "org.freedesktop.mime.image.x-pfm", a("PF\n2 1\n-1.000000\n") + zeros(24), .strong),
        SignatureCase("PFM, greyscale, big-endian", "org.freedesktop.mime.image.x-pfm", a("Pf\n1 1\n1.5e0\n") + [0x3F, 0x80, 0, 0], .strong),
        SignatureCase("Photo CD image pac", "org.freedesktop.mime.image.x-photo-cd", [UInt8](repeating: 0xFF, count: 2048) + a("PCD_IPI") + zeros(9), .strong),
        SignatureCase("FITS", "org.freedesktop.mime.application.fits", fitsHeader(simple: "T"), .strong),
        SignatureCase("FITS, not conforming", "org.freedesktop.mime.application.fits", fitsHeader(simple: "F"), .strong),
        SignatureCase("ASF without streams", "com.microsoft.advanced-systems-format", asfHeader(streamTypes: []), .strong),
        SignatureCase("ASF with an audio stream", "com.microsoft.windows-media-wma", asfHeader(streamTypes: [asfAudio]), .strong),
        SignatureCase("ASF with a video stream", "com.microsoft.windows-media-wmv", asfHeader(streamTypes: [asfAudio, asfVideo]), .strong),
    ]

    /// A FITS primary header: the SIMPLE (with `simple` in column 30), BITPIX, NAXIS and END
    /// cards, each padded to 80 columns.
    static func fitsHeader(simple: String) -> [UInt8] {
        let cards = ["SIMPLE  = " + String(repeating: " ", count: 19) + simple, "BITPIX  =                    8", "NAXIS   =                    0", "END"]
        return cards.flatMap { a($0 + String(repeating: " ", count: 80 - $0.count)) }
    }

    /// `ASF_Audio_Media` and `ASF_Video_Media`, as ASF files store them.
    static let asfAudio: [UInt8] = [0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]
    static let asfVideo: [UInt8] = [0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]

    /// An ASF Header Object holding one Stream Properties Object (54 bytes: GUID, size, stream
    /// type, the rest zero) per stream type.
    static func asfHeader(streamTypes: [[UInt8]]) -> [UInt8] {
        let header: [UInt8] = [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
        let streamProperties: [UInt8] = [0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
        let objects = streamTypes.flatMap { streamProperties + le32(78) + zeros(4) + $0 + zeros(38) }
        return header + le32(30 + objects.count) + zeros(4) + le32(streamTypes.count) + [1, 2] + objects
    }

    // MARK: Archives and compression

    static let archives: [SignatureCase] = [
        SignatureCase("gzip", "org.gnu.gnu-zip-archive", [0x1F, 0x8B, 8, 0] + zeros(6) + filler(20) + zeros(8), .strong),
        SignatureCase("bzip2", "public.bzip2-archive", a("BZh9") + [0x31, 0x41, 0x59, 0x26, 0x53, 0x59] + filler(40)),
        SignatureCase("empty bzip2", "public.bzip2-archive", a("BZh9") + [0x17, 0x72, 0x45, 0x38, 0x50, 0x90, 0, 0, 0, 0]),
        SignatureCase("xz", "org.tukaani.xz-archive", [0xFD] + a("7zXZ") + [0, 0, 4] + filler(40)),
        SignatureCase("zstd", "org.freedesktop.mime.application.zstd", [0x28, 0xB5, 0x2F, 0xFD] + filler(30)),
        SignatureCase("LZ4", "org.freedesktop.mime.application.x-lz4", [0x04, 0x22, 0x4D, 0x18, 0x64, 0x40, 0xA7] + filler(30)),
        SignatureCase("Unix compress", "public.z-archive", [0x1F, 0x9D, 0x90] + filler(30)),
        SignatureCase("7-Zip", "org.7-zip.7-zip-archive", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0, 4] + filler(24)),
        SignatureCase("RAR 4", "org.freedesktop.mime.application.vnd.rar", a("Rar!") + [0x1A, 7, 0, 0xCF, 0x90, 0x73, 0, 0, 0x0D]
            + zeros(20)),
        SignatureCase("RAR 5", "org.freedesktop.mime.application.vnd.rar", a("Rar!") + [0x1A, 7, 1, 0] + filler(24)),
        SignatureCase("tar (ustar)", "public.tar-archive", {
            var tar = TarArchiveBuilder()
            tar.add("hello.txt", text: "hello")
            return tar.build()
        }(), .strong),
        SignatureCase("tar (GNU)", "public.tar-archive", a("hello.txt") + zeros(248) + a("ustar  \0") + zeros(247) + zeros(1024)),
        SignatureCase("tar (v7)", "public.tar-archive", v7Tar, .strong),
        SignatureCase("cpio newc", "public.cpio-archive", a("070701") + a(String(repeating: "0", count: 104)) + a("TRAILER!!!\0")
            + zeros(3)),
        SignatureCase("cpio odc", "public.cpio-archive", a("070707") + a(String(repeating: "0", count: 70)) + a("TRAILER!!!\0")),
        SignatureCase("cpio binary little-endian", "public.cpio-archive", le16(0o070707) + zeros(18) + le16(2) + le32(0) + a("a\0")),
        SignatureCase("cpio binary big-endian", "public.cpio-archive", be16(0o070707) + zeros(18) + be16(2) + be32(0) + a("a\0")),
        SignatureCase("ar", "org.freedesktop.mime.application.x-archive", a("!<arch>\n") + a("hello.o/        0           0     0     644     4         `\n") + a("abcd")),
        SignatureCase("Debian package", "org.freedesktop.mime.application.vnd.debian.binary-package", a("!<arch>\n")
            + a("debian-binary   1700000000  0     0     100644  4         `\n") + a("2.0\n")),
        SignatureCase("RPM", "org.freedesktop.mime.application.x-rpm", [0xED, 0xAB, 0xEE, 0xDB, 3, 0] + be16(0) + be16(1)
            + a("hello-1.0-1") + zeros(55)),
        SignatureCase("source RPM", "org.freedesktop.mime.application.x-source-rpm", [0xED, 0xAB, 0xEE, 0xDB, 3, 0] + be16(1)
            + be16(1) + a("hello-1.0-1") + zeros(55)),
    ]

    // MARK: Executables and code

    static let executables: [SignatureCase] = [
        SignatureCase("ELF executable", "org.freedesktop.mime.application.x-executable", elf64(type: 2, programHeaders: [6, 3, 1]), .strong),
        SignatureCase("ELF PIE", "org.freedesktop.mime.application.x-executable", elf64(type: 3, programHeaders: [6, 3, 1, 1])),
        SignatureCase("ELF shared library", "org.freedesktop.mime.application.x-sharedlib", elf64(type: 3, programHeaders: [1, 1, 2])),
        SignatureCase("ELF static PIE", "org.freedesktop.mime.application.x-executable", elf64Dynamic(flags1: 0x0800_0001)),
        SignatureCase("ELF shared library with DT_FLAGS_1", "org.freedesktop.mime.application.x-sharedlib", elf64Dynamic(flags1: 0x0000_0001)),
        SignatureCase("ELF runnable library (PT_INTERP, DT_SONAME)", "org.freedesktop.mime.application.x-sharedlib",
                      elf64Dynamic(flags1: 0x0000_0001, soname: true, interpreter: true)),
        SignatureCase("ELF PIE (PT_INTERP, DF_1_PIE)", "org.freedesktop.mime.application.x-executable",
                      elf64Dynamic(flags1: 0x0800_0000, interpreter: true)),
        SignatureCase("ELF relocatable", "public.object-code", elf64(type: 1, programHeaders: [])),
        SignatureCase("ELF core", "org.freedesktop.mime.application.x-core", elf64(type: 4, programHeaders: [4, 1])),
        SignatureCase("ELF 32-bit big-endian shared library", "org.freedesktop.mime.application.x-sharedlib",
                      elf32BigEndian(type: 3, programHeaders: [1, 2])),
        SignatureCase("ELF 32-bit big-endian PIE", "org.freedesktop.mime.application.x-executable",
                      elf32BigEndian(type: 3, programHeaders: [6, 3])),
        SignatureCase("Mach-O 64 executable", "com.apple.mach-o-executable", machO(magic: 0xFEED_FACF, fileType: 2, littleEndian: true), .strong),
        SignatureCase("Mach-O 64 dylib", "com.apple.mach-o-dylib", machO(magic: 0xFEED_FACF, fileType: 6, littleEndian: true)),
        SignatureCase("Mach-O 32 big-endian bundle", "com.apple.mach-o-bundle", machO(magic: 0xFEED_FACE, fileType: 8, littleEndian: false)),
        SignatureCase("Mach-O 32 object", "com.apple.mach-o-object", machO(magic: 0xFEED_FACE, fileType: 1, littleEndian: true)),
        SignatureCase("Mach-O 64 big-endian core", "com.apple.mach-o-core", machO(magic: 0xFEED_FACF, fileType: 4, littleEndian: false)),
        SignatureCase("Mach-O dynamic linker", "com.apple.mach-o-binary", machO(magic: 0xFEED_FACF, fileType: 7, littleEndian: true)),
        SignatureCase("universal Mach-O", "com.apple.mach-o-executable", {
            let slice = machO(magic: 0xFEED_FACF, fileType: 2, littleEndian: true)
            return be32(0xCAFE_BABE) + be32(1) + be32(0x0100_0007) + be32(3) + be32(64) + be32(slice.count) + be32(6) + zeros(36)
                + slice
        }(), .strong),
        SignatureCase("Java class", "com.sun.java-class", be32(0xCAFE_BABE) + be16(0) + be16(65) + be16(10) + zeros(40), .strong),
        SignatureCase("Windows EXE", "org.freedesktop.mime.application.vnd.microsoft.portable-executable", pe(characteristics: 0x0022), .strong),
        SignatureCase("Windows DLL", "com.microsoft.windows-dynamic-link-library", pe(characteristics: 0x2022), .strong),
        SignatureCase("DOS executable", "com.microsoft.windows-executable", a("MZ") + le16(0x40) + le16(1) + le16(0) + le16(2)
            + le16(0) + le16(0xFFFF) + zeros(50) + [0xB4, 0x4C, 0xCD, 0x21], .weak),
        SignatureCase("Pack200", "org.freedesktop.mime.application.x-java-pack200", be32(0xCAFE_D00D) + [0x07, 0x96, 0x01] + zeros(40)),
        SignatureCase("Java module (JMOD)", "org.openjdk.jmod", a("JM") + [1, 0] + a("PK") + [3, 4, 20, 0] + zeros(40), .strong),
        SignatureCase("Java runtime image", "org.openjdk.jimage", le32(0xCAFE_DADA) + le32(0x0001_0000) + le32(0) + le32(29_441) + zeros(32), .strong),
        SignatureCase("Java runtime image, big-endian", "org.openjdk.jimage", be32(0xCAFE_DADA) + be32(0x0001_0000) + zeros(40), .strong),
        SignatureCase("Git loose object (zlib)", "org.freedesktop.mime.application.zlib",
                      PDFBuilder.zlibFixedHuffman(a("blob 6\u{0}hello\n")), .strong),
        SignatureCase("terminfo entry", "org.gnu.ncurses.terminfo", TerminfoSignatureTests.entry(), .strong),
        SignatureCase("terminfo entry, extended numbers", "org.gnu.ncurses.terminfo2", TerminfoSignatureTests.entry(magic: 0o1036), .strong),
        SignatureCase("Git pack", "org.git-scm.pack", a("PACK") + be32(2) + be32(143) + [0xB6, 0x2D, 0x78, 0x01] + zeros(40), .strong),
        SignatureCase("Git pack, version 3", "org.git-scm.pack", a("PACK") + be32(3) + be32(1) + [0x95, 0x0A, 0x78, 0x9C] + zeros(40), .strong),
        SignatureCase("LLVM bitcode", "org.llvm.bitcode", a("BC") + [0xC0, 0xDE, 0x35, 0x14, 0, 0, 5, 0, 0, 0, 0x62, 0x0C] + zeros(30)),
        SignatureCase("LLVM bitcode, wrapped", "org.llvm.bitcode", le32(0x0B17_C0DE) + le32(0) + le32(20) + le32(1_024) + le32(7) + a("BC") + [0xC0, 0xDE] + zeros(30)),
        SignatureCase("WebAssembly", "org.webassembly.wasm", [0, 0x61, 0x73, 0x6D, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0]),
        SignatureCase("Python bytecode", "org.freedesktop.mime.application.x-python-bytecode", le16(3531) + [0x0D, 0x0A] + zeros(12)
            + [0xE3] + zeros(30)),
    ]

    // MARK: Fonts

    static let fonts: [SignatureCase] = [
        SignatureCase("TrueType", "public.truetype-ttf-font", sfnt([0, 1, 0, 0]), .strong),
        SignatureCase("OpenType CFF", "public.opentype-font", sfnt(a("OTTO"), tables: 9)),
        SignatureCase("TrueType collection", "public.truetype-collection-font", a("ttcf") + be32(0x0001_0000) + be32(1) + be32(16)
            + sfnt([0, 1, 0, 0])),
        SignatureCase("OpenType collection", "public.opentype-collection-font", a("ttcf") + be32(0x0002_0000) + be32(1) + be32(16)
            + sfnt(a("OTTO"), tables: 9)),
        SignatureCase("WOFF", "org.freedesktop.mime.font.woff", a("wOFF") + be32(0x0001_0000) + be32(1000) + be16(10) + zeros(30)),
        SignatureCase("WOFF2", "org.freedesktop.mime.font.woff2", a("wOF2") + be32(0x0001_0000) + be32(1000) + be16(10) + zeros(30)),
        SignatureCase("Type 1 PFA", "com.adobe.postscript-pfa-font", a("%!PS-AdobeFont-1.0: Example 001.000\n%%CreationDate: today\n")),
        SignatureCase("Type 1 PFB", "com.adobe.postscript-pfb-font", [0x80, 0x01] + le32(40) + a("%!PS-AdobeFont-1.0: Example 001.000\n")),
    ]

    // MARK: Data, keys and certificates

    static let data: [SignatureCase] = [
        SignatureCase("SQLite", "org.freedesktop.mime.application.vnd.sqlite3", a("SQLite format 3\0") + be16(4096) + [1, 1]
            + zeros(80), .strong),
        SignatureCase("Berkeley DB hash", "org.apache.tika.mime.application.x-berkeley-db", zeros(12) + le32(0x0006_1561) + le32(9) + le32(4096)
            + zeros(40)),
        SignatureCase("Berkeley DB B-tree big-endian", "org.apache.tika.mime.application.x-berkeley-db", zeros(12) + be32(0x0005_3162) + be32(9)
            + be32(4096) + zeros(40)),
        SignatureCase("pcap little-endian", "org.freedesktop.mime.application.vnd.tcpdump.pcap", [0xD4, 0xC3, 0xB2, 0xA1] + le16(2)
            + le16(4) + zeros(8) + le32(65535) + le32(1), .strong),
        SignatureCase("pcap big-endian", "org.freedesktop.mime.application.vnd.tcpdump.pcap", [0xA1, 0xB2, 0xC3, 0xD4] + be16(2)
            + be16(4) + zeros(8) + be32(65535) + be32(1)),
        SignatureCase("pcap nanosecond", "org.freedesktop.mime.application.vnd.tcpdump.pcap", [0x4D, 0x3C, 0xB2, 0xA1] + le16(2)
            + le16(4) + zeros(8) + le32(65535) + le32(1)),
        SignatureCase("pcap magic alone (a truncated capture)", "org.freedesktop.mime.application.vnd.tcpdump.pcap", [0xA1, 0xB2, 0xC3, 0xD4], .weak),
        SignatureCase("pcapng", "org.freedesktop.mime.application.x-pcapng", [0x0A, 0x0D, 0x0D, 0x0A] + le32(28) + [0x4D, 0x3C, 0x2B, 0x1A]
            + le16(1) + le16(0) + ByteFixtures.le64(UInt64.max) + le32(28)),
        SignatureCase("TZif version 2, no leap seconds", "org.iana.mime.application.tzif",
                      tzif(version: "2", leaps: 0, types: 2) + tzif(version: "2", leaps: 0, types: 2), .strong),
        SignatureCase("TZif version 1 with leap seconds", "org.iana.mime.application.tzif-leap", tzif(version: "\0", leaps: 3, types: 1), .strong),
        // zic's "slim" output: an empty version 1 block, the leap records in the version 2 block.
        SignatureCase("TZif slim version 2 with leap seconds", "org.iana.mime.application.tzif-leap",
                      tzif(version: "2", leaps: 0, types: 1) + tzif(version: "2", leaps: 27, types: 1, timeSize: 8), .strong),
        SignatureCase("binary property list", "com.apple.binary-property-list", a("bplist00") + [0xD1, 1, 2] + zeros(40)),
        SignatureCase("gettext catalog little-endian", "org.freedesktop.mime.application.x-gettext-translation",
                      [0xDE, 0x12, 0x04, 0x95] + le32(0) + le32(1) + le32(28) + le32(36) + zeros(24)),
        SignatureCase("gettext catalog big-endian", "org.freedesktop.mime.application.x-gettext-translation",
                      [0x95, 0x04, 0x12, 0xDE] + be32(0) + be32(1) + be32(28) + be32(36) + zeros(24)),
        SignatureCase("PEM certificate", "public.x509-certificate", a("-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n"
            + "-----END CERTIFICATE-----\n"), .strong),
        SignatureCase("PEM private key", "org.freedesktop.mime.application.pkcs8", a("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIE\n"
            + "-----END PRIVATE KEY-----\n")),
        SignatureCase("PEM encrypted private key", "org.freedesktop.mime.application.pkcs8-encrypted",
                      a("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0w\n-----END ENCRYPTED PRIVATE KEY-----\n")),
        SignatureCase("PEM certificate request", "org.freedesktop.mime.application.pkcs10",
                      a("-----BEGIN CERTIFICATE REQUEST-----\nMIIBWjCCAQACAQAw\n-----END CERTIFICATE REQUEST-----\n")),
        SignatureCase("PEM CRL", "org.freedesktop.mime.application.pkix-crl", a("-----BEGIN X509 CRL-----\nMIIB\n-----END X509 CRL-----\n")),
        SignatureCase("PGP public key", "org.freedesktop.mime.application.pgp-keys",
                      a("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBF\n-----END PGP PUBLIC KEY BLOCK-----\n")),
        SignatureCase("PGP public keyring (binary)", "org.freedesktop.mime.application.pgp-keys",
                      OpenPGPPacketSignatureTests.oldPacket(6, OpenPGPPacketSignatureTests.ed25519Key) + OpenPGPPacketSignatureTests.userID, .strong),
        SignatureCase("PEM public key (no declared type)", "public.plain-text",
                      a("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n")),
        SignatureCase("DER certificate", "public.x509-certificate", derCertificate, .strong),
        SignatureCase("ISO 9660", "org.freedesktop.mime.application.x-cd-image", iso9660, .strong),
    ]

    // MARK: Scripts

    static let scripts: [SignatureCase] = [
        SignatureCase("sh", "public.shell-script", a("#!/bin/sh\necho hello\n"), .strong),
        SignatureCase("bash", "public.bash-script", a("#!/bin/bash\nset -euo pipefail\n")),
        SignatureCase("dash", "public.shell-script", a("#! /bin/dash\nexit 0\n")),
        SignatureCase("zsh", "public.zsh-script", a("#!/usr/bin/zsh -f\nprint hi\n")),
        SignatureCase("python", "public.python-script", a("#!/usr/bin/python\nprint 'hi'\n")),
        SignatureCase("python3", "org.freedesktop.mime.text.x-python3", a("#!/usr/bin/python3\nprint('hi')\n")),
        SignatureCase("python3.12", "org.freedesktop.mime.text.x-python3", a("#!/usr/local/bin/python3.12 -u\nprint('hi')\n")),
        SignatureCase("env python3", "org.freedesktop.mime.text.x-python3", a("#!/usr/bin/env python3\nprint('hi')\n")),
        SignatureCase("perl", "public.perl-script", a("#!/usr/bin/perl -w\nprint \"hi\";\n")),
        SignatureCase("env ruby", "public.ruby-script", a("#!/usr/bin/env ruby\nputs 'hi'\n")),
        SignatureCase("node", "com.netscape.javascript-source", a("#!/usr/bin/node\nconsole.log('hi')\n")),
        SignatureCase("env -S node", "com.netscape.javascript-source", a("#!/usr/bin/env -S node --experimental-modules\n")),
        SignatureCase("env with assignment", "public.bash-script", a("#!/usr/bin/env -i LANG=C bash\necho hi\n")),
        SignatureCase("CRLF shebang", "public.shell-script", a("#!/bin/sh\r\necho hi\r\n")),
        SignatureCase("make", "public.make-source", a("#!/usr/bin/make -f\n%:\n\tdh $@\n")),
        SignatureCase("unknown interpreter", "public.script", a("#!/opt/bin/frobnicate --fast\nfrob\n")),
        SignatureCase("shell script with binary payload", "public.shell-script", a("#!/bin/sh\nexec tail -c +60 \"$0\" | tar x\nexit\n")
            + [0x1F, 0x8B, 8, 0] + zeros(200)),
    ]

    // MARK: Markup

    static let markup: [SignatureCase] = [
        SignatureCase("XML", "public.xml", a("<?xml version=\"1.0\"?>\n<catalog><book id=\"1\"/></catalog>\n"), .strong),
        SignatureCase("XML with comment and PI", "public.xml", a("<?xml version=\"1.0\"?>\n<!-- c -->\n<?pi x?>\n<root/>")),
        SignatureCase("XHTML", "public.xhtml", a("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
            + "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head></html>")),
        SignatureCase("XHTML 1.0 doctype", "public.xhtml", a("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
            + "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"></html>")),
        SignatureCase("HTML5", "public.html", a("<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"></head></html>\n"), .weak),
        SignatureCase("HTML uppercase", "public.html", a("<!-- generated -->\n<HTML>\n<BODY>hello</BODY>\n</HTML>\n")),
        SignatureCase("HTML fragment", "public.html", a("\n  <div class=\"x\">\n<p>hello</p></div>\n")),
        SignatureCase("XML without a declaration: a root element and its first child", "public.xml",
                      a("<background>\n  <static>\n    <duration>8640000.0</duration>\n  </static>\n</background>\n"), .weak),
        SignatureCase("DTD after a comment", "org.freedesktop.mime.application.xml-dtd",
                      a("<!--\n This file is part of a project.\n-->\n<!ENTITY % boolean \"(true|false)\">\n<!ELEMENT accel:item EMPTY>\n"), .strong),
        SignatureCase("RSS 2.0", "public.rss", a("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title></channel></rss>")),
        SignatureCase("RSS 1.0", "public.rss", a("<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" "
            + "xmlns=\"http://purl.org/rss/1.0/\"><channel/></rdf:RDF>")),
        SignatureCase("Atom", "org.freedesktop.mime.application.atom-xml", a("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            + "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title></feed>")),
        SignatureCase("XML property list", "com.apple.xml-property-list", a("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
            + "<plist version=\"1.0\"><dict/></plist>\n"), .strong),
        SignatureCase("OPML", "org.freedesktop.mime.text.x-opml-xml", a("<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head/><body/></opml>")),
        SignatureCase("XSLT", "org.freedesktop.mime.application.xslt-xml", a("<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\" "
            + "xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\"><xsl:template match=\"/\"/></xsl:stylesheet>")),
        SignatureCase("DocBook 5", "org.freedesktop.mime.application.x-docbook-xml", a("<?xml version=\"1.0\"?>\n"
            + "<article xmlns=\"http://docbook.org/ns/docbook\" version=\"5.0\"><title>t</title></article>")),
        SignatureCase("DocBook 4 doctype", "org.freedesktop.mime.application.x-docbook-xml", a("<?xml version=\"1.0\"?>\n"
            + "<!DOCTYPE book PUBLIC \"-//OASIS//DTD DocBook XML V4.5//EN\" \"docbookx.dtd\" [ <!ENTITY x \"y\"> ]>\n<book/>")),
        SignatureCase("XML in UTF-16LE with BOM", "public.xml", [0xFF, 0xFE] + "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<root/>\n"
            .utf16.flatMap { le16(Int($0)) }, .strong),
        SignatureCase("XML in UTF-8 with BOM", "public.xml", [0xEF, 0xBB, 0xBF] + a("<?xml version=\"1.0\"?><root/>")),
    ]

    // MARK: JSON and delimited values

    static let structuredText: [SignatureCase] = [
        SignatureCase("JSON object", "public.json", a("{\n  \"name\": \"example\",\n  \"values\": [1, -2.5e3, true, null, \"\\u00e9\"],\n"
            + "  \"nested\": {\"a\": {}}\n}\n"), .weak),
        SignatureCase("JSON array", "public.json", a("[{\"id\": 1}, {\"id\": 2}]")),
        SignatureCase("NDJSON", "public.ndjson", a("{\"id\": 1, \"name\": \"a\"}\n{\"id\": 2, \"name\": \"b\"}\n{\"id\": 3}\n"), .weak),
        SignatureCase("CSV", "public.comma-separated-values-text", a("name,age,city\nAda,36,London\n\"Turing, Alan\",41,\"Wilmslow\"\n"), .weak),
        SignatureCase("CSV with a quoted line break", "public.comma-separated-values-text",
                      a("id,comment\r\n1,\"two\r\nlines\"\r\n2,plain\r\n")),
        SignatureCase("TSV", "public.tab-separated-values-text", a("name\tage\nAda\t36\nAlan\t41\n"), .weak),
    ]

    // MARK: Plain text

    static let plainText: [SignatureCase] = [
        SignatureCase("ASCII", "public.plain-text", a("Hello, world.\nThis is a plain text file.\n"), .weak),
        SignatureCase("UTF-8", "public.utf8-plain-text", a("Grüße aus Köln — ünïcödé ✓\n")),
        SignatureCase("UTF-8 with BOM", "public.utf8-plain-text", [0xEF, 0xBB, 0xBF] + a("hello\n")),
        SignatureCase("UTF-16LE with BOM", "public.utf16-plain-text", [0xFF, 0xFE] + "Grüße, world\n".utf16.flatMap { le16(Int($0)) }),
        SignatureCase("UTF-16BE with BOM", "public.utf16-plain-text", [0xFE, 0xFF] + "Grüße, world\n".utf16.flatMap { be16(Int($0)) }),
        SignatureCase("UTF-16LE without BOM", "public.utf16-plain-text", "Hello there, plain world\n".utf16.flatMap { le16(Int($0)) }),
        SignatureCase("UTF-16BE without BOM", "public.utf16-plain-text", "Hello there, plain world\n".utf16.flatMap { be16(Int($0)) }),
        SignatureCase("UTF-32LE with BOM", "public.plain-text", [0xFF, 0xFE, 0, 0] + "hello 🌍\n".unicodeScalars.flatMap { le32(Int($0.value)) }),
        SignatureCase("UTF-32BE with BOM", "public.plain-text", [0, 0, 0xFE, 0xFF] + "hello 🌍\n".unicodeScalars.flatMap { be32(Int($0.value)) }),
        // As the chardet project's test files hold them (`nobom-utf32be.txt`).
        SignatureCase("UTF-32LE without BOM", "public.plain-text", "DateTime,Bid,Ask 🌍\n".unicodeScalars.flatMap { le32(Int($0.value)) }),
        SignatureCase("UTF-32BE without BOM", "public.plain-text", "DateTime,Bid,Ask 🌍\n".unicodeScalars.flatMap { be32(Int($0.value)) }),
        SignatureCase("Latin-1", "public.plain-text", a("caf") + [0xE9] + a(" cr") + [0xE8] + a("me br") + [0xFB] + a("l") + [0xE9, 0x0A]),
        SignatureCase("Markdown is plain text", "public.plain-text", a("# Title\n\nSome *emphasis* and a [link](http://x).\n")),
        SignatureCase("bare JSON scalar is plain text", "public.plain-text", a("42\n")),
        SignatureCase("bare JSON string is plain text", "public.plain-text", a("\"just a string\"\n")),
        SignatureCase("unterminated JSON is plain text", "public.plain-text", a("{\"a\": [1, 2\n")),
        SignatureCase("INI file is plain text", "public.plain-text", a("[Desktop Entry]\nName=Example\nExec=example %U\n")),
        SignatureCase("text with escape sequences", "public.plain-text", a("\u{1B}[1mbold\u{1B}[0m and \u{0C} form feed\n")),
    ]
}
