import Foundation
import OpenWithTestSupport
import Testing

@Suite("Command-line conventions: --version, shared options first, mistyped subcommands")
struct CommandLineConventionTests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let cli = try CLIFixture()
        let run = try cli.run("--version")
        #expect(run.status == 0)
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3, "\(run.output)")
    }

    @Test("--catalog and --json before the subcommand work as after it")
    func sharedOptionsFirst() throws {
        let cli = try CLIFixture()
        let catalog = cli.folder.path("elsewhere/catalog.sqlite")
        try FileManager.default.createDirectory(atPath: cli.folder.path("elsewhere"), withIntermediateDirectories: true)
        try cli.installViewer()
        let after = try cli.run("apps", "list", "--catalog", catalog, "--json")
        #expect(after.status == 0, "\(after.error)")
        let before = try cli.run("--catalog", catalog, "--json", "apps", "list")
        #expect(before.status == 0, "\(before.error)")
        #expect(before.output == after.output)
        #expect(try cli.run("--catalog=" + catalog, "apps", "list", "--json").output == after.output)
        #expect(FileManager.default.fileExists(atPath: catalog))
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        let typed = try cli.run("--catalog", catalog, "type", notes)
        #expect(typed.status == 0)
        #expect(typed.output.contains("public.plain-text"))
    }

    @Test(
        "A mistyped subcommand is named with the one it resembles, exit 2",
        arguments: [("tpye", "type"), ("defualt", "default"), ("aps", "apps"), ("inbx", "inbox"), ("previw", "preview")])
    func mistyped(word: String, meant: String) throws {
        let cli = try CLIFixture()
        let run = try cli.run(word, "x")
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("openwith: \(word): not a command"), "\(run.error)")
        #expect(run.error.contains("did you mean '\(meant)'?"), "\(run.error)")
        let first = try cli.run("--catalog", cli.folder.path("c.sqlite"), word)
        #expect(first.status == 2)
        #expect(first.error.contains("did you mean '\(meant)'?"), "\(first.error)")
    }

    @Test("A missing file unlike any subcommand, or an existing file named like one, is still a file")
    func filesStayFiles() throws {
        let cli = try CLIFixture()
        let missing = try cli.run("paperwork")
        #expect(missing.status == 2)
        #expect(!missing.error.contains("did you mean"), "\(missing.error)")
        #expect(missing.error.contains("paperwork"))
        // An existing file whose name is one edit from a subcommand: given with a folder, as a
        // file manager passes it, it is opened as the file it is.
        let file = try cli.folder.write("tpye", text: "plain words\n")
        let typed = try cli.run("type", file)
        #expect(typed.status == 0)
        #expect(typed.output.contains("public.plain-text"))
    }
}

@Suite("Unknown app ids get the registered id they most likely meant")
struct UnknownAppSuggestionTests {
    @Test("open --with and default set name the app meant")
    func suggestions() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        let open = try cli.run("open", notes, "--with", "viewer", "--dry-run")
        #expect(open.status == 2)
        #expect(open.error.contains("did you mean viewer.desktop?"), "\(open.error)")
        let set = try cli.run("default", "set", ".txt", "viewr.desktop")
        #expect(set.status == 1)
        #expect(set.error.contains("did you mean viewer.desktop?"), "\(set.error)")
        let unknown = try cli.run("default", "set", ".txt", "emacs")
        #expect(!unknown.error.contains("did you mean"), "\(unknown.error)")
    }
}
