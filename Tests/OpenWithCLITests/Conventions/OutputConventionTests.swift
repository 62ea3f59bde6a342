import Foundation
import OpenWithTestSupport
import Testing

/// Runs the built `openwith` with `input` on its standard input and `extra` in its environment.
func runWithInput(_ cli: CLIFixture, _ arguments: [String], input: Data, environment extra: [String: String] = [:]) throws -> CommandRunner.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cli.runner.executable)
    process.arguments = arguments
    process.environment = cli.runner.environment.merging(extra) { $1 }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Write from another thread so a large input cannot block against a full output pipe.
    let writer = Thread {
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandRunner.Result(
        status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self))
}

/// Runs `/usr/bin/file` with `arguments`, standard input from `input` when given.
private func runFile(_ arguments: [String], input: Data? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    let stdin = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

@Suite("Outputs other tools expect: bare MIME types, standard input, lists of files")
struct CompatibleOutputTests {
    static let utf8Text = "Grüße aus Köln — naïve café, 10 €\n"

    @Test("UTF-8 text is text/plain in every bare form, as file says, with the charset in its own JSON field")
    func utf8TextIsBare() throws {
        let cli = try CLIFixture()
        let path = try cli.folder.write("grüße.txt", text: Self.utf8Text)
        let fileBrief = try runFile(["--mime-type", "-b", path])
        #expect(fileBrief == "text/plain\n")
        #expect(try cli.run("type", "--mime-type", "-b", path).output == fileBrief)
        #expect(try cli.run("type", "--mime-type", "-Lb", path).output == fileBrief)
        #expect(try cli.run("type", "--brief", path).output == "text/plain\n")
        let human = try cli.run("type", path)
        #expect(human.output.contains("(text/plain)"), "\(human.output)")
        let json = try #require(try cli.run("type", "--json", path).json() as? [[String: Any]])
        #expect(json.first?["identifier"] as? String == "public.utf8-plain-text")
        #expect(json.first?["mimeType"] as? String == "text/plain")
        #expect(json.first?["charset"] as? String == "utf-8")
        let ascii = try cli.folder.write("plain.txt", text: "plain words\n")
        let plain = try #require(try cli.run("type", "--json", ascii).json() as? [[String: Any]])
        #expect(plain.first?["charset"] == nil)
    }

    @Test("A default set for .txt applies to UTF-8 text")
    func txtDefaultAppliesToUTF8() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        try cli.folder.write(
            "xdg-data/applications/scribe.desktop", text: "[Desktop Entry]\nType=Application\nName=Scribe\nExec=true %f\nMimeType=text/plain;\n")
        let path = try cli.folder.write("grüße.txt", text: Self.utf8Text)
        let set = try cli.run("default", "set", ".txt", "scribe.desktop")
        #expect(set.status == 0, "\(set.error)")
        let handlers = try #require(try cli.run(path, "--json").json() as? [[String: Any]])
        let list = try #require(handlers.first?["handlers"] as? [[String: Any]])
        #expect(list.first?["id"] as? String == "scribe.desktop")
        #expect(list.first?["isDefault"] as? Bool == true)
    }

    @Test("- resolves standard input by its content, in every form, as file does")
    func standardInput() throws {
        let cli = try CLIFixture()
        let png = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Catalog/samples/photo.png")))
        let brief = try runWithInput(cli, ["type", "--mime-type", "-b", "-"], input: png)
        #expect(brief.status == 0, "\(brief.error)")
        #expect(brief.output == (try runFile(["--mime-type", "-b", "-"], input: png)))
        #expect(brief.output == "image/png\n")
        let named = try runWithInput(cli, ["type", "--mime-type", "-"], input: png)
        #expect(named.output == (try runFile(["--mime-type", "-"], input: png)))
        let json = try #require(try runWithInput(cli, ["type", "--json", "-"], input: png).json() as? [[String: Any]])
        #expect(json.first?["identifier"] as? String == "public.png")
        #expect(json.first?["path"] as? String == "-")
        #expect(json.first?["size"] as? Int == png.count)
        // The handlers of standard input: the plain invocation.
        try cli.installViewer()
        let handlers = try runWithInput(cli, ["-", "--json"], input: Data("just some words\n".utf8))
        #expect(handlers.status == 0, "\(handlers.error)")
        let answer = try #require(try handlers.json() as? [[String: Any]])
        #expect((answer.first?["handlers"] as? [[String: Any]])?.first?["id"] as? String == "viewer.desktop")
    }

    @Test("--files-from reads a list of files, from a file or standard input, one per line or NUL-separated")
    func filesFrom() throws {
        let cli = try CLIFixture()
        let text = try cli.folder.write("list/a note.txt", text: "plain words\n")
        let png = try cli.folder.write("list/pic", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Catalog/samples/photo.png")))))
        let list = try cli.folder.write("files.txt", text: "\(text)\n\n\(png)\r\n")
        let fromFile = try cli.run("type", "--brief", "--files-from", list)
        #expect(fromFile.status == 0, "\(fromFile.error)")
        #expect(fromFile.output == "text/plain\nimage/png\n")
        let fromInput = try runWithInput(cli, ["type", "--mime-type", "--files-from", "-"], input: Data("\(png)\n".utf8))
        #expect(fromInput.output == (try runFile(["--mime-type", png])))
        let nul = try runWithInput(cli, ["type", "--brief", "--null", "--files-from", "-", text], input: Data("\(png)\0\(text)\0".utf8))
        #expect(nul.output == "text/plain\nimage/png\ntext/plain\n")
        try cli.installViewer()
        let handlers = try cli.run("--files-from", list, "--json")
        let answers = try #require(try handlers.json() as? [[String: Any]])
        #expect(answers.map { $0["path"] as? String } == [text, png])
        let missing = try cli.run("type", "--files-from", cli.folder.path("no-such-list"))
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("openwith: \(cli.folder.path("no-such-list")): "), "\(missing.error)")
        let both = try runWithInput(cli, ["type", "--files-from", "-", "-"], input: Data())
        #expect(both.status == 2)
        #expect(both.error.hasPrefix("openwith: -: "), "\(both.error)")
    }
}

