import Foundation
import OpenWithTestSupport
import Testing

/// A private folder with a catalog, and a runner for the built `openwith`.
struct CLIFixture {
    let folder = TemporaryDirectory("cli")
    let runner: CommandRunner

    init() throws {
        let executable = try #require(CommandRunner.builtExecutable, "the openwith executable is not built")
        runner = CommandRunner(executable: executable, folder: folder)
    }

    func run(_ arguments: String...) throws -> CommandRunner.Result { try runner.run(arguments) }
    func run(_ arguments: [String]) throws -> CommandRunner.Result { try runner.run(arguments) }

    /// Installs a plain-text viewer (`viewer.desktop`, runs `true`) where the first-use import
    /// finds it.
    func installViewer() throws {
        try folder.write(
            "xdg-data/applications/viewer.desktop", text: "[Desktop Entry]\nType=Application\nName=Viewer\nExec=true %f\nMimeType=text/plain;\n")
    }
}

@Suite("openwith as a process")
struct CLITests {
    @Test("types show: text and JSON, unknown and malformed identifiers")
    func typesShow() throws {
        let cli = try CLIFixture()
        let text = try cli.run("types", "show", "public.jpeg")
        #expect(text.status == 0)
        #expect(text.output.contains("public.jpeg — JPEG image"))
        #expect(text.output.contains("image/jpeg"))
        let json = try cli.run("types", "show", "public.jpeg", "--json")
        let reports = try #require(try json.json() as? [[String: Any]])
        #expect(reports.first?["identifier"] as? String == "public.jpeg")
        #expect((reports.first?["supertypes"] as? [String])?.contains("public.image") == true)
        #expect((reports.first?["extensions"] as? [String])?.contains("jpg") == true)
        let unknown = try cli.run("types", "show", "com.example.nothing")
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("com.example.nothing"))
        let malformed = try cli.run("types", "show", "not an identifier")
        #expect(malformed.status == 2)
    }

    @Test("types lookup: all candidates preferred first; dynamic answer for unknown tags; bad tags")
    func typesLookup() throws {
        let cli = try CLIFixture()
        let mp4 = try cli.run("types", "lookup", "--extension", "mp4")
        #expect(mp4.status == 0)
        let lines = mp4.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("* public.mpeg-4 ") == true)
        #expect(lines.contains { $0.contains("public.mpeg-4-audio") })
        let mime = try cli.run("types", "lookup", "--mime", "Text/Plain; charset=utf-8", "--json")
        #expect((try mime.json() as? [[String: Any]])?.first?["identifier"] as? String == "public.plain-text")
        let unknown = try cli.run("types", "lookup", "--extension", "zzqx")
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("dyn.ext.zzqx"))
        #expect(try cli.run("types", "lookup", "--mime", "nonsense").status == 2)
        #expect(try cli.run("types", "lookup", "--extension", "").status == 2)
        #expect(try cli.run("types", "lookup").status == 2)
    }

    @Test("types list --conforming-to and types graph --format dot")
    func typesListAndGraph() throws {
        let cli = try CLIFixture()
        let list = try cli.run("types", "list", "--conforming-to", "public.image")
        #expect(list.status == 0)
        #expect(list.output.contains("public.png\t"))
        #expect(!list.output.contains("public.plain-text\t"))
        let dot = try cli.run("types", "graph", "public.png", "--format", "dot")
        #expect(dot.output.hasPrefix("digraph"))
        #expect(dot.output.contains("\"public.png\" -> \"public.image\""))
    }

    @Test("type --name-only on real files, directories and links; exit 2 for a missing file")
    func typeNameOnly() throws {
        let cli = try CLIFixture()
        let archive = try cli.folder.write("files/backup.tar.gz", bytes: [0x1f, 0x8b, 8, 0])
        let folder = cli.folder.path("files")
        try FileManager.default.createSymbolicLink(atPath: cli.folder.path("files/link"), withDestinationPath: archive)
        let result = try cli.run("type", "--name-only", "--json", archive, folder)
        let reports = try #require(try result.json() as? [[String: Any]])
        #expect(reports.map { $0["mimeType"] as? String } == ["application/x-compressed-tar", "inode/directory"])
        let link = try cli.run("type", "--name-only", "--no-follow", cli.folder.path("files/link"))
        #expect(link.output.contains("public.symlink"))
        let missing = try cli.run("type", cli.folder.path("nope.png"))
        #expect(missing.status == 2)
        #expect(missing.error.contains("nope.png"))
    }

    @Test("type: a PNG named .jpg and an ELF named .pdf are what they are, flagged")
    func mismatches() throws {
        let cli = try CLIFixture()
        let png = try cli.folder.write("photo.jpg", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Catalog/samples/photo.png")))))
        let elf = try cli.folder.write("paper.pdf", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "/bin/true"))))
        let result = try cli.run("type", "--json", png, elf)
        let reports = try #require(try result.json() as? [[String: Any]])
        #expect(reports[0]["identifier"] as? String == "public.png")
        #expect((reports[0]["conflict"] as? [String: Any])?["claimed"] as? String == "public.jpeg")
        #expect(reports[1]["identifier"] as? String != "com.adobe.pdf")
        #expect(reports[1]["conflict"] is [String: Any])
    }

    @Test("openwith FILE: handlers from registered apps, default first, with reasons; exit 1 without a handler")
    func handlers() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps")).status == 0)
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps/SampleEditor.plist")).status == 0)
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        let json = try cli.run(notes, "--json")
        #expect(json.status == 0)
        let report = try #require((try json.json() as? [[String: Any]])?.first)
        let handlers = try #require(report["handlers"] as? [[String: Any]])
        #expect(handlers.first?["id"] as? String == "org.openwith.sample-viewer.desktop")
        #expect(handlers.first?["isDefault"] as? Bool == true)
        #expect(handlers.contains { $0["id"] as? String == "org.openwith.sample-editor" && $0["rank"] as? String == "Alternate" })
        let explained = try cli.run(notes, "--explain", "--role", "editor")
        #expect(explained.output.contains("Sample Editor"))
        #expect(!explained.output.contains("* Sample Viewer"))
        let wav = try cli.run(RepositoryPaths.path("Catalog/samples/tone.wav"))
        #expect(wav.status == 1)
        #expect(wav.output.contains("no application"))
    }

    @Test("openwith FILE answers from the files stored beside the catalog, and follows every change")
    func storedSnapshotFollowsChanges() throws {
        let cli = try CLIFixture()
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps")).status == 0)
        let first = try cli.run(notes)
        #expect(first.output.contains("* Sample Viewer"))
        let catalog = cli.folder.path("catalog/catalog.sqlite")
        #expect(FileManager.default.fileExists(atPath: catalog + ".snapshot"))
        #expect(FileManager.default.fileExists(atPath: catalog + ".types"))
        // Answered from the stored files: the same output.
        #expect(try cli.run(notes).output == first.output)
        // A change removes the stored snapshot; the next answer sees the change.
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps/SampleEditor.plist")).status == 0)
        #expect(try cli.run("default", "set", ".txt", "org.openwith.sample-editor").status == 0)
        let after = try cli.run(notes)
        #expect(after.output.contains("* Sample Editor"))
        #expect(try cli.run(notes).output == after.output)
        // The editor's declared type is in the graph the stored snapshot maps.
        let sketch = try cli.folder.write("drawing.sketch", text: "not really a sketch")
        #expect(try cli.run("type", "--name-only", sketch).output.contains("org.openwith.sample-sketch"))
        // Damaged stored files are ignored and rebuilt.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: catalog + ".snapshot"))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: catalog + ".types"))
        #expect(try cli.run(notes).output == after.output)
        #expect(try cli.run(notes).output == after.output)
    }

    @Test("default set refuses non-claimants unless forced; default show reports it")
    func defaults() throws {
        let cli = try CLIFixture()
        _ = try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps"), RepositoryPaths.path("Catalog/apps/SampleEditor.plist"))
        let refused = try cli.run("default", "set", "public.png", "org.openwith.sample-editor")
        #expect(refused.status == 2)
        #expect(refused.error.contains("does not claim"))
        #expect(try cli.run("default", "set", "public.png", "missing.app").status == 1)
        #expect(try cli.run("default", "set", ".txt", "org.openwith.sample-editor").status == 0)
        let shown = try cli.run("default", "show", "text/plain", "--json")
        #expect((try shown.json() as? [String: Any])?["app"] as? String == "org.openwith.sample-editor")
        #expect(try cli.run("default", "set", "openwith-sample:", "org.openwith.sample-viewer.desktop").status == 0)
        #expect(try cli.run("default", "show", "scheme:openwith-sample").output.contains("Sample Viewer"))
    }

    @Test("apps list/show/unregister and catalog info")
    func apps() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("apps", "list").status == 1, "a fresh catalog with empty XDG folders has no apps")
        _ = try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps/SampleEditor.plist"))
        #expect(try cli.run("apps", "list").output.contains("org.openwith.sample-editor"))
        let shown = try cli.run("apps", "show", "org.openwith.sample-editor", "--json")
        let app = try #require(try shown.json() as? [String: Any])
        #expect((app["declaredTypes"] as? [[String: Any]])?.first?["identifier"] as? String == "org.openwith.sample-sketch")
        #expect(try cli.run("apps", "unregister", "org.openwith.sample-editor").status == 0)
        #expect(try cli.run("apps", "show", "org.openwith.sample-editor").status == 1)
        let info = try cli.run("catalog", "info", "--json")
        #expect((try info.json() as? [String: Any])?["apps"] as? Int == 0)
    }

    @Test("A catalog that is not SQLite gives exit 3 and is left alone")
    func badCatalog() throws {
        let cli = try CLIFixture()
        let path = try cli.folder.write("bad.sqlite", text: "definitely not sqlite, but long enough to have a header")
        let result = try cli.run("--catalog", path, "apps", "list")
        #expect(result.status == 3)
        #expect(result.error.contains(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "definitely not sqlite, but long enough to have a header")
    }

    @Test("open, inbox and grants through the CLI")
    func openInbox() throws {
        let cli = try CLIFixture()
        _ = try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps"))
        let photo = RepositoryPaths.path("Catalog/samples/photo.png")
        let dry = try cli.run("open", photo, "--dry-run", "--json")
        #expect(dry.status == 0)
        #expect(((try dry.json() as? [String: Any])?["delivery"] as? [String: Any])?["dryRun"] as? Bool == true)
        let opened = try cli.run("open", photo, "--json")
        #expect(opened.status == 0, "\(opened.error)")
        let inboxPath = try #require((try opened.json() as? [String: Any])?["inboxPath"] as? String)
        #expect(FileManager.default.contentsEqual(atPath: inboxPath, andPath: photo))
        let app = "org.openwith.sample-viewer.desktop"
        #expect(try cli.run("inbox", "list", "--app", app).output.contains("photo.png"))
        let read = try cli.run("inbox", "read", "--app", app, "photo.png")
        #expect(read.output.utf8.count > 0)
        #expect(try cli.run("grants", "list", "--app", app).output.contains("delete+read"))
        #expect(try cli.run("inbox", "delete", "--app", app, "photo.png").status == 0)
        #expect(!FileManager.default.fileExists(atPath: inboxPath))
        #expect(try cli.run("inbox", "clean", "--app", app, "--older-than", "soon").status == 2)
    }

    @Test("preview and the options menu as JSON")
    func preview() throws {
        let cli = try CLIFixture()
        let pdf = try cli.run("preview", RepositoryPaths.path("Catalog/samples/report.pdf"), "--json")
        let preview = try #require((try pdf.json() as? [String: Any])?["preview"] as? [String: Any])
        #expect((preview["pdf"] as? [String: Any])?["pageCount"] as? Int == 2)
        let options = try cli.run(RepositoryPaths.path("Catalog/samples/archive.zip"), "--options", "--json")
        let menu = try #require((try options.json() as? [[String: Any]])?.first)
        #expect((menu["actions"] as? [String])?.contains("copy") == true)
        #expect(((menu["preview"] as? [String: Any])?["archive"] as? [String: Any])?["entryCount"] as? Int == 2)
    }

    @Test("url: unregistered, malformed and valid URLs")
    func url() throws {
        let cli = try CLIFixture()
        _ = try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps"))
        #expect(try cli.run("url", "nothing-here://x").status == 1)
        #expect(try cli.run("url", "openwith-sample://x/%zz").status == 2)
        let ok = try cli.run("url", "openwith-sample://open?file=a", "--dry-run", "--json")
        #expect(ok.status == 0, "\(ok.error)")
        #expect((try ok.json() as? [String: Any])?["handler"] as? String == "org.openwith.sample-viewer.desktop")
    }

    @Test("scan: summary and mismatches, links not followed out of the tree")
    func scan() throws {
        let cli = try CLIFixture()
        for (index, name) in ["a.txt", "b.txt", "c.png"].enumerated() {
            try cli.folder.write("tree/sub\(index)/\(name)", text: "plain text \(index)\n")
        }
        try cli.folder.write("tree/photo.jpg", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Catalog/samples/photo.png")))))
        try FileManager.default.createSymbolicLink(atPath: cli.folder.path("tree/outside"), withDestinationPath: "/usr")
        let result = try cli.run("scan", cli.folder.path("tree"), "--json")
        let summary = try #require(try result.json() as? [String: Any])
        #expect(summary["files"] as? Int == 5)
        let mismatches = try #require(summary["mismatches"] as? [[String: Any]])
        #expect(mismatches.contains { ($0["path"] as? String)?.hasSuffix("photo.jpg") == true })
        let types = try #require(summary["types"] as? [[String: Any]])
        #expect(types.contains { $0["identifier"] as? String == "public.symlink" })
    }

    @Test("Every subcommand answers --help, and a file named like none of them goes to the handlers")
    func subcommands() throws {
        let cli = try CLIFixture()
        for name in ["handlers", "type", "types", "apps", "default", "catalog", "open", "preview", "pick", "inbox", "grants", "url", "provider", "scan"] {
            let help = try cli.run(name, "--help")
            #expect(help.status == 0, "\(name) --help")
            #expect(help.output.contains("USAGE"), "\(name) --help")
        }
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        #expect(try cli.run(notes, "--json").output == (try cli.run("handlers", notes, "--json")).output)
    }

    @Test("Usage errors exit 2")
    func usage() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("type").status == 2)
        #expect(try cli.run("types", "graph").status == 2)
        #expect(try cli.run("--role", "painter", "x").status == 2)
    }
}
