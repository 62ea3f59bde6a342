import Foundation
import OpenWithTestSupport
import Testing

@Suite("Legacy claims of an undeclared extension, through the openwith process")
struct LegacyClaimTests {
    static let vaultBytes: [UInt8] = [0x03, 0xD9, 0xA2, 0x9A, 0x67, 0xFB, 0x4B, 0xB5, 0x01, 0x00, 0x04, 0x00, 0xFE, 0x81, 0x00, 0x17]

    @Test("openwith FILE --explain offers the app claiming the extension and says why; type shows the name type")
    func explained() throws {
        let cli = try CLIFixture()
        let plist = try cli.folder.write("apps/Vault.app/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>org.example.vault</string>
            <key>CFBundleName</key><string>Vault</string>
            <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeName</key><string>Vault database</string>
            <key>CFBundleTypeExtensions</key><array><string>owlegacy</string></array>
            <key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSHandlerRank</key><string>Owner</string>
            </dict></array>
            </dict></plist>
            """)
        #expect(try cli.run("apps", "register", plist).status == 0)
        let vault = try cli.folder.write("vault.owlegacy", bytes: Self.vaultBytes)

        let handlers = try cli.run(vault, "--explain")
        #expect(handlers.status == 0, "\(handlers.output)")
        #expect(handlers.output.contains("* Vault (org.example.vault)"), "\(handlers.output)")
        #expect(handlers.output.contains("claims the extension .owlegacy, which no declared type owns, as Editor (rank Owner)"), "\(handlers.output)")
        #expect(handlers.output.contains("name type: dyn.ext.owlegacy"), "\(handlers.output)")

        let json = try cli.run("type", "--json", vault)
        let reports = try #require(try json.json() as? [[String: Any]])
        #expect(reports.first?["nameType"] as? String == "dyn.ext.owlegacy")
        #expect(reports.first?["identifier"] as? String == "public.data")

        // The same bytes under a declared extension: no name type, and the app is not offered.
        let renamed = try cli.folder.write("vault.txt", bytes: Self.vaultBytes)
        let plain = try #require(try cli.run("type", "--json", renamed).json() as? [[String: Any]])
        #expect(plain.first?["nameType"] == nil)
        #expect(!(try cli.run(renamed, "--explain").output.contains("org.example.vault")))
    }
}
