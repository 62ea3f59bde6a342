import Foundation
import OpenWithTestSupport
import Testing

/// An `Info.plist` app claiming plain text, with `extra` keys (e.g. `CFBundleExecutable`).
private func textEditorPlist(id: String, extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>\(id)</string>
    <key>CFBundleName</key><string>Text Editor</string>
    \(extra)
    <key>CFBundleDocumentTypes</key><array><dict>
    <key>CFBundleTypeRole</key><string>Editor</string>
    <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
    </dict></array>
    </dict></plist>
    """
}

/// Parses `requests list|take` output.
private func requests(_ result: CommandRunner.Result) throws -> [[String: Any]] {
    #expect(result.status == 0, "\(result.error)")
    return try #require(try result.json() as? [[String: Any]], "\(result.output)")
}

@Suite("Info.plist apps: launched from their bundle, or queued")
struct BundleDeliveryTests {
    @Test("An .app whose Contents/MacOS holds CFBundleExecutable is launched with the inbox copy as its argument")
    func launchesBundleProgram() throws {
        let cli = try CLIFixture()
        let marker = cli.folder.path("received.txt")
        _ = try cli.folder.write(
            "Editor.app/Contents/Info.plist",
            text: textEditorPlist(id: "org.example.launched", extra: "<key>CFBundleExecutable</key><string>editor</string>"))
        let program = try cli.folder.write("Editor.app/Contents/MacOS/editor", text: "#!/bin/sh\nprintf '%s|' \"$@\" > '\(marker)'\n")
        #expect(chmod(program, 0o755) == 0)
        #expect(try cli.run("apps", "register", cli.folder.path("Editor.app")).status == 0)
        let note = try cli.folder.write("note.txt", text: "hello\n")
        let run = try cli.run("open", note, "--with", "org.example.launched", "--json")
        #expect(run.status == 0, "\(run.error)")
        let output = try #require(try run.json() as? [String: Any])
        let inboxPath = try #require(output["inboxPath"] as? String)
        let delivery = try #require(output["delivery"] as? [String: Any])
        #expect(delivery["method"] as? String == "launch")
        #expect(delivery["commands"] as? [[String]] == [[program, inboxPath]])
        // The program runs in its own session: wait for what it wrote.
        var received: String?
        for _ in 0..<100 where received?.isEmpty ?? true {
            received = try? String(contentsOfFile: marker, encoding: .utf8)
            if received?.isEmpty ?? true { usleep(50_000) }
        }
        #expect(received == inboxPath + "|")
        #expect(try requests(cli.run("requests", "list", "--app", "org.example.launched")).isEmpty)
    }

    @Test("A bundle naming a program that is missing or not executable gets an open request instead")
    func missingProgramQueues() throws {
        let cli = try CLIFixture()
        _ = try cli.folder.write(
            "Broken.app/Contents/Info.plist",
            text: textEditorPlist(id: "org.example.broken", extra: "<key>CFBundleExecutable</key><string>broken</string>"))
        _ = try cli.folder.write("Broken.app/Contents/MacOS/broken", text: "#!/bin/sh\nexit 0\n")  // not executable
        #expect(try cli.run("apps", "register", cli.folder.path("Broken.app")).status == 0)
        let note = try cli.folder.write("note.txt", text: "hello\n")
        let run = try cli.run("open", note, "--with", "org.example.broken", "--json")
        #expect(run.status == 0, "\(run.error)")
        let delivery = try #require((try run.json() as? [String: Any])?["delivery"] as? [String: Any])
        #expect(delivery["method"] as? String == "open-request")
        #expect(try requests(cli.run("requests", "list", "--app", "org.example.broken")).count == 1)
    }

    @Test("requests list shows the queue; requests take empties it and returns each request once")
    func listAndTake() throws {
        let cli = try CLIFixture()
        _ = try cli.folder.write("Reader/Info.plist", text: textEditorPlist(id: "org.example.reader"))
        #expect(try cli.run("apps", "register", cli.folder.path("Reader/Info.plist")).status == 0)
        let note = try cli.folder.write("note.txt", text: "hello\n")
        let open = try cli.run("open", note, "--with", "org.example.reader", "--json")
        #expect(open.status == 0, "\(open.error)")
        let opened = try #require(try open.json() as? [String: Any])
        #expect((opened["delivery"] as? [String: Any])?["method"] as? String == "open-request")
        let inboxPath = try #require(opened["inboxPath"] as? String)
        let grantID = try #require(opened["grantID"] as? Int)

        let listed = try requests(cli.run("requests", "list", "--app", "org.example.reader"))
        #expect(listed.count == 1)
        let request = try #require(listed.first)
        #expect(request["path"] as? String == inboxPath)
        #expect(request["grantID"] as? Int == grantID)
        #expect(request["type"] as? String == "public.plain-text")
        #expect(request["app"] as? String == "org.example.reader")
        let queuedAt = try #require(request["queuedAt"] as? String)
        #expect(queuedAt.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil, "\(queuedAt)")
        let parsed = try #require(ISO8601DateFormatter.withFractionalSeconds.date(from: queuedAt))
        #expect(abs(parsed.timeIntervalSinceNow) < 600)
        // Listing leaves the queue as it was.
        #expect(try requests(cli.run("requests", "list", "--app", "org.example.reader")).count == 1)

        let taken = try requests(cli.run("requests", "take", "--app", "ORG.example.reader"))
        #expect(taken.map { $0["id"] as? Int } == listed.map { $0["id"] as? Int })
        #expect(try requests(cli.run("requests", "take", "--app", "org.example.reader")).isEmpty)
        #expect(try requests(cli.run("requests", "list", "--app", "org.example.reader")).isEmpty)
        #expect(FileManager.default.fileExists(atPath: inboxPath))
    }

    @Test("Two takers at once never get the same request, and together get them all")
    func concurrentTakers() throws {
        let cli = try CLIFixture()
        _ = try cli.folder.write("Reader/Info.plist", text: textEditorPlist(id: "org.example.reader"))
        #expect(try cli.run("apps", "register", cli.folder.path("Reader/Info.plist")).status == 0)
        for index in 0..<6 {
            let note = try cli.folder.write("note-\(index).txt", text: "note \(index)\n")
            #expect(try cli.run("open", note, "--with", "org.example.reader").status == 0)
        }
        let queued = Set(try requests(cli.run("requests", "list", "--app", "org.example.reader")).compactMap { $0["id"] as? Int })
        #expect(queued.count == 6)
        let first = try cli.runner.start(["requests", "take", "--app", "org.example.reader"])
        let second = try cli.runner.start(["requests", "take", "--app", "org.example.reader"])
        let one = try requests(cli.runner.finish(first)).compactMap { $0["id"] as? Int }
        let two = try requests(cli.runner.finish(second)).compactMap { $0["id"] as? Int }
        #expect(Set(one).isDisjoint(with: two))
        #expect(Set(one).union(two) == queued)
        #expect(one.count + two.count == 6)
    }

    @Test("An unknown app and a damaged queue are typed errors that change nothing")
    func badInput() throws {
        let cli = try CLIFixture()
        _ = try cli.folder.write("Reader/Info.plist", text: textEditorPlist(id: "org.example.reader"))
        #expect(try cli.run("apps", "register", cli.folder.path("Reader/Info.plist")).status == 0)
        let note = try cli.folder.write("note.txt", text: "hello\n")
        let open = try cli.run("open", note, "--with", "org.example.reader", "--json")
        let inboxPath = try #require((try open.json() as? [String: Any])?["inboxPath"] as? String)

        let unknown = try cli.run("requests", "take", "--app", "org.example.readr")
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("org.example.readr"))
        #expect(unknown.error.contains("org.example.reader"))  // the suggestion

        let catalog = cli.folder.path("catalog/catalog.sqlite")
        try SQLiteShell.run(catalog, "UPDATE open_requests SET created_at = 'yesterday'")
        let damaged = try cli.run("requests", "take", "--app", "org.example.reader")
        #expect(damaged.status == 3, "\(damaged.output) \(damaged.error)")
        #expect(damaged.error.contains("created_at"))
        #expect(damaged.output.isEmpty)
        // Nothing was taken, and the inbox copy is still there.
        #expect(try SQLiteShell.query(catalog, "SELECT count(*) FROM open_requests WHERE delivered_at IS NULL").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        #expect(FileManager.default.fileExists(atPath: inboxPath))
        #expect(try cli.run("requests", "list", "--app", "org.example.reader").status == 3)
    }
}

extension ISO8601DateFormatter {
    fileprivate static var withFractionalSeconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