@Suite("Conventions of the output: --json everywhere, --quiet, colour, the locale")
struct OutputConventionTests {
    @Test("Commands that printed only text print JSON with --json")
    func jsonEverywhere() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        let graph = try #require(try cli.run("types", "graph", "public.png", "--json").json() as? [String: Any])
        #expect(graph["focus"] as? String == "public.png")
        #expect((graph["types"] as? [String])?.contains("public.image") == true)
        #expect((graph["edges"] as? [[String: String]])?.contains(["child": "public.png", "parent": "public.image"]) == true)
        let canOpen = try cli.run("url", "can-open", "https://example.org", "--app", "viewer.desktop", "--json")
        let answer = try #require(try canOpen.json() as? [String: Any])
        #expect(answer["canOpen"] as? Bool == false)
        #expect(canOpen.status == 1)
        let clean = try cli.run("inbox", "clean", "--app", "viewer.desktop", "--json")
        #expect(clean.status == 0, "\(clean.error)")
        #expect((try clean.json() as? [String: [String]])?["removed"] == [])
        let unregister = try cli.run("apps", "unregister", "viewer.desktop", "--json")
        #expect(unregister.status == 0, "\(unregister.error)")
        #expect((try unregister.json() as? [String: String])?["unregistered"] == "viewer.desktop")
        let revoke = try cli.run("grants", "revoke", "99", "--json")
        #expect(revoke.status == 1)
        #expect(revoke.output.isEmpty)
    }

    @Test("Times in JSON are RFC 3339 in UTC: a grant's creation and revocation, the catalog's last import")
    func rfc3339Times() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        let notes = try cli.folder.write("docs/notes.txt", text: "plain words\n")
        let before = Date().timeIntervalSince1970
        let opened = try cli.run("open", notes, "--with", "viewer.desktop", "--json")
        #expect(opened.status == 0, "\(opened.error)")
        let grantID = try #require((try opened.json() as? [String: Any])?["grantID"] as? Int)
        #expect(try cli.run("grants", "revoke", String(grantID)).status == 0)
        let grants = try #require(try cli.run("grants", "list", "--all", "--json").json() as? [[String: Any]])
        let grant = try #require(grants.first { $0["id"] as? Int == grantID })
        let info = try #require(try cli.run("catalog", "info", "--json").json() as? [String: Any])
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for field in [grant["createdAt"], grant["revokedAt"], info["systemImportedAt"]] {
            let text = try #require(field as? String, "\(String(describing: field))")
            #expect(text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil, "\(text)")
            let time = try #require(format.date(from: text), "\(text)").timeIntervalSince1970
            #expect(time > before - 600 && time < Date().timeIntervalSince1970 + 5, "\(text)")
        }
    }

    @Test("--quiet prints nothing on standard output, before or after the command, and keeps the exit status and errors")
    func quiet() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        for arguments in [["--quiet", notes], [notes, "-q"], ["-q", "type", notes], ["type", "--json", notes, "--quiet"], ["-q", "--version"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.error)")
            #expect(run.output.isEmpty, "\(arguments): \(run.output)")
        }
        let missing = try cli.run("-q", cli.folder.path("missing.txt"))
        #expect(missing.status == 2)
        #expect(missing.output.isEmpty)
        #expect(missing.error.hasPrefix("openwith: "))
        let nothing = try cli.run("-q", "types", "show", "com.example.nothing")
        #expect(nothing.status == 1)
    }

    /// Runs the command inside a pseudo-terminal (util-linux `script`), standard output and error both.
    func inTerminal(_ cli: CLIFixture, _ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        let command = ([cli.runner.executable] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = cli.runner.environment.merging(["TERM": "xterm"].merging(extra) { $1 }) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(
        "Colour only on a terminal, never with NO_COLOR or in a pipe",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colour() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        let escape = "\u{1B}["
        let terminal = try inTerminal(cli, [notes])
        #expect(terminal.contains("\(escape)1mViewer (viewer.desktop)"), "\(terminal.debugDescription)")
        let error = try inTerminal(cli, ["types", "show", "com.example.nothing"])
        #expect(error.contains("\(escape)1;31mopenwith:"), "\(error.debugDescription)")
        #expect(!(try inTerminal(cli, [notes], environment: ["NO_COLOR": "1"])).contains(escape))
        #expect(!(try inTerminal(cli, ["types", "show", "x.y"], environment: ["NO_COLOR": "1"])).contains(escape))
        #expect(!(try inTerminal(cli, [notes], environment: ["TERM": "dumb"])).contains(escape))
        let piped = try cli.run(notes)
        #expect(!piped.output.contains(escape) && piped.output.contains("* Viewer (viewer.desktop)"))
    }

    @Test("Outside a UTF-8 locale the punctuation is ASCII; JSON stays UTF-8", arguments: ["C", "POSIX", "en_US.ISO-8859-1"])
    func asciiLocale(locale: String) throws {
        let cli = try CLIFixture()
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        var ascii = cli.runner
        ascii.environment["LANG"] = locale
        let run = try ascii.run(["type", notes])
        #expect(run.status == 0)
        #expect(run.output.utf8.allSatisfy { $0 < 0x80 }, "\(run.output)")
        #expect(run.output.contains(" - Plain text"), "\(run.output)")
        var utf8 = cli.runner
        utf8.environment["LANG"] = "C"
        utf8.environment["LC_ALL"] = "en_US.UTF-8"
        #expect(try utf8.run(["type", notes]).output.contains(" — "))
        let json = try ascii.run(["types", "show", "public.jpeg", "--json"])
        #expect(json.status == 0)
    }
}
