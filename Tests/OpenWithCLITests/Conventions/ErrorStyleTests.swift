import Foundation
import OpenWithTestSupport
import Testing

/// Every error the CLI can be driven to, in the one style: `openwith: <what>: <why>`, then at
/// most a `hint:` line; no code names of the libraries' errors, no bracketed fields.
@Suite("One error style everywhere")
struct ErrorStyleTests {
    /// A fixture with a text viewer, an image viewer that claims no text, and a file of garbage
    /// where a catalog is expected.
    static func fixture() throws -> (cli: CLIFixture, notes: String) {
        let cli = try CLIFixture()
        try cli.installViewer()
        try cli.folder.write(
            "xdg-data/applications/pictures.desktop", text: "[Desktop Entry]\nType=Application\nName=Pictures\nExec=true %f\nMimeType=image/png;\n")
        try cli.folder.write("garbage/catalog.sqlite", text: "this is no database, only words on a line that goes on\n")
        let notes = try cli.folder.write("docs/notes.txt", text: "plain words\n")
        return (cli, notes)
    }

    /// The failing command lines, with what the first line must name.
    static func failures(_ cli: CLIFixture, notes: String) -> [(arguments: [String], names: String)] {
        let missing = cli.folder.path("docs/missing.png")
        return [
            ([missing], missing),
            (["type", missing], missing),
            (["type", "--files-from", cli.folder.path("no-list")], cli.folder.path("no-list")),
            (["types", "show", "com.example.nothing"], "com.example.nothing"),
            (["types", "show", "not an identifier"], "not an identifier"),
            (["types", "lookup", "--mime", "nonsense"], "nonsense"),
            (["types", "list", "--conforming-to", "public.imag"], "--conforming-to"),
            (["types", "graph", "public.pgn"], "public.pgn"),
            (["types", "graph", "public.png", "--output", cli.folder.path("g.gif")], "--output"),
            (["open", notes, "--with", "viewer", "--dry-run"], "viewer"),
            (["open", notes, "--with", "pictures.desktop", "--dry-run"], notes),
            (["apps", "show", "nope.desktop"], "nope.desktop"),
            (["apps", "unregister", "nope.desktop"], "nope.desktop"),
            (["default", "set", ".txt", "nope.desktop"], "nope.desktop"),
            (["url", "open", "zzscheme://x", "--dry-run"], "zzscheme"),
            (["url", "can-open", "https://example.org", "--app", "nope.desktop"], "nope.desktop"),
            (["grants", "revoke", "99"], "99"),
            (["inbox", "clean", "--app", "viewer.desktop", "--older-than", "3q"], "--older-than"),
            (["inbox", "delete", "--app", "viewer.desktop", "nothing.txt"], "nothing.txt"),
            (["pick", "--app", "viewer.desktop", "--mode", "export", notes], "provider"),
            (["provider", "grant", "viewer.desktop", notes, "--to", "pictures.desktop"], "viewer.desktop"),
            (["--catalog", cli.folder.path("typo/dir/catalog.sqlite"), "apps", "list"], cli.folder.path("typo/dir/catalog.sqlite")),
            (["--catalog", cli.folder.path("garbage/catalog.sqlite"), "apps", "list"], cli.folder.path("garbage/catalog.sqlite")),
            (["tpye", "x"], "tpye"),
            (["types", "graph", "public.png", "--jsn"], "types graph"),
            (["pick", notes], "pick"),
            (["apps", "frobnicate"], "apps"),
        ]
    }

