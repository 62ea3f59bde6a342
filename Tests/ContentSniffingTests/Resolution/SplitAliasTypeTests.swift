import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// shared-mime-info counts HEIC as HEIF (`image/heic` is an alias of `image/heif`, and its glob
/// `*.heic` names HEIF); Apple's table declares HEIC as a type of its own. The split-off type
/// conforms to shared-mime-info's, so a HEIC photo under its own name is no conflict, and apps
/// that claim `image/heif` are offered it, as on the desktop.
@Suite("An alias split off as a sub-type")
struct SplitAliasTypeTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// The start of a HEIF file holding HEVC-coded images: an `ftyp` box of major brand `mif1`
    /// listing `heic`, then the header of a `meta` box.
    static let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        + [0, 0, 0, 0x20] + Array("meta".utf8) + [UInt8](repeating: 0, count: 24)

    @Test("HEIC and HEIC sequences are HEIF")
    func conformance() throws {
        let heif = try #require(resolver.graph["public.heif"])
        #expect(try #require(resolver.graph["public.heic"]).conforms(to: heif))
        #expect(try #require(resolver.graph["public.heics"]).conforms(to: heif))
    }

    @Test("a HEIC photo is HEIC without a conflict, under the name .heic or .heif", arguments: ["photo.heic", "photo.HEIF"])
    func heicPhoto(name: String) throws {
        let directory = TemporaryDirectory()
        let path = try directory.write(name, bytes: Self.heic)
        let resolution = try resolver.resolve(path: path)
        #expect(resolution.type.identifier == "public.heic")
        #expect(resolution.conflict == nil, "\(String(describing: resolution.conflict))")
    }
}
