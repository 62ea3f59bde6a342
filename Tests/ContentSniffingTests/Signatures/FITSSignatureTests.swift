import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A FITS file's primary header is ASCII, so without its own signature it read as plain text:
/// the mandatory SIMPLE, BITPIX and NAXIS cards place it before text is considered.
@Suite("FITS by its primary header")
struct FITSSignatureTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// 80-column cards, padded with spaces.
    static func cards(_ lines: [String]) -> [UInt8] {
        Array(lines.map { $0 + String(repeating: " ", count: max(0, 80 - $0.count)) }.joined().utf8)
    }

    /// A primary header of a 2-by-2 image of bytes, its END card, the header's block padded to
    /// 2,880 bytes, then the four samples.
    static let image: [UInt8] = {
        let header = cards([
            "SIMPLE  =                    T / conforms to FITS standard",
            "BITPIX  =                    8 / array data type",
            "NAXIS   =                    2 / number of array dimensions",
            "NAXIS1  =                    2", "NAXIS2  =                    2",
            "OBJECT  = 'M13     '", "END",
        ])
        return header + [UInt8](repeating: 0x20, count: 2880 - header.count) + [0x00, 0x7F, 0x80, 0xFF]
    }()

    func fits() throws -> UniformType { try #require(resolver.graph.type(mimeType: "image/fits")) }

    @Test("a FITS header is FITS from its content alone, and under its name without a conflict")
    func header() throws {
        #expect(resolver.resolve(bytes: Self.image, name: nil).type == (try fits()))
        // The header alone, as a file with no data array (NAXIS 0) is.
        #expect(resolver.resolve(bytes: Array(Self.image.prefix(2880)), name: nil).type == (try fits()))
        let named = resolver.resolve(bytes: Self.image, name: "m13.fits")
        #expect(named.type == (try fits()))
        #expect(named.conflict == nil)
    }

    @Test("cards out of the standard's order, or a SIMPLE value that is not logical, are text",
          arguments: [
              ["BITPIX  =                    8", "SIMPLE  =                    T", "NAXIS   =                    0"],
              ["SIMPLE  =                    1", "BITPIX  =                    8", "NAXIS   =                    0"],
              ["SIMPLE  =                    T", "NAXIS   =                    0", "BITPIX  =                    8"],
          ])
    func notFITS(lines: [String]) throws {
        let answer = resolver.resolve(bytes: Self.cards(lines + ["END"]), name: nil).type
        #expect(answer != (try fits()))
        #expect(answer.conforms(to: try #require(resolver.graph[.plainText])))
    }

    @Test("text named .fits without the primary header is not FITS", arguments: ["notes.fits", "notes.fit", "notes.fts"])
    func textUnderTheName(name: String) throws {
        let resolution = resolver.resolve(bytes: Array("Observing log, night of the 12th: seeing poor.\n".utf8), name: name)
        #expect(resolution.type != (try fits()))
        #expect(resolution.conflict != nil)
    }
}
