import ContentSniffing
import OpenWithTestSupport
import Testing

/// A declared MIME type from outside (an HTTP header, a C caller) is hostile input: it must never
/// trap the host process. The plain options take any text and ignore what is no MIME type; the
/// validating initialiser refuses it with an error naming the value.
@Suite("Declared MIME types that are no MIME types")
struct DeclaredMIMETypeOptionsTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 17)
    static let hostile = [
        "", " ", ";", "/", "//", "image/", "/png", "image//png", "a/b/c", " ; charset=utf-8", "image/png\u{0}x",
        "text/plain\u{7F}", "tëxt/plàin", "\u{FEFF}image/png", String(repeating: "a", count: 100_000) + "/b",
        "image/png;;;;", "image /png", "\t\timage/png\t;", "*/*", "x-/-y",
    ]
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    @Test("Any declared text resolves a file by its content, without trapping", arguments: hostile)
    func plainOptionsNeverTrap(declared: String) throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("upload", bytes: Self.png)
        let resolution = try resolver.resolve(path: path, options: ResolutionOptions(declaredMIMEType: declared))
        #expect(resolution.identifier.rawValue == "public.png")
        let fromBytes = resolver.resolve(bytes: Self.png, name: nil, options: ResolutionOptions(declaredMIMEType: declared))
        #expect(fromBytes.identifier.rawValue == "public.png")
    }

    @Test("The validating initialiser refuses what is no MIME type, naming it", arguments: ["", ";", "/png", "image/", "a/b/c", "image /png", "text/plain\u{7F}", "image/png\u{0}x"])
    func validatingRefuses(declared: String) {
        let error = #expect(throws: SniffingError.self) { try ResolutionOptions(validatingDeclaredMIMEType: declared) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.reason.contains("declared MIME type") == true)
    }

    @Test("The validating initialiser keeps a MIME type with parameters as given")
    func validatingAccepts() throws {
        let options = try ResolutionOptions(mode: .contentOnly, validatingDeclaredMIMEType: " Text/HTML; charset=utf-8")
        #expect(options.declaredMIMEType == " Text/HTML; charset=utf-8")
        #expect(options.mode == .contentOnly)
    }
}
