import ContentSniffing
import Testing
import UniformTypes

/// A resolution's MIME type is bare (`type/subtype`): UTF-8 text, whose declared tag is
/// `text/plain;charset=utf-8`, is `text/plain`, and the charset is told on its own.
@Suite("A resolution's MIME type carries no parameters")
struct BareMIMETypeTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    @Test("UTF-8 text is text/plain with the charset utf-8 beside it")
    func utf8Text() {
        let resolution = resolver.resolve(bytes: Array("Grüße aus Köln, naïve café\n".utf8), name: "notes.txt")
        #expect(resolution.identifier.rawValue == "public.utf8-plain-text")
        // The declared tag carries the parameter; the answer does not.
        #expect(resolution.type.preferredMIMEType?.contains(";") == true)
        #expect(resolution.mimeType == "text/plain")
        #expect(resolution.charset == "utf-8")
    }

    @Test("A type whose tag has no parameter has no charset, and an unnamed binary is octet-stream")
    func noParameter() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        let resolution = resolver.resolve(bytes: png, name: nil)
        #expect(resolution.mimeType == "image/png")
        #expect(resolution.charset == nil)
        let ascii = resolver.resolve(bytes: Array("plain words\n".utf8), name: "a.txt")
        #expect(!ascii.mimeType.contains(";"))
    }
}
