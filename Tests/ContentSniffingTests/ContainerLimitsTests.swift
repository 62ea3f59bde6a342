import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// What random access adds over a prefix, and hostile containers that must stay cheap.
@Suite("Containers: reads beyond the prefix, and their bounds")
struct ContainerLimitsTests {
    let sniffer = SignatureSniffer()
    typealias C = SignatureCases

    func fromPrefix(_ bytes: [UInt8], length: Int = 4096) -> SignatureMatch? {
        Array(bytes.prefix(length)).withUnsafeBytes { sniffer.sniff(prefix: $0) }
    }

    func fromSource(_ bytes: [UInt8], limits: SniffingLimits = .default) throws -> (SignatureMatch?, Int) {
        let source = CountingByteSource(bytes)
        let match = try SignatureSniffer(limits: limits).sniff(source)
        return (match, source.bytesRead)
    }

    @Test("a ZIP whose telling entries lie past the prefix is classified from its central directory")
    func zipCentralDirectory() throws {
        var zip = ZipFixture()
        zip.deflated("[Content_Types].xml", count: 5000)
        zip.deflated("_rels/.rels", count: 300)
        zip.deflated("word/document.xml", count: 2000)
        let bytes = zip.build()
        #expect(fromPrefix(bytes)?.identifier == "org.openxmlformats.openxml")
        #expect(try fromSource(bytes).0?.identifier == "org.openxmlformats.wordprocessingml.document")
    }

    @Test("a data descriptor stops the local walk; the central directory still tells")
    func zipDataDescriptor() throws {
        var zip = ZipFixture()
        zip.deflated("content.bin", count: 5000, dataDescriptor: true)
        zip.deflated("META-INF/MANIFEST.MF")
        let bytes = zip.build()
        #expect(fromPrefix(bytes)?.identifier == "public.zip-archive", "the directory lies past the prefix")
        #expect(try fromSource(bytes).0?.identifier == "com.sun.java-archive")
        var small = ZipFixture()
        small.deflated("content.bin", count: 100, dataDescriptor: true)
        small.deflated("META-INF/MANIFEST.MF")
        #expect(fromPrefix(small.build())?.identifier == "com.sun.java-archive", "a prefix that is the whole archive holds its directory")
    }