    @Test("Each failure: 'openwith: what: why' naming the thing at fault, a hint line at most, no code names")
    func style() throws {
        let (cli, notes) = try Self.fixture()
        // Codes of the libraries' errors, as their descriptions spelled them.
        let codeNames = ["noHandler", "notAProvider", "notFound", "invalidRequest", "unregisteredScheme", "signatureReplayed", "unknownIdentifier"]
        for (arguments, names) in Self.failures(cli, notes: notes) {
            let run = try cli.run(arguments)
            #expect(run.status != 0, "\(arguments) succeeded")
            let lines = run.error.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(run.error.hasSuffix("\n"), "\(arguments): \(run.error)")
            let first = lines.first ?? ""
            #expect(first.hasPrefix("openwith: "), "\(arguments): \(run.error)")
            let rest = first.dropFirst("openwith: ".count)
            #expect(rest.contains(": "), "\(arguments): no 'what: why' in \(first)")
            #expect(rest.contains(names), "\(arguments): \(first) does not name \(names)")
            #expect(lines.count <= 2, "\(arguments): \(run.error)")
            if lines.count == 2 { #expect(lines[1].hasPrefix("hint: ") && lines[1].count > 8, "\(arguments): \(lines[1])") }
            for code in codeNames { #expect(!run.error.contains(code + ":") && !run.error.contains(code + " "), "\(arguments): \(run.error)") }
            #expect(!run.error.contains("[key:") && !run.error.contains("[path:") && !run.error.contains("[value:"), "\(arguments): \(run.error)")
            #expect(!run.error.contains("use force") && !run.error.contains("Error: "), "\(arguments): \(run.error)")
            #expect(run.output.isEmpty, "\(arguments): \(run.output)")
        }
    }

    @Test("The hints say what to do: --force, the meant id or type, the help to read")
    func hints() throws {
        let (cli, notes) = try Self.fixture()
        let notClaimed = try cli.run("open", notes, "--with", "pictures.desktop", "--dry-run")
        #expect(notClaimed.status == 1)
        #expect(notClaimed.error.contains("\nhint: --force opens it with pictures.desktop anyway\n"), "\(notClaimed.error)")
        let meant = try cli.run("open", notes, "--with", "viewer", "--dry-run")
        #expect(meant.error.contains("\nhint: did you mean viewer.desktop?\n"), "\(meant.error)")
        let parser = try cli.run("types", "graph", "public.png", "--jsn")
        #expect(parser.status == 2)
        #expect(parser.error.contains("\nhint: openwith types graph --help"), "\(parser.error)")
    }
}

@Suite("Suggestions for unknown type ids; a --catalog in a missing folder is refused")
struct TypeSuggestionAndCatalogTests {
    @Test(
        "An unknown type id gets the type it most likely meant",
        arguments: [
            ("public.pgn", "public.png"), ("public.jpge", "public.jpeg"), ("png", "public.png"), ("image/png", "public.png"),
            (".pdf", "com.adobe.pdf"),
        ])
    func typeSuggestion(text: String, meant: String) throws {
        let cli = try CLIFixture()
        for arguments in [["types", "show", text], ["types", "graph", text], ["types", "list", "--conforming-to", text]] {
            let run = try cli.run(arguments)
            #expect(run.status != 0)
            #expect(run.error.contains("hint: did you mean \(meant)?"), "\(arguments): \(run.error)")
        }
        let far = try cli.run("types", "show", "com.example.nothing-like-any")
        #expect(!far.error.contains("did you mean"), "\(far.error)")
    }

    @Test("--catalog in a folder that does not exist is an error and creates nothing; an existing folder gets a new catalog")
    func catalogFolderMustExist() throws {
        let cli = try CLIFixture()
        let typo = cli.folder.path("typo/dir/catalog.sqlite")
        for arguments in [["--catalog", typo, "apps", "list"], ["type", "--catalog", typo, RepositoryPaths.path("Catalog/samples/notes.txt")], ["catalog", "import-system", "--catalog", typo]] {
            let run = try cli.run(arguments)
            #expect(run.status == 3, "\(arguments): \(run.error)")
            #expect(run.error.hasPrefix("openwith: --catalog: \(typo): the folder \(cli.folder.path("typo/dir")) does not exist"), "\(run.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("typo")))
        let here = cli.folder.path("catalogs/mine.sqlite")
        try FileManager.default.createDirectory(atPath: cli.folder.path("catalogs"), withIntermediateDirectories: false)
        #expect(try cli.run("--catalog", here, "catalog", "info").status == 0)
        #expect(FileManager.default.fileExists(atPath: here))
        // The default location is still made with its folders.
        #expect(try cli.run("catalog", "info").status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.folder.path("catalog/catalog.sqlite")))
    }
}
