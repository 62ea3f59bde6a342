import Testing

@testable import DeclarationFormats

@Suite("mimeapps.list")
struct MimeAppsListTests {
    @Test func precedenceForGnomeThenKDE() {
        let locations = MimeAppsListLocations(environment: [
            "HOME": "/home/ada",
            "XDG_CURRENT_DESKTOP": "GNOME:KDE",
            "XDG_CONFIG_DIRS": "/etc/xdg/xdg-ubuntu:/etc/xdg/",
            "XDG_DATA_DIRS": "/usr/share/ubuntu:/usr/local/share:/usr/share",
        ])
        #expect(locations.desktopNames == ["gnome", "kde"])
        #expect(
            locations.files == [
                "/home/ada/.config/gnome-mimeapps.list",
                "/home/ada/.config/kde-mimeapps.list",
                "/home/ada/.config/mimeapps.list",
                "/etc/xdg/xdg-ubuntu/gnome-mimeapps.list",
                "/etc/xdg/xdg-ubuntu/kde-mimeapps.list",
                "/etc/xdg/xdg-ubuntu/mimeapps.list",
                "/etc/xdg/gnome-mimeapps.list",
                "/etc/xdg/kde-mimeapps.list",
                "/etc/xdg/mimeapps.list",
                "/home/ada/.local/share/applications/gnome-mimeapps.list",
                "/home/ada/.local/share/applications/kde-mimeapps.list",
                "/home/ada/.local/share/applications/mimeapps.list",
                "/usr/share/ubuntu/applications/gnome-mimeapps.list",
                "/usr/share/ubuntu/applications/kde-mimeapps.list",
                "/usr/share/ubuntu/applications/mimeapps.list",
                "/usr/local/share/applications/gnome-mimeapps.list",
                "/usr/local/share/applications/kde-mimeapps.list",
                "/usr/local/share/applications/mimeapps.list",
                "/usr/share/applications/gnome-mimeapps.list",
                "/usr/share/applications/kde-mimeapps.list",
                "/usr/share/applications/mimeapps.list",
            ])
    }

    @Test func defaultsAndExplicitHomes() {
        let defaults = MimeAppsListLocations(environment: ["HOME": "/root"])
        #expect(
            defaults.files == [
                "/root/.config/mimeapps.list", "/etc/xdg/mimeapps.list",
                "/root/.local/share/applications/mimeapps.list", "/usr/local/share/applications/mimeapps.list",
                "/usr/share/applications/mimeapps.list",
            ])
        let explicit = MimeAppsListLocations(environment: [
            "HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg/", "XDG_DATA_HOME": "relative/ignored",
            "XDG_CONFIG_DIRS": "", "XDG_DATA_DIRS": "relative:/data", "XDG_CURRENT_DESKTOP": "X-Cinnamon::X-Cinnamon",
        ])
        #expect(explicit.desktopNames == ["x-cinnamon"])
        #expect(
            explicit.files == [
                "/cfg/x-cinnamon-mimeapps.list", "/cfg/mimeapps.list",
                "/etc/xdg/x-cinnamon-mimeapps.list", "/etc/xdg/mimeapps.list",
                "/home/ada/.local/share/applications/x-cinnamon-mimeapps.list",
                "/home/ada/.local/share/applications/mimeapps.list",
                "/data/applications/x-cinnamon-mimeapps.list", "/data/applications/mimeapps.list",
            ])
        let homeless = MimeAppsListLocations(environment: [:])
        #expect(homeless.files.first == "/etc/xdg/mimeapps.list")
    }

    static let sample = """
        [Default Applications]
        text/html=firefox.desktop;chromium.desktop;
        image/png=org.gnome.eog.desktop
        x-scheme-handler/mailto=thunderbird.desktop;

        [Added Associations]
        text/plain=org.gnome.TextEditor.desktop;vim.desktop;emacs.desktop;
        image/png=gimp.desktop;

        [Removed Associations]
        text/plain=emacs.desktop;
        application/pdf=evince.desktop;
        """

    @Test func allThreeGroups() throws {
        let list = try MimeAppsListParser.parse(Array(Self.sample.utf8), source: "mimeapps.list")
        #expect(list.defaults.map(\.mimeType) == ["text/html", "image/png", "x-scheme-handler/mailto"])
        #expect(list.defaultApplications(for: "TEXT/HTML") == ["firefox.desktop", "chromium.desktop"])
        #expect(list.defaultApplications(for: "image/png") == ["org.gnome.eog.desktop"])
        #expect(list.addedApplications(for: "text/plain") == ["org.gnome.TextEditor.desktop", "vim.desktop"])
        #expect(list.addedApplications(for: "image/png") == ["gimp.desktop"])
        #expect(list.removedApplications(for: "text/plain") == ["emacs.desktop"])
        #expect(list.removedApplications(for: "application/pdf") == ["evince.desktop"])
        #expect(list.defaults[1].line == 3)
        #expect(list.warnings.map(\.code) == [.conflictingAssociation], "added and removed: removed wins")
        #expect(list.warnings.first?.key == "text/plain")
    }

    @Test func duplicatesAndJunk() throws {
        var bytes = Array(
            """
            stray=key.desktop
            [Default Applications]
            text/plain=a.desktop;b.desktop;a.desktop;
            TEXT/PLAIN=c.desktop;
            notamime=x.desktop
            image/png[de]=x.desktop
            image/gif=;
            this line is junk
            [Some Other Group]
            text/plain=ignored.desktop
            [Added Associations]
            """.utf8)
        bytes += Array("\nimage/jpeg=".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        let list = try MimeAppsListParser.parse(bytes, source: "messy.list")
        #expect(list.defaultApplications(for: "text/plain") == ["c.desktop"], "the later line wins")
        #expect(list.defaults.count == 2)
        #expect(list.defaultApplications(for: "image/gif").isEmpty)
        #expect(list.added.isEmpty)
        let codes = list.warnings.map(\.code)
        #expect(
            codes == [
                .malformedLine, .duplicateKey, .duplicateKey, .invalidValue, .invalidValue, .malformedLine,
                .unknownGroup, .invalidEncoding,
            ], "\(list.warnings)")
        #expect(list.warnings.map(\.line) == [1, 3, 4, 5, 6, 8, 9, 12])
        #expect(list.warnings.allSatisfy { $0.source == "messy.list" })
    }

    @Test func largeFilesStayLinear() throws {
        var text = "[Default Applications]\n"
        for index in 0..<10_000 {
            text += "application/x-type\(index % 5000)=app\(index).desktop;dup.desktop;dup.desktop\n"
        }
        let list = try Array(text.utf8).withUnsafeBytes { try MimeAppsListParser.parse($0, source: "large.list") }
        #expect(list.defaults.count == 5000)
        #expect(list.defaultApplications(for: "application/x-type0") == ["app5000.desktop", "dup.desktop"])
        var entry = "[Desktop Entry]\nType=Application\nName=X\nExec=x\n"
        for index in 0..<10_000 { entry += "X-Key\(index % 5000)=\(index)\nName=again\n" }
        let parsed = try DesktopEntryParser.parse(Array(entry.utf8), source: "large.desktop")
        #expect(parsed.name == "X")
        #expect(parsed.groups[0].entries.count == 5003)
        // 15,000 duplicate keys: the first few are named, the rest counted.
        #expect(parsed.warnings.count == CatalogFormatWarning.keptPerKind + 1)
        #expect(parsed.warnings.last?.reason.contains("14995 more like this") == true)
    }

    @Test func emptyFileIsEmpty() throws {
        let list = try MimeAppsListParser.parse([], source: "empty.list")
        #expect(list == MimeAppsList(source: "empty.list"))
    }

    @Test func oversizedFileIsRefused() {
        let error = #expect(throws: CatalogFormatError.self) {
            try MimeAppsListParser.parse(
                Array(Self.sample.utf8), source: "big.list", limits: CatalogFormatLimits(maximumDocumentSize: 16))
        }
        #expect(error?.code == .limitExceeded)
    }

    @Test("100,000 repeated entries give a handful of warnings and a count, not 100,000 lines")
    func repeatedWarningsAreSummarised() throws {
        var text = "[Default Applications]\n"
        for _ in 0..<100_000 { text += "text/plain=viewer.desktop;viewer.desktop;\n" }
        let list = try MimeAppsListParser.parse(Array(text.utf8), source: "/home/me/.config/mimeapps.list")
        #expect(list.warnings.count <= CatalogFormatWarning.keptPerKind + 2)
        let last = try #require(list.warnings.last)
        #expect(last.source == "/home/me/.config/mimeapps.list")
        #expect(last.reason.contains("more like this"))
        #expect(list.warnings.first?.line == 2)
        #expect(list.defaultApplications(for: "text/plain") == ["viewer.desktop"])
    }

    @Test("100,000 keys outside any group are parsed in one linear pass", .timeLimit(.minutes(1)))
    func manyKeysOutsideGroups() throws {
        let text = String(repeating: "text/plain=editor.desktop;\n", count: 100_000) + "[Default Applications]\nimage/png=viewer.desktop;\n"
        let list = try MimeAppsListParser.parse(Array(text.utf8), source: "outside.list")
        #expect(list.defaults.map(\.mimeType) == ["image/png"])
        #expect(list.warnings.allSatisfy { $0.code == .malformedLine })
        #expect(list.warnings.last?.reason.contains("99995 more like this") == true)
    }
}
