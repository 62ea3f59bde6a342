import OpenWithTestSupport

/// Formats that the built-in signature sniffer does not know, each with bytes that satisfy
/// its rule in freedesktop.org.xml (shared-mime-info 2.2) and no rule of equal or higher
/// priority. The same table drives the answer tests, the truncation tests and the fuzz test.
enum MagicRuleCases {
    static func a(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func le16(_ value: Int) -> [UInt8] { ByteFixtures.le16(value) }
    static func le32(_ value: Int) -> [UInt8] { ByteFixtures.le32(value) }
    static func be16(_ value: Int) -> [UInt8] { ByteFixtures.be16(value) }
    static func be32(_ value: Int) -> [UInt8] { ByteFixtures.be32(value) }
    static func zeros(_ count: Int) -> [UInt8] { ByteFixtures.zeros(count) }

    /// The bytes of the case for `mimeType`.
    static func bytes(of mimeType: String) -> [UInt8] {
        all.first { $0.mimeType == mimeType }?.bytes ?? []
    }

    static var ilbm: [UInt8] { bytes(of: "image/x-ilbm") }
    static var gtkBuilder: [UInt8] { bytes(of: "application/x-gtk-builder") }

    static let all: [MagicRuleCase] = [
        // Images
        MagicRuleCase(
            "GIMP brush: GIMP at offset 20", "image/x-gimp-gbr",
            be32(34) + be32(2) + be32(1) + be32(1) + be32(1) + a("GIMP") + be32(10) + a("brush\0") + [0x80]),
        MagicRuleCase(
            "GIMP pattern: GPAT at offset 20", "image/x-gimp-pat",
            be32(32) + be32(1) + be32(1) + be32(1) + be32(3) + a("GPAT") + a("pattern\0") + [0x10, 0x20, 0x30]),
        MagicRuleCase("GIMP image", "image/x-xcf", a("gimp xcf v011\0") + be32(1) + be32(1) + be32(0)),
        MagicRuleCase(
            "Sun raster: big32 0x59a66a95", "image/x-sun-raster",
            be32(0x59A6_6A95) + be32(1) + be32(1) + be32(1) + be32(2) + be32(1) + be32(0) + be32(0) + [0x80, 0]),
        MagicRuleCase("X pixmap", "image/x-xpixmap", a("/* XPM */\nstatic char *icon[] = {\n\"1 1 1 1\",\n\"a c #FF0000\",\n\"a\"\n};\n")),
        MagicRuleCase("NIFF image: IIN1, priority 80", "image/x-niff", a("IIN1") + zeros(16)),
        MagicRuleCase(
            "MNG animation", "video/x-mng", [0x8A] + a("MNG\r\n") + [0x1A, 0x0A] + be32(28) + a("MHDR")),
        MagicRuleCase("OpenEXR: little32 0x01312f76", "image/x-exr", le32(0x0131_2F76) + le32(2) + a("channels\0")),
        MagicRuleCase(
            "placeable Windows metafile, three nested little-endian levels", "image/wmf",
            le32(0x9AC6_CDD7) + zeros(10) + le16(1440) + le32(0) + le16(0x5555) + le16(1) + le16(9) + le16(0x300)),
        MagicRuleCase("Apple icon image", "image/x-icns", a("icns") + be32(8)),
        MagicRuleCase(
            "QuickDraw picture: four nested big16 at 10…16", "image/x-pict",
            zeros(10) + be16(0x0011) + be16(0x02FF) + be16(0x0C00) + be16(0xFFFE) + zeros(8)),
        MagicRuleCase("Kodak KDC: text at offset 242", "image/x-kodak-kdc", zeros(242) + a("EASTMAN KODAK COMPANY") + zeros(3)),
        MagicRuleCase("PCX: byte 0x0a, nested version byte", "image/vnd.zbrush.pcx", [0x0A, 5, 1, 8] + le16(0) + le16(0) + le16(15) + le16(15)),
        MagicRuleCase("IFF ILBM (priority 50 over IFF's 40)", "image/x-ilbm", a("FORM") + be32(100) + a("ILBMBMHD")),
        MagicRuleCase("QuickTime image", "image/x-quicktime", be32(16) + a("idat") + zeros(8)),
        MagicRuleCase(
            "DjVu: nested DJVU after AT&TFORM", "image/vnd.djvu", a("AT&TFORM") + be32(100) + a("DJVUINFO") + be32(10)),
        MagicRuleCase("Sun raster: big32 magic", "image/x-sun-raster", be32(0x59A6_6A95) + be32(64) + be32(48) + be32(8) + be32(3072) + be32(1)),
        MagicRuleCase("DICOM: DICM at offset 128", "application/dicom", zeros(128) + a("DICM") + [0x02, 0, 0, 0] + a("UL")),
        // Audio
        MagicRuleCase("Sun/NeXT audio", "audio/basic", a(".snd") + be32(24) + be32(-1) + be32(2) + be32(8000) + be32(1)),
        MagicRuleCase("FastTracker II module", "audio/x-xm", a("Extended Module: test song          ") + [0x1A] + a("FastTracker v2.00   ")),
        MagicRuleCase("Impulse Tracker module", "audio/x-it", a("IMPMsong name") + zeros(20)),
        // Archives and data
        MagicRuleCase("lzip", "application/x-lzip", a("LZIP") + [0x01, 0x0C] + zeros(10)),
        MagicRuleCase("lzop", "application/x-lzop", [0x89] + a("LZO") + [0x00, 0x0D, 0x0A, 0x1A, 0x0A] + be16(0x1040) + be16(0x2080)),
        MagicRuleCase("ARJ: little16 0xea60", "application/x-arj", le16(0xEA60) + le16(40) + [30, 11, 1, 2, 0, 0, 2]),
        MagicRuleCase("Windows imaging (WIM)", "application/x-ms-wim", a("MSWIM\0\0\0") + le32(208) + le32(0x10D00)),
        MagicRuleCase(
            "Microsoft cabinet", "application/vnd.ms-cab-compressed",
            a("MSCF\0\0\0\0") + le32(100) + le32(0) + le32(44) + le32(0) + [3, 1]),
        MagicRuleCase("zoo: little32 at offset 20", "application/x-zoo", a("ZOO 2.10 Archive.\u{1A}\0\0") + le32(0xFDC4_A7DC) + le32(34)),
        MagicRuleCase("ACE: **ACE** at offset 7", "application/x-ace", [0x4A, 0x73, 0x31, 0, 0, 0, 0] + a("**ACE**") + [0x14, 0x14]),
        MagicRuleCase("Java JCE keystore: host32 0xcececece", "application/x-java-jce-keystore", be32(0xCECE_CECE) + be32(2) + be32(1)),
        MagicRuleCase("BitTorrent", "application/x-bittorrent", a("d8:announce35:http://tracker.example.org/announce4:infod4:name1:ae")),
        MagicRuleCase("Blender", "application/x-blender", a("BLENDER-v293REND")),
        MagicRuleCase("GRX font", "application/x-font-libgrx", [0x14, 0x02, 0x59, 0x19] + le32(9)),
        // Text and markup
        MagicRuleCase("WebVTT", "text/vtt", a("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n")),
        MagicRuleCase(
            "GtkBuilder: <interface within 256 bytes (priority 50 over XML's 40)", "application/x-gtk-builder",
            a("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<interface>\n  <requires lib=\"gtk\" version=\"4.0\"/>\n</interface>\n")),
        MagicRuleCase(
            "XBEL bookmarks: doctype within 256 bytes", "application/x-xbel",
            a("<?xml version=\"1.0\"?>\n<!DOCTYPE xbel PUBLIC \"+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML\" ")
                + a("\"http://pyxml.sourceforge.net/topics/dtds/xbel-1.0.dtd\">\n<xbel version=\"1.0\"/>\n")),
        MagicRuleCase(
            "QML: import Qt within 3000 bytes, nested { within 9…3009", "text/x-qml",
            a("import QtQuick 2.15\n\nRectangle {\n    width: 100\n}\n")),
    ]
}
