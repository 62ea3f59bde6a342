import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Formats that are kinds of another and are named as such: a PE image is shared-mime-info's
/// `application/vnd.microsoft.portable-executable`, a kind of Windows executable (a DLL a kind
/// of it); an MPO file is a JPEG whose first image any JPEG reader shows; a Photoshop large
/// document (PSB) is a Photoshop document and carries its MIME type.
@Suite("Formats that are kinds of another")
struct FormatKindTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    @Test("a PE image is the PE type, a kind of Windows executable; a DLL is a kind of PE image")
    func portableExecutable() throws {
        let pe = try #require(resolver.graph.type(mimeType: "application/vnd.microsoft.portable-executable"))
        let windows = try #require(resolver.graph.type(mimeType: "application/x-ms-dos-executable"))
        let dll = try #require(resolver.graph[TypeIdentifier("com.microsoft.windows-dynamic-link-library")])
        #expect(pe.conforms(to: windows))
        #expect(dll.conforms(to: pe))
        #expect(!windows.conforms(to: dll) && !pe.conforms(to: dll), "a program is not a library")
        let program = SignatureCases.peImage(characteristics: 0x0022, subsystem: 3, clr: false)
        for name in ["tool.exe", nil] {
            let resolution = resolver.resolve(bytes: program, name: name)
            #expect(resolution.type == pe, "\(name ?? "no name")")
            #expect(resolution.mimeType == "application/vnd.microsoft.portable-executable")
            #expect(resolution.conflict == nil)
        }
        let library = SignatureCases.peImage(characteristics: 0x2022, subsystem: 3, clr: false)
        #expect(resolver.resolve(bytes: library, name: nil).type == dll)
        #expect(resolver.resolve(bytes: library, name: "helper.dll").conflict == nil)
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + ByteFixtures.be16(16) + Array("JFIF\u{0}".utf8)
        + [1, 1, 0] + ByteFixtures.be16(1) + ByteFixtures.be16(1) + [0, 0] + ByteFixtures.pseudoRandom(count: 600, seed: 5)

    @Test("JPEG bytes named .mpo are an MPO image, image/mpo, with no conflict; named .jpg a JPEG")
    func multiPicture() throws {
        let mpo = try #require(resolver.graph.type(filenameExtension: "mpo"))
        let jpeg = try #require(resolver.graph.type(mimeType: "image/jpeg"))
        #expect(mpo.conforms(to: jpeg))
        let named = resolver.resolve(bytes: Self.jpeg, name: "stereo.mpo")
        #expect(named.type == mpo)
        #expect(named.mimeType == "image/mpo")
        #expect(named.conflict == nil)
        #expect(resolver.resolve(bytes: Self.jpeg, name: "photo.jpg").type == jpeg)
    }

    @Test("a Photoshop large document carries Photoshop's MIME type")
    func photoshopLarge() throws {
        let psb = Array("8BPS".utf8) + ByteFixtures.be16(2) + ByteFixtures.zeros(6) + ByteFixtures.be16(3)
            + ByteFixtures.be32(1) + ByteFixtures.be32(1) + ByteFixtures.be16(8) + ByteFixtures.be16(3) + ByteFixtures.zeros(64)
        let photoshop = try #require(resolver.graph.type(mimeType: "image/vnd.adobe.photoshop"))
        let resolution = resolver.resolve(bytes: psb, name: nil)
        #expect(resolution.type.identifier == "com.adobe.photoshop-large-image")
        #expect(resolution.type.conforms(to: photoshop))
        #expect(resolution.mimeType == "image/vnd.adobe.photoshop")
    }
}
