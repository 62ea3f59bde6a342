import Testing

@testable import DeclarationFormats

@Suite("App group declarations")
struct AppGroupDeclarationsTests {
    /// A mail app's Info.plist as a macOS build writes it, with the group entitlement beside its
    /// document types; one bad entry of each kind among the good ones.
    static let mailInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>org.example.mail</string>
            <key>CFBundleName</key>
            <string>Mail</string>
            <key>CFBundleShortVersionString</key>
            <string>16.0</string>
            <key>CFBundleDocumentTypes</key>
            <array>
                <dict>
                    <key>CFBundleTypeName</key>
                    <string>Email Message</string>
                    <key>CFBundleTypeRole</key>
                    <string>Viewer</string>
                    <key>LSItemContentTypes</key>
                    <array><string>com.apple.mail.email</string></array>
                </dict>
            </array>
            <key>com.apple.security.application-groups</key>
            <array>
                <string>group.org.example.suite</string>
                <string>ABCDE12345.org.example.shared</string>
                <string>GROUP.org.example.SUITE</string>
                <string>group/../../etc</string>
                <string>group.org..example</string>
                <string>group.tab\u{09}x</string>
                <string>$(TeamIdentifierPrefix)org.example.build</string>
                <integer>7</integer>
                <string></string>
            </array>
        </dict>
        </plist>
        """

    @Test("Info.plist: the entitlement's ids are read in order; bad ones are skipped with the file, the key path and the reason")
    func infoPlist() throws {
        let document = try InfoPlistDocument.parse(Array(Self.mailInfoPlist.utf8), source: "Mail.app/Contents/Info.plist")
        #expect(document.bundleIdentifier == "org.example.mail")
        #expect(document.documentTypes.count == 1)
        #expect(document.applicationGroups == ["group.org.example.suite", "ABCDE12345.org.example.shared"])
        let warnings = document.warnings.filter { $0.key?.hasPrefix("com.apple.security.application-groups") == true }
        #expect(warnings.map(\.source) == Array(repeating: "Mail.app/Contents/Info.plist", count: 7))
        #expect(warnings.map { $0.key ?? "" } == (2...8).map { "com.apple.security.application-groups[\($0)]" })
        #expect(warnings[0].code == .duplicateKey)
        #expect(warnings[1].reason.contains("must not contain /"))
        #expect(warnings[2].reason.contains("must not contain .."))
        #expect(warnings[3].reason.contains("control characters"))
        #expect(warnings[3].reason.contains("\\u{9}"))
        #expect(warnings[4].reason.contains("build variable"))
        #expect(warnings[5].code == .wrongValueType)
        #expect(warnings[6].code == .emptyString)
    }

    @Test("Info.plist: a single string is a one-element list; a dictionary is skipped; no key, no groups")
    func infoPlistShapes() throws {
        func groups(_ value: String) throws -> (groups: [String], warnings: [CatalogFormatWarning]) {
            let xml = "<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>org.example.a</string>\(value)</dict></plist>"
            let document = try InfoPlistDocument.parse(Array(xml.utf8), source: "A.plist")
            return (document.applicationGroups, document.warnings)
        }
        #expect(try groups("<key>com.apple.security.application-groups</key><string>group.org.example.one</string>").groups == ["group.org.example.one"])
        let dictionary = try groups("<key>com.apple.security.application-groups</key><dict/>")
        #expect(dictionary.groups.isEmpty)
        #expect(dictionary.warnings.map(\.code) == [.wrongValueType])
        #expect(try groups("").groups.isEmpty)
    }

    @Test("Desktop entry: X-OpenWith-App-Groups is a ;-list; bad ids are skipped with the file and the key")
    func desktopEntry() throws {
        let text = """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Exec=notes %U
            MimeType=text/plain;text/markdown;
            Categories=Office;TextEditor;
            X-OpenWith-App-Groups=group.org.example.suite;group.org.example.notes;..;/tmp/x;group.org.example.suite;
            """
        let entry = try DesktopEntryParser.parse(Array(text.utf8), source: "/usr/share/applications/org.example.notes.desktop")
        let read = entry.applicationGroups
        #expect(read.groups == ["group.org.example.suite", "group.org.example.notes"])
        #expect(read.warnings.count == 3)
        #expect(read.warnings.allSatisfy { $0.key == "X-OpenWith-App-Groups" && $0.source == "/usr/share/applications/org.example.notes.desktop" })
        #expect(entry.mimeTypes == ["text/plain", "text/markdown"])
    }

    @Test("A desktop entry without the key belongs to no group")
    func desktopEntryWithoutGroups() throws {
        let entry = try DesktopEntryParser.parse(Array("[Desktop Entry]\nType=Application\nName=A\nExec=a\n".utf8), source: "a.desktop")
        #expect(entry.applicationGroups.groups.isEmpty)
        #expect(entry.applicationGroups.warnings.isEmpty)
    }

    @Test(
        "Group ids: what is refused and what is not",
        arguments: [
            ("group.org.example.suite", true), ("ABCDE12345.org.example.suite", true), ("group.org.example.suite-2", true),
            ("", false), (".", false), ("..", false), (".hidden", false), ("a/b", false), ("group..x", false), ("x..", false),
            ("tab\there", false), ("nul\u{0}x", false), ("del\u{7F}", false), ("c1\u{85}", false),
            (String(repeating: "g", count: 255), true), (String(repeating: "g", count: 256), false),
        ])
    func identifierRules(id: String, accepted: Bool) {
        #expect((AppGroupIdentifier.problem(in: id) == nil) == accepted, "\(AppGroupIdentifier.visible(id))")
    }

    @Test("At most 64 groups are read from one declaration")
    func countLimit() {
        let items = (0..<70).map { PropertyListValue.string("group.org.example.g\($0)") }
        let read = AppGroupDeclarations.read(infoPlist: ["com.apple.security.application-groups": .array(items)], source: "Big.plist")
        #expect(read.groups.count == 64)
        #expect(read.groups.last == "group.org.example.g63")
        #expect(read.warnings.count == 6)
    }
}