    @Test("a stored mimetype found only through the central directory")
    func zipMimetypeThroughDirectory() throws {
        var zip = ZipFixture()
        zip.deflated("Thumbnails/thumbnail.png", count: 6000)
        zip.stored("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        let bytes = zip.build()
        #expect(try fromSource(bytes).0?.identifier == "org.oasis-open.opendocument.spreadsheet")
    }

    @Test("an archive comment of almost 64 KiB still finds the end record")
    func zipLongComment() throws {
        var zip = ZipFixture()
        zip.deflated("big.bin", count: 5000)
        zip.deflated("xl/workbook.xml")
        zip.comment = Array(repeating: UInt8(ascii: "c"), count: 60000)
        #expect(try fromSource(zip.build()).0?.identifier == "org.openxmlformats.spreadsheetml.sheet")
    }

    @Test("a stored [Content_Types].xml over the limit is judged by names")
    func zipLargeContentTypes() throws {
        var zip = ZipFixture()
        let padding = String(repeating: " ", count: 2000)
        zip.stored("[Content_Types].xml", ZipFixture.contentTypes(
            "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml", part: "ppt/presentation.xml") + padding)
        zip.deflated("ppt/presentation.xml")
        let limits = SniffingLimits(maxStoredEntryLength: 1000)
        #expect(try fromSource(zip.build(), limits: limits).0?.identifier == "org.openxmlformats.presentationml.presentation")
        #expect(try fromSource(zip.build()).0?.identifier == "org.openxmlformats.presentationml.template")
    }

    @Test("a central directory that declares 65535 entries and an absurd size costs no more than the budget")
    func zipHostileDirectory() throws {
        let original = C.zipFamily[0].bytes
        let end = original.count - 22
        for fields in [[0xFF, 0xFF, 0xFF, 0xFF] + ByteFixtures.le32(0x7FFF_FFF0), [0xFE, 0xFF, 0xFE, 0xFF] + ByteFixtures.le32(end)] {
            var bytes = original
            bytes.replaceSubrange((end + 8)..<(end + 16), with: fields)
            let (match, read) = try fromSource(bytes)
            #expect(match?.identifier == "public.zip-archive")
            #expect(read <= 4096 + 256 * 1024)
        }
    }

    @Test("a ZIP with 6000 entries stops at maxZipEntries and within the budget")
    func zipManyEntries() throws {
        var zip = ZipFixture()
        for index in 0..<6000 { zip.deflated("f\(index)", count: 1) }
        zip.deflated("word/document.xml")
        let bytes = zip.build()
        let (match, read) = try fromSource(bytes, limits: SniffingLimits(maxExtraBytes: 64 * 1024, maxZipEntries: 100))
        #expect(match?.identifier == "public.zip-archive", "the telling entry is past the cap")
        #expect(read <= 4096 + 64 * 1024)
    }

    @Test("an OLE2 directory past the prefix is read through the FAT")
    func compoundFileFarDirectory() throws {
        var file = CompoundFileFixture(streams: ["WordDocument", "1Table"])
        file.paddingSectors = 12
        let bytes = file.build()
        #expect(fromPrefix(bytes)?.identifier == "org.freedesktop.mime.application.x-ole-storage")
        #expect(try fromSource(bytes).0?.identifier == "com.microsoft.word.doc")
    }

    @Test("an OLE2 directory chain that loops back on itself ends")
    func compoundFileCycle() throws {
        var file = CompoundFileFixture(streams: ["A", "B", "C", "D", "E", "Workbook"])
        file.directoryNext = 1  // the first directory sector points to itself
        let bytes = file.build()
        let (match, read) = try fromSource(bytes)
        #expect(match?.identifier.rawValue.isEmpty == false)
        #expect(read <= 4096 + 256 * 1024)
        #expect(fromPrefix(bytes) != nil)
    }

    @Test("ELF program headers past the prefix are read for PT_INTERP")
    func elfFarProgramHeaders() throws {
        var bytes = C.elf64(type: 3, programHeaders: [])
        bytes.replaceSubrange(32..<40, with: ByteFixtures.le64(8192))
        bytes.replaceSubrange(56..<58, with: ByteFixtures.le16(2))
        bytes += ByteFixtures.zeros(8192 - bytes.count) + ByteFixtures.le32(6) + ByteFixtures.zeros(52) + ByteFixtures.le32(3)
            + ByteFixtures.zeros(52)
        #expect(fromPrefix(bytes)?.identifier == "org.freedesktop.mime.application.x-sharedlib")
        #expect(try fromSource(bytes).0?.identifier == "org.freedesktop.mime.application.x-executable")
    }

    @Test("an ELF declaring 65535 program headers at an absurd offset is bounded")
    func elfHostileProgramHeaders() throws {
        var bytes = C.elf64(type: 3, programHeaders: [1])
        bytes.replaceSubrange(32..<40, with: ByteFixtures.le64(UInt64.max - 10))
        bytes.replaceSubrange(56..<58, with: ByteFixtures.le16(0xFFFF))
        let (match, read) = try fromSource(bytes)
        #expect(match?.identifier == "org.freedesktop.mime.application.x-sharedlib")
        #expect(read <= 4096 + 256 * 1024)
    }

    @Test("an ELF with an unusual e_type is an ELF binary")
    func elfUnusualType() {
        #expect(fromPrefix(C.elf64(type: 0xFE00, programHeaders: []))?.identifier == "public.elf-binary")
    }

    @Test("a PE header past the prefix is read at e_lfanew")
    func peFarHeader() throws {
        let bytes = C.pe(characteristics: 0x2022, newHeader: 8192)
        #expect(fromPrefix(bytes)?.strength != .strong)
        #expect(try fromSource(bytes).0?.identifier == "com.microsoft.windows-dynamic-link-library")
    }

    @Test("a universal Mach-O is classified by its first slice, read where it lies")
    func fatMachOFarSlice() throws {
        let slice = C.machO(magic: 0xFEED_FACF, fileType: 6, littleEndian: true)
        let bytes = ByteFixtures.be32(0xCAFE_BABE) + ByteFixtures.be32(2) + ByteFixtures.be32(0x0100_0007) + ByteFixtures.be32(3)
            + ByteFixtures.be32(16384) + ByteFixtures.be32(slice.count) + ByteFixtures.be32(14) + ByteFixtures.zeros(16384 - 28) + slice
        #expect(fromPrefix(bytes)?.identifier == "com.apple.mach-o-binary")
        #expect(try fromSource(bytes).0?.identifier == "com.apple.mach-o-dylib")
    }

    @Test("a large ID3 tag is skipped to the audio it tags")
    func largeID3Tag() throws {
        let size = 100_000
        let syncsafe: [UInt8] = [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
        let bytes = Array("ID3".utf8) + [3, 0, 0] + syncsafe + ByteFixtures.zeros(size) + Array("fLaC".utf8) + ByteFixtures.zeros(40)
        #expect(fromPrefix(bytes)?.identifier == "public.mp3")
        #expect(try fromSource(bytes).0?.identifier == "org.xiph.flac")
    }

    @Test("ISO 9660 needs a read at 32 KiB: not from a 4 KiB prefix, yes from a source or a long prefix")
    func iso9660() throws {
        #expect(fromPrefix(C.iso9660) == nil)
        #expect(fromPrefix(C.iso9660, length: 40000)?.identifier == "org.freedesktop.mime.application.x-cd-image")
        #expect(try fromSource(C.iso9660).0?.identifier == "org.freedesktop.mime.application.x-cd-image")
        let noBudget = SniffingLimits(maxExtraBytes: 0)
        #expect(try fromSource(C.iso9660, limits: noBudget).0 == nil)
    }

    @Test("ISO-BMFF box sizes made of letters are not boxes")
    func textThatMentionsBoxes() {
        for text in ["I'm free to go\n", "xxxxmoov yyyy\n", "abcdftypisom and more text\n", "The mdat box\n"] {
            #expect(fromPrefix(Array(text.utf8))?.identifier == "public.plain-text", "\(text)")
        }
    }

    @Test("a walk of many tiny boxes stops at maxTopLevelBoxes")
    func manyBoxes() throws {
        let bytes = (0..<10_000).flatMap { _ in ByteFixtures.be32(8) + Array("free".utf8) }
        let (match, read) = try fromSource(bytes)
        #expect(match?.identifier == "com.apple.quicktime-movie")
        #expect(match?.strength == .weak)
        #expect(read <= 4096 + 256 * 1024)
    }
}
