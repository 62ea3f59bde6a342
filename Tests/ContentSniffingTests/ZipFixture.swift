import OpenWithTestSupport

/// Builds small ZIP archives for tests, with control over what real writers vary: the
/// compression method recorded for an entry (the "compressed" bytes are just the bytes given;
/// nothing is inflated by the sniffer anyway), data descriptors with zero sizes in the local
/// header, data prepended before the archive, and the central directory.
struct ZipFixture {
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var method: UInt16 = 0
        var usesDataDescriptor = false
    }

    var entries: [Entry] = []
    /// Bytes before the first local header (a self-extractor stub).
    var prefix: [UInt8] = []
    /// Whether to write the central directory and its end record.
    var writesCentralDirectory = true
    var comment: [UInt8] = []

    init(_ entries: [Entry] = []) { self.entries = entries }

    /// Adds a stored entry.
    mutating func stored(_ name: String, _ text: String) { entries.append(Entry(name: name, bytes: Array(text.utf8))) }

    /// Adds an entry recorded as deflated (method 8) whose "compressed" data is `count` filler bytes.
    mutating func deflated(_ name: String, count: Int = 64, dataDescriptor: Bool = false) {
        entries.append(Entry(name: name, bytes: ByteFixtures.pseudoRandom(count: count, seed: UInt64(name.utf8.count)), method: 8,
                             usesDataDescriptor: dataDescriptor))
    }

    func build() -> [UInt8] {
        var out = prefix
        var central: [UInt8] = []
        for entry in entries {
            let offset = out.count - prefix.count
            let name = Array(entry.name.utf8)
            let crc = Int(ByteFixtures.crc32(entry.bytes))
            let flags = entry.usesDataDescriptor ? 0x08 : 0
            let size = entry.usesDataDescriptor ? 0 : entry.bytes.count
            out += ByteFixtures.le32(0x0403_4B50) + ByteFixtures.le16(20) + ByteFixtures.le16(flags) + ByteFixtures.le16(Int(entry.method))
            out += ByteFixtures.le16(0) + ByteFixtures.le16(0x21)
            out += ByteFixtures.le32(entry.usesDataDescriptor ? 0 : crc) + ByteFixtures.le32(size) + ByteFixtures.le32(size)
            out += ByteFixtures.le16(name.count) + ByteFixtures.le16(0) + name + entry.bytes
            if entry.usesDataDescriptor {
                out += ByteFixtures.le32(0x0807_4B50) + ByteFixtures.le32(crc) + ByteFixtures.le32(entry.bytes.count)
                    + ByteFixtures.le32(entry.bytes.count)
            }
            central += ByteFixtures.le32(0x0201_4B50) + ByteFixtures.le16(20) + ByteFixtures.le16(20) + ByteFixtures.le16(flags)
            central += ByteFixtures.le16(Int(entry.method)) + ByteFixtures.le16(0) + ByteFixtures.le16(0x21)
            central += ByteFixtures.le32(crc) + ByteFixtures.le32(entry.bytes.count) + ByteFixtures.le32(entry.bytes.count)
            central += ByteFixtures.le16(name.count) + ByteFixtures.le16(0) + ByteFixtures.le16(0) + ByteFixtures.le16(0)
            central += ByteFixtures.le16(0) + ByteFixtures.le32(0) + ByteFixtures.le32(offset) + name
        }
        guard writesCentralDirectory else { return out }
        let directoryOffset = out.count - prefix.count
        out += central
        out += ByteFixtures.le32(0x0605_4B50) + ByteFixtures.le16(0) + ByteFixtures.le16(0)
        out += ByteFixtures.le16(entries.count) + ByteFixtures.le16(entries.count)
        out += ByteFixtures.le32(central.count) + ByteFixtures.le32(directoryOffset) + ByteFixtures.le16(comment.count) + comment
        return out
    }

    /// `[Content_Types].xml` naming `mainType` for `/part`.
    static func contentTypes(_ mainType: String, part: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/\(part)" ContentType="\(mainType)"/>\
        <Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
        </Types>
        """
    }

    /// An OOXML package whose stored `[Content_Types].xml` names `mainType`.
    static func officeByContentTypes(_ mainType: String, part: String) -> [UInt8] {
        var zip = ZipFixture()
        zip.stored("[Content_Types].xml", contentTypes(mainType, part: part))
        zip.deflated("_rels/.rels")
        zip.deflated(part)
        return zip.build()
    }

    /// An OOXML package written the usual way: every part deflated, so only names tell.
    static func officeByNames(_ names: [String]) -> [UInt8] {
        var zip = ZipFixture()
        zip.deflated("[Content_Types].xml")
        zip.deflated("_rels/.rels")
        for name in names { zip.deflated(name) }
        return zip.build()
    }

    /// An ODF or EPUB package: a stored `mimetype` entry first.
    static func withMimetype(_ mimetype: String, others: [String] = ["META-INF/manifest.xml", "content.xml"]) -> [UInt8] {
        var zip = ZipFixture()
        zip.stored("mimetype", mimetype)
        for name in others { zip.deflated(name) }
        return zip.build()
    }

    /// A package with the given (deflated) entries.
    static func named(_ names: [String]) -> [UInt8] {
        var zip = ZipFixture()
        for name in names { zip.deflated(name) }
        return zip.build()
    }
}
