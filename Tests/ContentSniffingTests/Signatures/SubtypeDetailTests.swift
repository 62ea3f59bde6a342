import ContentSniffing
import OpenWithTestSupport
import Testing

/// Subtypes decided by a structure walk (animated PNG), or named in the match's detail where
/// no catalog declares a type of their own (.NET assemblies, Outlook templates).
@Suite("Signature sniffer: subtypes by structure and detail")
struct SubtypeDetailTests {
    let sniffer = SignatureSniffer()

    func sniff(_ bytes: [UInt8]) throws -> SignatureMatch? {
        try sniffer.sniff(MemoryByteSource(bytes))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        ByteFixtures.be32(data.count) + Array(type.utf8) + data + ByteFixtures.be32(0)
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let header = chunk("IHDR", ByteFixtures.be32(1) + ByteFixtures.be32(1) + [8, 6, 0, 0, 0])

    @Test("an acTL chunk before IDAT is an animated PNG; after IDAT it is not")
    func animatedPNG() throws {
        let animated = Self.pngSignature + Self.header + Self.chunk("acTL", ByteFixtures.be32(2) + ByteFixtures.be32(0))
            + Self.chunk("IDAT", ByteFixtures.zeros(12)) + Self.chunk("IEND", [])
        let match = try #require(try sniff(animated))
        #expect(match.identifier == "org.freedesktop.mime.image.apng")
        #expect(match.detail.contains("animated PNG"))
        let still = Self.pngSignature + Self.header + Self.chunk("IDAT", ByteFixtures.zeros(12))
            + Self.chunk("acTL", ByteFixtures.be32(2) + ByteFixtures.be32(0)) + Self.chunk("IEND", [])
        #expect(try sniff(still)?.identifier == "public.png")
        // A chunk length that runs past the prefix ends the walk without a crash.
        let lying = Self.pngSignature + ByteFixtures.be32(0x7FFF_FFF0) + Array("tEXt".utf8) + ByteFixtures.zeros(20)
        #expect(try sniff(lying)?.identifier == "public.png")
    }

    @Test("PE: an EFI subsystem is an EFI image; a CLR header is a .NET assembly, DLL or not")
    func portableExecutables() throws {
        let assembly = try #require(try sniff(SignatureCases.peImage(characteristics: 0x0022, subsystem: 3, clr: true)))
        #expect(assembly.identifier == "org.freedesktop.mime.application.vnd.microsoft.portable-executable")
        #expect(assembly.detail.contains(".NET assembly"))
        let library = try #require(try sniff(SignatureCases.peImage(characteristics: 0x2022, subsystem: 3, clr: true)))
        #expect(library.identifier == "com.microsoft.windows-dynamic-link-library")
        #expect(library.detail.contains(".NET library"))
        let efi = try #require(try sniff(SignatureCases.peImage(characteristics: 0x0022, subsystem: 10, clr: false)))
        #expect(efi.identifier == "org.iana.mime.application.efi")
        #expect(efi.detail.contains("EFI"))
        let native = try #require(try sniff(SignatureCases.peImage(characteristics: 0x0022, subsystem: 2, clr: false)))
        #expect(!native.detail.contains(".NET") && !native.detail.contains("EFI"))
    }

    @Test("an Outlook template is told from a message by the root class id")
    func outlookTemplate() throws {
        var file = CompoundFileFixture(streams: ["__properties_version1.0", "__substg1.0_0037001F"])
        file.rootClassID = [0x46, 0xF0, 0x06, 0x00, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46]
        #expect(try sniff(file.build())?.detail.contains("Outlook template") == true)
        file.rootClassID = [0x0B, 0x0D, 0x02, 0x00, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46]
        #expect(try sniff(file.build())?.detail.contains("Outlook message") == true)
    }
}
