import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Netpbm images by their header, in the plain (ASCII) and raw forms: a raw graymap whose
/// samples are bytes above 0x7F passes for 8-bit text, and a plain one is text, so the header
/// must be checked before text is; text that merely starts with `P1`, `P5` or `PF` is not an
/// image. A Portable FloatMap (`PF`, `Pf`) has the same kind of header, with a scale factor.
@Suite("Netpbm: PBM, PGM, PPM, PAM and PFM by their header")
struct NetpbmSignatureTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    static func bytes(_ text: String, samples: [UInt8] = []) -> [UInt8] { Array(text.utf8) + samples }

    @Test("each form is its kind, without a name", arguments: [
        ("P1\n# a comment\n4 2\n0 1 0 1\n1 0 1 0\n", [], "image/x-portable-bitmap"),
        ("P2\n3 2\n255\n0 128 255\n255 128 0\n", [], "image/x-portable-graymap"),
        ("P3 2 1 255 255 0 0 0 255 0\n", [], "image/x-portable-pixmap"),
        ("P4\n16 2\n", [0xAA, 0x55, 0xFF, 0x00], "image/x-portable-bitmap"),
        ("P5\n# CREATOR: a filter\n720 576\n255\n", [UInt8](repeating: 0xFE, count: 600), "image/x-portable-graymap"),
        ("P6 2 2 65535\n", [UInt8](repeating: 0x80, count: 24), "image/x-portable-pixmap"),
        ("P7\nWIDTH 2\nHEIGHT 2\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", [UInt8](repeating: 0xC0, count: 16),
         "image/x-portable-arbitrarymap"),
        ("PF\n512 768\n-1.000000\n", [UInt8](repeating: 0x3F, count: 48), "image/x-pfm"),
        ("Pf\n3 2\n1e0\n", [0x3F, 0x80, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00], "image/x-pfm"),
    ] as [(String, [UInt8], String)])
    func forms(header: String, samples: [UInt8], mime: String) throws {
        let expected = try #require(resolver.graph.type(mimeType: mime))
        let resolution = resolver.resolve(bytes: Self.bytes(header, samples: samples), name: nil)
        #expect(resolution.type == expected)
        #expect(resolution.evidence.contains { $0.source == .signature && $0.identifier == expected.identifier })
    }

    @Test("look-alikes are not images", arguments: [
        "P1 is the first priority of the plan.\n",
        "P2\nthe second point\n",
        "P5 5 5\n",
        "P3 2 1 255 red green blue\n",
        "P6 0 2 255\n",
        "P2 3 2 99999999999\n",
        "P7\nWIDTH 2\nno end of header\n",
        "PF is short for page footer.\n",
        "PF\n512 768\n0.0\n",
        "Pf 3 2 scale\n",
        "PF 3 2 -1.0x\n",
    ])
    func lookAlikes(text: String) throws {
        let resolution = resolver.resolve(bytes: Array(text.utf8), name: nil)
        #expect(!resolution.type.identifier.rawValue.contains("portable"), "\(text)")
        #expect(resolution.type.conforms(to: resolver.graph.identity(.text)))
    }

    @Test("libmagic's spelling of PGM names the graymap type")
    func greymapSpelling() throws {
        #expect(resolver.graph.type(mimeType: "image/x-portable-greymap") == resolver.graph.type(mimeType: "image/x-portable-graymap"))
    }
}
