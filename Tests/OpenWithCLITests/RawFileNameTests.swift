import Foundation
import Glibc
import OpenWithTestSupport
import Testing

@Suite("File names that are not UTF-8")
struct RawFileNameTests {
    /// Creates `<folder>/<prefix>\xff\xfe<suffix>` with `text`, by raw bytes.
    static func createRawFile(in folder: String, prefix: String = "", suffix: String, text: String) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + Array(prefix.utf8) + [0xFF, 0xFE] + Array(suffix.utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0, "cannot create the file: errno \(errno)")
        let bytes = Array(text.utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
    }

    /// Runs the CLI through /bin/sh so that the glob `<folder>/*<suffix>` reaches it as raw bytes.
    static func runWithGlob(_ cli: CLIFixture, folder: String, suffix: String, _ arguments: String...) throws -> CommandRunner.Result {
        var shell = CommandRunner(executable: "/bin/sh", folder: cli.folder)
        shell.environment = cli.runner.environment
        let script = "exe=$1; folder=$2; shift 2; exec \"$exe\" \"$@\" \"$folder\"/*\(suffix)"
        return try shell.run(["-c", script, "sh", cli.runner.executable, folder] + arguments)
    }

    @Test("type and the handler list read a file whose name has the bytes 0xff 0xfe, shown escaped")
    func typeAndHandlers() throws {
        let cli = try CLIFixture()
        let folder = cli.folder.path("raw")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.createRawFile(in: folder, prefix: "notes-", suffix: ".txt", text: "plain words\n")
        let type = try Self.runWithGlob(cli, folder: folder, suffix: ".txt", "type")
        #expect(type.status == 0, "\(type.error)")
        #expect(type.output.contains(#"notes-\xff\xfe.txt: public.plain-text"#), "\(type.output)")
        #expect(!type.output.contains("\u{FFFD}"))
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps/org.openwith.sample-viewer.desktop")).status == 0)
        let handlers = try Self.runWithGlob(cli, folder: folder, suffix: ".txt")
        #expect(handlers.status == 0, "\(handlers.error)")
        #expect(handlers.output.contains(#"notes-\xff\xfe.txt: public.plain-text"#), "\(handlers.output)")
        #expect(handlers.output.contains("Sample Viewer"))
    }

    @Test("scan classifies a file whose name is not UTF-8 instead of failing on it")
    func scan() throws {
        let cli = try CLIFixture()
        let folder = cli.folder.path("tree")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.createRawFile(in: folder, suffix: ".txt", text: "plain words\n")
        _ = try cli.folder.write("tree/good.txt", text: "more words\n")
        let result = try cli.run("scan", folder, "--json")
        #expect(result.status == 0, "\(result.error)")
        let summary = try #require(try result.json() as? [String: Any])
        #expect(summary["files"] as? Int == 2)
        #expect((summary["failures"] as? [Any])?.isEmpty ?? true, "\(result.output)")
        let types = try #require(summary["types"] as? [[String: Any]])
        #expect(types.first { $0["identifier"] as? String == "public.plain-text" }?["count"] as? Int == 2, "\(result.output)")
    }

    @Test("open-in copies a file whose name is not UTF-8 into the inbox under a usable name")
    func openIn() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps/SampleEditor.plist")).status == 0)
        let folder = cli.folder.path("docs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.createRawFile(in: folder, prefix: "report-", suffix: ".txt", text: "the report\n")
        let result = try Self.runWithGlob(cli, folder: folder, suffix: ".txt", "open", "--with", "org.openwith.sample-editor", "--json")
        #expect(result.status == 0, "\(result.error)")
        let output = try #require(try? result.json() as? [String: Any], "\(result.output)")
        #expect(output["size"] as? Int == 11)
        // The copy keeps the original name, byte for byte: the shell's glob reaches it.
        var shell = CommandRunner(executable: "/bin/sh", folder: cli.folder)
        shell.environment = cli.runner.environment
        let inbox = cli.folder.path("catalog/containers/org.openwith.sample-editor/Documents/Inbox")
        let copy = try shell.run(["-c", "printf '%s|' \"$1\"/*; cat \"$1\"/report-*.txt", "sh", inbox])
        #expect(copy.output.hasSuffix("|the report\n"), "\(copy.output)")
    }

    @Test("An inbox item whose name is not UTF-8 is listed, read and deleted")
    func inboxItem() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps/SampleEditor.plist")).status == 0)
        let folder = cli.folder.path("docs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.createRawFile(in: folder, prefix: "memo-", suffix: ".txt", text: "the memo\n")
        #expect(try Self.runWithGlob(cli, folder: folder, suffix: ".txt", "open", "--with", "org.openwith.sample-editor").status == 0)
        let listed = try cli.run("inbox", "list", "--app", "org.openwith.sample-editor")
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains(#"memo-\xff\xfe.txt"#), "\(listed.output)")
        let inbox = cli.folder.path("catalog/containers/org.openwith.sample-editor/Documents/Inbox")
        let read = try Self.runWithGlob(cli, folder: inbox, suffix: ".txt", "inbox", "read", "--app", "org.openwith.sample-editor")
        #expect(read.status == 0, "\(read.error)")
        #expect(read.output == "the memo\n")
        let deleted = try Self.runWithGlob(cli, folder: inbox, suffix: ".txt", "inbox", "delete", "--app", "org.openwith.sample-editor")
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: inbox)) ?? []).isEmpty)
    }
}
