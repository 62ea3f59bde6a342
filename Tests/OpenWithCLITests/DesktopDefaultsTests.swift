import Foundation
import OpenWithTestSupport
import Testing

/// `openwith` and the desktop share defaults and apps through the XDG files, with no import
/// command in between. `xdg-mime` (xdg-utils) is the other side where it is installed.
@Suite("Defaults and apps shared with the desktop")
struct DesktopDefaultsTests {
    static let xdgMime = ["/usr/bin/xdg-mime", "/usr/local/bin/xdg-mime"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A fixture with two PNG viewers installed in the user's applications folder.
    private func fixture() throws -> CLIFixture {
        let cli = try CLIFixture()
        for (id, name) in [("viewer", "Viewer"), ("other", "Other Viewer")] {
            try cli.folder.write(
                "xdg-data/applications/\(id).desktop",
                text: "[Desktop Entry]\nType=Application\nName=\(name)\nExec=true %f\nMimeType=image/png;\n")
        }
        try cli.folder.write("photo.png", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Catalog/samples/photo.png")))))
        return cli
    }

    /// Runs `xdg-mime` with the fixture's environment.
    private func xdgMime(_ cli: CLIFixture, _ arguments: String...) throws -> CommandRunner.Result {
        let runner = CommandRunner(executable: try #require(Self.xdgMime), environment: cli.runner.environment)
        return try runner.run(arguments)
    }

    /// The default for a MIME type by the specification's reading rules, over the user's file
    /// alone (the only one the fixture has): the first ID of its `[Default Applications]` entry.
    private func specDefault(_ cli: CLIFixture, _ mime: String) throws -> String? {
        let text = try String(contentsOfFile: cli.folder.path("xdg-config/mimeapps.list"), encoding: .utf8)
        var group = ""
        var found: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("[") { group = String(line) } else if group == "[Default Applications]", line.hasPrefix(mime + "=") {
                found = line.dropFirst(mime.count + 1).split(separator: ";").first.map(String.init)
            }
        }
        return found
    }

    /// The ids `openwith FILE --json` offers, in order.
    private func handlers(_ cli: CLIFixture, _ path: String) throws -> [String] {
        let result = try cli.run(path, "--json")
        let report = try #require((try result.json() as? [[String: Any]])?.first, "\(result.output)\(result.error)")
        return (report["handlers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test("xdg-mime query default sees what openwith default set set; default show --explain says where it lives")
    func setIsSeenByTheDesktop() throws {
        let cli = try fixture()
        let set = try cli.run("default", "set", "image/png", "other.desktop")
        #expect(set.status == 0, "\(set.error)")
        #expect(set.output.contains(cli.folder.path("xdg-config/mimeapps.list")))
        #expect(try specDefault(cli, "image/png") == "other.desktop")
        if Self.xdgMime != nil {
            let query = try xdgMime(cli, "query", "default", "image/png")
            #expect(query.output.trimmingCharacters(in: .whitespacesAndNewlines) == "other.desktop", "\(query.error)")
        }
        #expect(try handlers(cli, cli.folder.path("photo.png")).first == "other.desktop")
        let explained = try cli.run("default", "show", ".png", "--explain")
        #expect(explained.output.contains("\(cli.folder.path("xdg-config/mimeapps.list")): image/png=other.desktop"))
        let json = try #require(try cli.run("default", "show", ".png", "--explain", "--json").json() as? [String: Any])
        let sources = try #require(json["sources"] as? [[String: Any]])
        #expect((sources.first?["location"] as? [String: Any])?["place"] as? String == "mimeapps.list")
        // A role default cannot be written there: it stays in the catalog, and says so.
        let role = try cli.run("default", "set", "image/png", "viewer.desktop", "--role", "editor", "--force", "--json")
        #expect((try role.json() as? [String: Any]).flatMap { $0["location"] as? [String: Any] }?["place"] as? String == "catalog")
        // A second change is seen too; unset removes the entry from the file.
        #expect(try cli.run("default", "set", "public.png", "viewer.desktop").status == 0)
        if Self.xdgMime != nil {
            #expect(try xdgMime(cli, "query", "default", "image/png").output.trimmingCharacters(in: .whitespacesAndNewlines) == "viewer.desktop")
        }
        #expect(try specDefault(cli, "image/png") == "viewer.desktop")
        #expect(try cli.run("default", "unset", "image/png").status == 0)
        #expect(try specDefault(cli, "image/png") == nil)
        #expect(try cli.run("default", "unset", "image/png").status == 1, "nothing left to remove")
    }

    @Test("openwith FILE follows xdg-mime default and new and removed desktop entries without an import")
    func followsTheDesktop() throws {
        let cli = try fixture()
        let photo = cli.folder.path("photo.png")
        #expect(Set(try handlers(cli, photo)) == ["viewer.desktop", "other.desktop"])
        // The desktop makes other.desktop the default.
        if Self.xdgMime != nil {
            #expect(try xdgMime(cli, "default", "other.desktop", "image/png").status == 0)
        } else {
            try cli.folder.write("xdg-config/mimeapps.list", text: "[Default Applications]\nimage/png=other.desktop;\n")
        }
        #expect(try handlers(cli, photo).first == "other.desktop")
        // A package installs an app; then it is removed.
        try cli.folder.write(
            "xdg-system/applications/fresh.desktop", text: "[Desktop Entry]\nType=Application\nName=Fresh\nExec=true %f\nMimeType=image/png;\n")
        #expect(try handlers(cli, photo).contains("fresh.desktop"))
        try FileManager.default.removeItem(atPath: cli.folder.path("xdg-system/applications/fresh.desktop"))
        #expect(!(try handlers(cli, photo).contains("fresh.desktop")))
        try FileManager.default.removeItem(atPath: cli.folder.path("xdg-data/applications/other.desktop"))
        #expect(try handlers(cli, photo) == ["viewer.desktop"])
    }

    @Test("A mimeapps.list that does not read is refused with its file and line, and left as it was")
    func refusesABrokenFile() throws {
        let cli = try fixture()
        let broken = "[Default Applications]\nimage/png=viewer.desktop;\n<<<<<<< merge conflict\n"
        let path = try cli.folder.write("xdg-config/mimeapps.list", text: broken)
        let result = try cli.run("default", "set", "image/png", "other.desktop")
        #expect(result.status != 0)
        #expect(result.error.contains(path) && result.error.contains("line 3"), "\(result.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
        #expect(try cli.run("default", "show", "image/png", "--json").json() as? [String: Any] != nil)
    }
}
