import OpenWithTestSupport
import UniformTypes

/// Case rows for containers told apart down to the subtype: ZIP packages by their parts and
/// deflated `[Content_Types].xml`, OLE2 files by stream names and root class ids, Ogg by its
/// codecs, the JPEG 2000 family by brand, RIFF forms, and tar inside gzip.
extension SignatureCases {
    static let subtypes: [SignatureCase] = zipSubtypes + compoundFileSubtypes + mediaSubtypes + imageAndArchiveSubtypes + flatDocuments

    /// A TIFF file whose first IFD, at offset 8, holds one SHORT entry of value 1 per tag.
    static func tiffDirectory(littleEndian: Bool, tags: [Int]) -> [UInt8] {
        let u16 = littleEndian ? le16 : be16
        let u32 = littleEndian ? le32 : be32
        let entries = tags.flatMap { u16($0) + u16(3) + u32(1) + u16(1) + u16(0) }
        return (littleEndian ? a("II*\0") : a("MM\0*")) + u32(8) + u16(tags.count) + entries + u32(0) + zeros(16)
    }

    /// A flat OpenDocument of `kind`, with a prolog before its root.
    static func flatDocument(_ kind: String, quote: String = "\"") -> [UInt8] {
        a("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- written by hand -->
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.3" \
        office:mimetype=\(quote)application/vnd.oasis.opendocument.\(kind)\(quote)><office:body/></office:document>
        """)
    }

    static let flatDocuments: [SignatureCase] = [
        SignatureCase("flat ODT", "org.freedesktop.mime.application.vnd.oasis.opendocument.text-flat-xml", flatDocument("text"), .strong),
        SignatureCase("flat ODS", "org.freedesktop.mime.application.vnd.oasis.opendocument.spreadsheet-flat-xml",
                      flatDocument("spreadsheet", quote: "'")),
        SignatureCase("flat ODP", "org.freedesktop.mime.application.vnd.oasis.opendocument.presentation-flat-xml",
                      flatDocument("presentation")),
        SignatureCase("flat ODG", "org.freedesktop.mime.application.vnd.oasis.opendocument.graphics-flat-xml", flatDocument("graphics")),
    ]

    /// A ZIP with `[Content_Types].xml` deflated (as Office writes it) naming `mainType`, and
    /// entry names that alone would say the plain document type.
    static func officeDeflated(_ mainType: String, part: String) -> [UInt8] {
        var zip = ZipFixture()
        zip.entries.append(ZipFixture.Entry(
            name: "[Content_Types].xml", bytes: DeflateFixture.fixed(Array(ZipFixture.contentTypes(mainType, part: part).utf8)), method: 8))
        zip.deflated("_rels/.rels")
        zip.deflated(part)
        return zip.build()
    }

    /// A ZIP whose first entry is `name`, deflated for real, holding `text`.
    static func zipWithDeflated(_ name: String, _ text: String, others: [String]) -> [UInt8] {
        var zip = ZipFixture()
        zip.entries.append(ZipFixture.Entry(name: name, bytes: DeflateFixture.fixed(Array(text.utf8)), method: 8))
        for other in others { zip.deflated(other) }
        return zip.build()
    }

    static let zipSubtypes: [SignatureCase] = [
        SignatureCase("DOTX by deflated content types", "org.openxmlformats.wordprocessingml.template", officeDeflated(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml", part: "word/document.xml"), .strong),
        SignatureCase("PPSX by deflated content types", "org.openxmlformats.presentationml.slideshow", officeDeflated(
            "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml", part: "ppt/presentation.xml")),
        SignatureCase("XLTM by deflated content types", "org.openxmlformats.spreadsheetml.template.macroenabled", officeDeflated(
            "application/vnd.ms-excel.template.macroEnabled.main+xml", part: "xl/workbook.xml")),
        SignatureCase("Pages (IWA)", "com.apple.iWork.Pages.sffpages",
                      ZipFixture.named(["Index/Document.iwa", "Index/DocumentStylesheet.iwa", "Metadata/Properties.plist", "preview.jpg"])),
        SignatureCase("Numbers (IWA)", "com.apple.iWork.Numbers.sffnumbers",
                      ZipFixture.named(["Index/Document.iwa", "Index/CalculationEngine.iwa", "Index/Tables/Tile.iwa", "preview.jpg"]), .weak),
        SignatureCase("Keynote (IWA)", "com.apple.iWork.Keynote.sffkey",
                      ZipFixture.named(["Index/Document.iwa", "Index/MasterSlide-12.iwa", "Index/Slide-40.iwa", "Index/Tables/Tile.iwa"])),
        SignatureCase("Keynote '09", "com.apple.iWork.Keynote.sffkey", ZipFixture.named(["index.apxl", "QuickLook/Thumbnail.jpg"])),
        SignatureCase("Pages '09 (deflated index.xml)", "com.apple.iWork.Pages.sffpages", zipWithDeflated(
            "index.xml", "<?xml version=\"1.0\"?>\n<sl:document xmlns:sl=\"http://developer.apple.com/namespaces/sl\" sl:version=\"92008102400\">",
            others: ["QuickLook/Thumbnail.jpg"])),
        SignatureCase("Numbers '09 (stored index.xml)", "com.apple.iWork.Numbers.sffnumbers", {
            var zip = ZipFixture()
            zip.stored("index.xml", "<?xml version=\"1.0\"?>\n<ls:document xmlns:ls=\"http://developer.apple.com/namespaces/ls\">")
            zip.deflated("QuickLook/Thumbnail.jpg")
            return zip.build()
        }()),
        SignatureCase("Firefox extension (install.rdf)", "org.freedesktop.mime.application.x-xpinstall",
                      ZipFixture.named(["install.rdf", "chrome.manifest", "chrome/content/overlay.js"])),
        SignatureCase("Firefox extension (signed WebExtension)", "org.freedesktop.mime.application.x-xpinstall",
                      ZipFixture.named(["manifest.json", "background.js", "META-INF/cose.sig", "META-INF/mozilla.rsa", "META-INF/manifest.mf"])),
        SignatureCase("3MF", "org.freedesktop.mime.model.3mf", ZipFixture.named(["[Content_Types].xml", "_rels/.rels", "3D/3dmodel.model"])),
        SignatureCase("KMZ", "org.freedesktop.mime.application.vnd.google-earth.kmz", ZipFixture.named(["doc.kml", "files/icon.png"])),
        SignatureCase("AppX", "org.freedesktop.mime.application.appx",
                      ZipFixture.named(["AppxManifest.xml", "AppxBlockMap.xml", "[Content_Types].xml", "AppxSignature.p7x"])),
        SignatureCase("AppX bundle", "org.freedesktop.mime.application.appxbundle",
                      ZipFixture.named(["AppxMetadata/AppxBundleManifest.xml", "AppxBlockMap.xml", "[Content_Types].xml"])),
    ]

    static let starDrawClassID: [UInt8] = [0xA0, 0x05, 0x89, 0x2E, 0xBD, 0x85, 0xD1, 0x11, 0x89, 0xD0, 0x00, 0x80, 0x29, 0xE4, 0xB0, 0xB1]
    static let starImpressClassID: [UInt8] = [0x21, 0x72, 0x5C, 0x56, 0xBC, 0x85, 0xD1, 0x11, 0x89, 0xD0, 0x00, 0x80, 0x29, 0xE4, 0xB0, 0xB1]

    static func compound(_ streams: [String], classID: [UInt8]? = nil) -> [UInt8] {
        var file = CompoundFileFixture(streams: streams)
        if let classID { file.rootClassID = classID }
        return file.build()
    }

    static let compoundFileSubtypes: [SignatureCase] = [
        SignatureCase("StarWriter 5", "org.openoffice.text", compound(["\u{1}CompObj", "StarWriterDocument", "SfxDocumentInfo"]), .strong),
        SignatureCase("StarCalc 5", "org.openoffice.spreadsheet", compound(["\u{1}CompObj", "StarCalcDocument", "SfxDocumentInfo"])),
        SignatureCase("StarDraw 5", "org.openoffice.graphics", compound(["StarDrawDocument3", "SfxStyleSheets"], classID: starDrawClassID)),
        SignatureCase("StarImpress 5", "org.openoffice.presentation",
                      compound(["StarDrawDocument3", "SfxStyleSheets"], classID: starImpressClassID)),
        SignatureCase("StarDrawDocument3 with an unknown class id", "org.freedesktop.mime.application.x-ole-storage",
                      compound(["StarDrawDocument3"])),
        SignatureCase("Works 4 word processor", "org.freedesktop.mime.application.vnd.ms-works", compound(["MatOST", "CONTENTS"])),
        SignatureCase("Works word processor", "org.freedesktop.mime.application.vnd.ms-works", compound(["CONTENTS", "SPELLING", "\u{1}CompObj"])),
        SignatureCase("Works 7 spreadsheet (also holds Workbook)", "org.freedesktop.mime.application.vnd.ms-works",
                      compound(["Workbook", "WksSSWorkBook"])),
        SignatureCase("WordPerfect in OLE2", "org.freedesktop.mime.application.vnd.wordperfect",
                      compound(["PerfectOffice_MAIN", "PerfectOffice_OBJECTS"])),
        SignatureCase("Windows Installer patch (MSP)", "org.freedesktop.mime.application.microsoftpatch",
                      compound(["\u{4840}\u{3F3F}\u{4577}"], classID: [0x86, 0x10, 0x0C, 0x00, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46])),
        SignatureCase("Windows Installer transform (MST, the MSI type)", "org.freedesktop.mime.application.x-msi",
                      compound(["\u{4840}\u{3F3F}\u{4577}"], classID: [0x82, 0x10, 0x0C, 0x00, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46])),
        SignatureCase("Hangul HWP 5", "org.freedesktop.mime.application.x-hwp",
                      compound(["FileHeader", "DocInfo", "\u{5}HwpSummaryInformation", "PrvText"])),
    ]

    static let mediaSubtypes: [SignatureCase] = [
        SignatureCase("Ogg Dirac", "org.apache.tika.mime.video.x-dirac", oggPage(a("BBCD") + [0] + zeros(20))),
        SignatureCase("OGM video", "org.freedesktop.mime.video.x-ogm-ogg", oggPage([1] + a("video") + zeros(3) + a("XVID") + zeros(40))),
        SignatureCase("Ogg Skeleton, then Vorbis", "org.freedesktop.mime.audio.x-vorbis-ogg",
                      oggPage(a("fishead") + [0] + zeros(56), serial: 1) + oggPage([1] + a("vorbis") + zeros(23), serial: 2)),
        SignatureCase("Ogg Vorbis, then Theora", "org.freedesktop.mime.video.x-theora-ogg",
                      oggPage([1] + a("vorbis") + zeros(23), serial: 1) + oggPage([0x80] + a("theora") + zeros(35), serial: 2)),
        SignatureCase("animated cursor (RIFF ACON)", "org.freedesktop.mime.application.x-navi-animation",
                      a("RIFF") + le32(60) + a("ACONanih") + le32(36) + le32(36) + le32(2) + zeros(28)),
        SignatureCase("Qualcomm PureVoice (RIFF QLCM)", "org.apache.tika.mime.audio.qcelp",
                      a("RIFF") + le32(40) + a("QLCMfmt ") + le32(150) + zeros(24)),
        SignatureCase("DLS (RIFF DLS)", "public.downloadable-sound", a("RIFF") + le32(40) + a("DLS colh") + le32(4) + le32(1) + zeros(24)),
        SignatureCase("CorelDRAW (RIFF CDR9)", "org.freedesktop.mime.application.vnd.corel-draw",
                      a("RIFF") + le32(40) + a("CDR9vrsn") + le32(2) + le16(900) + zeros(24)),
        SignatureCase("CorelDRAW (RIFF cdrA)", "org.freedesktop.mime.application.vnd.corel-draw",
                      a("RIFF") + le32(40) + a("cdrAvrsn") + le32(2) + le16(1000) + zeros(24)),
    ]

    /// A JPEG 2000 signature box and an `ftyp` box of `brand`.
    static func jpeg2000(brand: String) -> [UInt8] {
        be32(12) + a("jP  ") + [0x0D, 0x0A, 0x87, 0x0A] + be32(20) + a("ftyp") + a(brand) + be32(0) + a(brand) + be32(8) + a("jp2h")
    }

    /// A gzip member (header with the given flags' fields) around `deflated`.
    static func gzip(_ deflated: [UInt8], name: String? = nil) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, name == nil ? 0 : 0x08] + zeros(4) + [0, 3]
        if let name { out += a(name) + [0] }
        return out + deflated + zeros(8)
    }

    static let ustarArchive: [UInt8] = {
        var tar = TarArchiveBuilder()
        tar.add("notes/readme.txt", text: "hello from inside a compressed tar")
        tar.add("notes/todo.txt", text: "nothing")
        return tar.build()
    }()

    /// A PE32+ image with an optional header of `subsystem` and, when `clr`, a CLR header.
    static func peImage(characteristics: Int, subsystem: Int, clr: Bool) -> [UInt8] {
        var dos = a("MZ") + le16(0x90) + le16(3) + zeros(0x3C - 6) + le32(0x80)
        dos += zeros(0x80 - dos.count)
        var optional = le16(0x20B) + zeros(238)
        optional.replaceSubrange(68..<70, with: le16(subsystem))
        optional.replaceSubrange(108..<112, with: le32(16))
        if clr { optional.replaceSubrange((112 + 14 * 8)..<(112 + 15 * 8), with: le32(0x2008) + le32(0x48)) }
        return dos + a("PE") + [0, 0] + le16(0x8664) + le16(1) + zeros(12) + le16(optional.count) + le16(characteristics) + optional
    }

    /// A PNG chunk (the CRC is not checked by the sniffer).
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + a(type) + data + be32(0)
    }

    static let imageAndArchiveSubtypes: [SignatureCase] = [
        SignatureCase("DNG, little-endian", "com.adobe.raw-image", tiffDirectory(littleEndian: true, tags: [0x0100, 0x0101, 0xC612, 0xC614]), .strong),
        SignatureCase("DNG, big-endian", "com.adobe.raw-image", tiffDirectory(littleEndian: false, tags: [0x00FE, 0xC612]), .strong),
        SignatureCase("TIFF whose first IFD has no DNGVersion", "public.tiff", tiffDirectory(littleEndian: true, tags: [0x0100, 0x0101, 0xC614]), .strong),
        SignatureCase("APNG", "org.freedesktop.mime.image.apng", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + pngChunk("IHDR", be32(1) + be32(1) + [8, 6, 0, 0, 0]) + pngChunk("acTL", be32(2) + be32(0))
            + pngChunk("fcTL", zeros(26)) + pngChunk("IDAT", zeros(12)) + pngChunk("IEND", []), .strong),
        SignatureCase("EFI application", "org.iana.mime.application.efi", peImage(characteristics: 0x0022, subsystem: 10, clr: false)),
        SignatureCase("JPX", "org.freedesktop.mime.image.jpx", jpeg2000(brand: "jpx ")),
        SignatureCase("JPM", "org.freedesktop.mime.image.jpm", jpeg2000(brand: "jpm ")),
        SignatureCase("Motion JPEG 2000", "org.freedesktop.mime.video.mj2", jpeg2000(brand: "mjp2")),
        SignatureCase("tar.gz", "org.gnu.gnu-zip-tar-archive", gzip(DeflateFixture.fixed(ustarArchive)), .strong),
        SignatureCase("tar.gz with a stored block and a file name", "org.gnu.gnu-zip-tar-archive",
                      gzip(DeflateFixture.stored(ustarArchive), name: "notes.tar")),
        SignatureCase("gzip of text", "org.gnu.gnu-zip-archive", gzip(DeflateFixture.fixed(Array(String(repeating: "plain text, ", count: 60).utf8)))),
        SignatureCase("PCF font in gzip", "org.freedesktop.mime.application.x-font-pcf",
                      gzip(DeflateFixture.fixed(a("\u{1}fcp") + le32(9) + le32(1) + le32(0x0E) + le32(0x80) + zeros(300))), .strong),
        SignatureCase("PSF 1 font in gzip", "org.freedesktop.mime.application.x-gz-font-linux-psf",
                      gzip(DeflateFixture.stored([0x36, 0x04, 0x02, 0x08] + zeros(300))), .strong),
        SignatureCase("PSF 2 font in gzip", "org.freedesktop.mime.application.x-gz-font-linux-psf",
                      gzip(DeflateFixture.fixed([0x72, 0xB5, 0x4A, 0x86] + le32(0) + le32(32) + le32(1) + le32(256) + zeros(300))), .strong),
        SignatureCase("SVG in gzip (svgz)", "org.freedesktop.mime.image.svg-xml-compressed",
                      gzip(DeflateFixture.fixed(a("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"/>\n"))), .strong),
        SignatureCase("Gnumeric workbook in gzip", "org.freedesktop.mime.application.x-gnumeric",
                      gzip(DeflateFixture.fixed(a("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gnm:Workbook xmlns:gnm=\"http://www.gnumeric.org/v10.dtd\">\n")
                        + zeros(200))), .strong),
        SignatureCase("Gnumeric workbook of the older namespace in gzip", "org.freedesktop.mime.application.x-gnumeric",
                      gzip(DeflateFixture.stored(a("<?xml version=\"1.0\"?>\n<gmr:Workbook xmlns:gmr=\"http://www.gnome.org/gnumeric/v2\">\n")
                        + zeros(200))), .strong),
        SignatureCase("gzip of XML that is neither", "org.gnu.gnu-zip-archive",
                      gzip(DeflateFixture.fixed(a("<?xml version=\"1.0\"?>\n<catalog><book id=\"1\"/></catalog>\n"))), .strong),
    ]
}
