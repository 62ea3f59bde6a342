import Testing

@testable import DeclarationFormats

@Suite("Desktop entries")
struct DesktopEntryParserTests {
    /// The example of the Desktop Entry Specification, with an action group.
    static let specExample = """
        [Desktop Entry]
        Version=1.0
        Type=Application
        Name=Foo Viewer
        Comment=The best viewer for Foo objects available!
        TryExec=fooview
        Exec=fooview %F
        Icon=fooview
        MimeType=image/x-foo;
        Actions=Gallery;Create;

        [Desktop Action Gallery]
        Exec=fooview --gallery
        Name=Browse Gallery

        [Desktop Action Create]
        Exec=fooview --create-new
        Name=Create a new Foo!
        Icon=fooview-new
        """

    static func parse(_ text: String, source: String = "test.desktop") throws -> DesktopEntry {
        try DesktopEntryParser.parse(Array(text.utf8), source: source)
    }

    @Test func specificationExample() throws {
        let entry = try Self.parse(Self.specExample)
        #expect(entry.type == .application)
        #expect(entry.version == "1.0")
        #expect(entry.name == "Foo Viewer")
        #expect(entry.comment == "The best viewer for Foo objects available!")
        #expect(entry.tryExec == "fooview")
        #expect(entry.exec == "fooview %F")
        #expect(entry.icon == "fooview")
        #expect(entry.mimeTypes == ["image/x-foo"])
        #expect(entry.actions.map(\.identifier) == ["Gallery", "Create"])
        #expect(entry.actions.last?.icon == "fooview-new")
        #expect(entry.actions.first?.exec == "fooview --gallery")
        #expect(entry.groups.map(\.name) == ["Desktop Entry", "Desktop Action Gallery", "Desktop Action Create"])
        #expect(entry.warnings.isEmpty)
        #expect(!entry.noDisplay && !entry.hidden && !entry.terminal)
    }

    @Test func linkAndDirectoryTypes() throws {
        let link = try Self.parse("[Desktop Entry]\nType=Link\nName=Docs\nURL=https://example.com/\n")
        #expect(link.type == .link)
        #expect(link.url == "https://example.com/")
        let directory = try Self.parse("[Desktop Entry]\nType=Directory\nName=Games\nIcon=applications-games\n")
        #expect(directory.type == .directory)
        let service = try Self.parse("[Desktop Entry]\nType=Service\nName=KDE thing\n")
        #expect(service.type == DesktopEntryType(rawValue: "Service"))
    }

