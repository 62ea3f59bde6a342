import OpenWithTestSupport
import Testing

/// Files as the web puts them on disk: `curl --xattr` and `wget --xattr` record the server's
/// Content-Type in `user.mime_type`.
@Suite("Downloaded files with a user.mime_type attribute")
struct DownloadedFileTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 17)

    @Test("type, type --mime and scan answer for a file with the attribute")
    func attributeDoesNotStopTheCommand() throws {
        let cli = try CLIFixture()
        let path = try cli.folder.write("downloads/logo", bytes: Self.png)
        try #require(ExtendedAttribute.set("user.mime_type", to: "image/png", path: path))
        try cli.folder.write("downloads/readme.txt", text: "hello\n")

        let type = try cli.run("type", path)
        #expect(type.status == 0)
        #expect(type.output.contains("public.png"))
        let declared = try cli.run("type", "--mime", "image/png", path)
        #expect(declared.status == 0)
        #expect(declared.output.contains("public.png"))
        let scan = try cli.run("scan", cli.folder.path("downloads"), "--json")
        #expect(scan.status == 0)
        #expect(scan.output.contains("public.png"))
        #expect(scan.output.contains("public.plain-text"))
    }
}