    @Test(arguments: [
        (#"a\sb"#, "a b"), (#"line\nbreak"#, "line\nbreak"), (#"tab\there"#, "tab\there"), (#"cr\rx"#, "cr\rx"),
        (#"back\\slash"#, #"back\slash"#), (#"keep\$dollar"#, #"keep\$dollar"#), (#"semi\;colon"#, #"semi\;colon"#),
        ("trailing\\", "trailing\\"), ("", ""),
    ])
    func stringEscapes(raw: String, decoded: String) {
        #expect(DesktopEntryValue.string(raw) == decoded)
    }

    @Test(arguments: [
        ("a;b;c", ["a", "b", "c"]), ("a;b;c;", ["a", "b", "c"]), (#"a\;b;c"#, ["a;b", "c"]), ("a;;b", ["a", "", "b"]),
        ("", []), (";", [""]), (#"x\sy;z"#, ["x y", "z"]), (#"GNOME;KDE\\;"#, ["GNOME", #"KDE\"#]),
    ])
    func stringLists(raw: String, items: [String]) {
        #expect(DesktopEntryValue.list(raw) == items)
    }

    @Test func typedKeys() throws {
        let entry = try Self.parse(
            """
            # comment
            [Desktop Entry]
            Type=Application
            Name=Editor
            GenericName=Text Editor
            Exec=editor\\s--new %U
            Terminal=true
            NoDisplay=false
            OnlyShowIn=GNOME;XFCE;
            NotShowIn=KDE;
            Categories=Utility;TextEditor;
            MimeType=text/plain;;x-scheme-handler/editor;
            Keywords=text;edit;
            StartupWMClass=editor-main
            StartupNotify=true
            X-GNOME-UsesNotifications=true
            """)
        #expect(entry.genericName == "Text Editor")
        #expect(entry.exec == "editor --new %U")
        #expect(entry.terminal)
        #expect(entry.onlyShowIn == ["GNOME", "XFCE"])
        #expect(entry.notShowIn == ["KDE"])
        #expect(entry.categories == ["Utility", "TextEditor"])
        #expect(entry.mimeTypes == ["text/plain", "x-scheme-handler/editor"])
        #expect(entry.keywords == ["text", "edit"])
        #expect(entry.startupWMClass == "editor-main")
        #expect(entry.startupNotify == true)
        #expect(entry.warnings.map(\.code) == [.emptyString], "\(entry.warnings)")
        #expect(entry.groups[0].rawValue(forKey: "X-GNOME-UsesNotifications") == "true")
        #expect(entry.isShown(inDesktops: ["gnome"]))
        #expect(!entry.isShown(inDesktops: ["KDE"]))
        #expect(!entry.isShown(inDesktops: ["LXQt"]))
    }

    @Test func localeKeys() throws {
        let entry = try Self.parse(
            """
            [Desktop Entry]
            Type=Application
            Exec=x
            Name=Text Editor
            Name[de]=Texteditor
            Name[de_CH]=Texteditor (Schweiz)
            Name[sr@latin]=Uređivač teksta
            Name[pt_BR]=Editor de texto
            """)
        #expect(entry.localizedNames["de"] == "Texteditor")
        #expect(entry.localizedName(locale: "de_DE.UTF-8") == "Texteditor")
        #expect(entry.localizedName(locale: "de_CH.UTF-8") == "Texteditor (Schweiz)")
        #expect(entry.localizedName(locale: "sr_RS@latin") == "Uređivač teksta")
        #expect(entry.localizedName(locale: "pt_BR") == "Editor de texto")
        #expect(entry.localizedName(locale: "pt_PT") == "Text Editor")
        #expect(entry.localizedName(locale: nil) == "Text Editor")
        #expect(DesktopEntryGroup.localeCandidates("sr_RS.UTF-8@latin") == ["sr_RS@latin", "sr_RS", "sr@latin", "sr"])
    }

    @Test func invalidUTF8NamesTheLine() {
        var bytes = Array("[Desktop Entry]\nType=Application\nExec=x\nName=".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\n".utf8)
        let error = #expect(throws: CatalogFormatError.self) {
            try DesktopEntryParser.parse(bytes, source: "bad.desktop")
        }
        #expect(error?.code == .invalidEncoding)
        #expect(error?.line == 4)
        #expect(error?.source == "bad.desktop")
        #expect(error?.description.hasPrefix("bad.desktop:4: ") == true)
    }

    @Test(arguments: [
        ("[Desktop Entry]\nType=Application\nExec=x\n", "Name"),
        ("[Desktop Entry]\nName=X\nExec=x\n", "Type"),
        ("[Desktop Entry]\nType=Application\nName=X\n", "Exec"),
        ("[Desktop Entry]\nType=Link\nName=X\n", "URL"),
    ])
    func missingRequiredKeyIsNamed(text: String, key: String) {
        let error = #expect(throws: CatalogFormatError.self) { try Self.parse(text, source: "missing.desktop") }
        #expect(error?.code == .missingRequiredKey)
        #expect(error?.key == key)
        #expect(error?.line == 1)
    }

    @Test func dbusActivatableNeedsNoExecAndHiddenNeedsNothing() throws {
        let dbus = try Self.parse("[Desktop Entry]\nType=Application\nName=X\nDBusActivatable=true\n")
        #expect(dbus.dbusActivatable && dbus.exec == nil)
        let hidden = try Self.parse("[Desktop Entry]\nHidden=true\n")
        #expect(hidden.hidden)
        #expect(hidden.name.isEmpty)
    }

    @Test(arguments: [
        ("Type=Application\n[Desktop Entry]\nName=X\n", "before the first group"),
        ("[Other]\nA=b\n[Desktop Entry]\nType=Application\nName=X\nExec=x\n", "not [Desktop Entry]"),
        ("# only a comment\n", "no [Desktop Entry] group"),
        ("[Desktop Entry]\nType=Application\nName=X\nExec=x\nthis is not a key\n", "not a group header"),
        ("[Desktop Entry\nName=X\n", "without a closing ]"),
        ("[Desktop Entry]\nName[=X\n", "invalid"),
    ])
    func malformedFilesAreErrors(text: String, reason: String) {
        let error = #expect(throws: CatalogFormatError.self) { try Self.parse(text) }
        #expect(error?.code == .malformedDesktopEntry)
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func duplicatesKeepTheFirstAndWarn() throws {
        let entry = try Self.parse(
            """
            [Desktop Entry]
            Type=Application
            Name=First
            Exec=first
            Name=Second
            Name[de]=Erste
            Name[de]=Zweite
            NoDisplay=yes
            Frobnicate=1
            [Desktop Entry]
            Icon=merged
            """)
        #expect(entry.name == "First")
        #expect(entry.localizedNames["de"] == "Erste")
        #expect(entry.icon == "merged")
        #expect(!entry.noDisplay)
        let duplicates = entry.warnings.filter { $0.code == .duplicateKey }
        #expect(duplicates.compactMap(\.key) == ["Name", "Name[de]", "[Desktop Entry]"])
        #expect(duplicates.first?.line == 5)
        #expect(entry.warnings.contains { $0.code == .invalidValue && $0.key == "NoDisplay" })
        #expect(entry.warnings.contains { $0.code == .unknownKey && $0.key == "Frobnicate" })
        #expect(entry.groups[0].rawValue(forKey: "Frobnicate") == "1", "unknown keys are kept")
    }

    @Test func actionsWithoutGroupsAreSkipped() throws {
        let entry = try Self.parse(
            "[Desktop Entry]\nType=Application\nName=X\nExec=x\nActions=a;b;\n[Desktop Action b]\nExec=x --b\n")
        #expect(entry.actions.isEmpty)
        #expect(entry.warnings.filter { $0.code == .missingRequiredKey }.count == 2)
    }

    @Test func crlfCommentsAndBlanksAreTolerated() throws {
        let entry = try Self.parse(
            "\u{FEFF}# c\r\n\r\n[Desktop Entry]\r\n  Type = Application\r\nName=X \r\nExec=x\r\n")
        #expect(entry.type == .application)
        #expect(entry.name == "X ")
    }

    @Test func truncatedEntriesNeverTrap() {
        let bytes = Array(Self.specExample.utf8)
        for length in 0...bytes.count {
            _ = try? DesktopEntryParser.parse(Array(bytes.prefix(length)), source: "cut.desktop")
        }
    }

    @Test(arguments: [
        ("foo.desktop", "foo.desktop"), ("kde4/foo.desktop", "kde4-foo.desktop"), ("a/b/c.desktop", "a-b-c.desktop"),
        ("./kde4//foo.desktop", "kde4-foo.desktop"),
    ])
    func desktopFileIDs(path: String, id: String) {
        #expect(DesktopFileID.make(relativePath: path) == id)
    }

    @Test(arguments: ["/usr/share/applications/foo.desktop", "../foo.desktop", "foo.txt", ".desktop", "a/.desktop", ""])
    func invalidDesktopFileIDs(path: String) {
        #expect(DesktopFileID.make(relativePath: path) == nil)
    }

    @Test func desktopFileIDFromAbsolutePath() {
        #expect(
            DesktopFileID.make(
                path: "/usr/share/applications/kde4/foo.desktop", applicationsDirectory: "/usr/share/applications/")
                == "kde4-foo.desktop")
        #expect(DesktopFileID.make(path: "/opt/foo.desktop", applicationsDirectory: "/usr/share/applications") == nil)
    }
}
