import Foundation
import OpenWithTestSupport
import Testing

@Suite("Concurrency and crash safety, with real processes")
struct ConcurrencyAndCrashTests {
    @Test("Eight processes registering apps at once into a new catalog lose nothing and see no busy errors")
    func concurrentRegistration() throws {
        let cli = try CLIFixture()
        var commands: [RunningCommand] = []
        for process in 0..<8 {
            var paths: [String] = []
            for app in 0..<5 {
                paths.append(try cli.folder.write(
                    "apps\(process)/app-\(process)-\(app).desktop",
                    text: "[Desktop Entry]\nType=Application\nName=App \(process) \(app)\nExec=true %f\nMimeType=text/plain;\n"))
            }
            commands.append(try cli.runner.start(["apps", "register"] + paths))
        }
        for command in commands {
            let result = try cli.runner.finish(command)
            #expect(result.status == 0, "\(result.error)")
            #expect(!result.error.lowercased().contains("busy"))
        }
        let list = try cli.run("apps", "list", "--json")
        let apps = try #require(try list.json() as? [[String: Any]])
        #expect(apps.count == 40)
        let info = try #require(try cli.run("catalog", "info", "--json").json() as? [String: Any])
        #expect(info["claims"] as? Int == 40)
    }

    @Test("SIGKILL during open-in, many times: no partial file, no dangling grant, no orphan")
    func killDuringOpenIn() throws {
        let cli = try CLIFixture()
        let app = try cli.folder.write("apps/sink.desktop", text: "[Desktop Entry]\nType=Application\nName=Sink\nExec=/bin/true %f\nMimeType=text/plain;\n")
        #expect(try cli.run("apps", "register", app).status == 0)
        // A 4 MiB text document, so that copies take long enough to be interrupted mid-way.
        var generator = SplitMix64(seed: 42)
        let letters = Array("abcdefghijklmnopqrstuvwxyz \n".utf8)
        let content = (0..<(4 << 20)).map { _ in letters[Int(generator.next() % UInt64(letters.count))] }
        let source = try cli.folder.write("docs/big.txt", bytes: content)
        // One uninterrupted run tells how long an open-in takes here; kills land across that span.
        let start = Date()
        #expect(try cli.run("open", source, "--with", "sink.desktop", "--json").status == 0)
        let span = max(Date().timeIntervalSince(start), 0.01) * 1.2
        let runs = 40
        var killedMidway = 0
        for _ in 0..<runs {
            let command = try cli.runner.start(["open", source, "--with", "sink.desktop", "--json"])
            usleep(useconds_t(Double(generator.next() % 1000) / 1000 * span * 1_000_000))
            if command.process.isRunning {
                kill(command.process.processIdentifier, SIGKILL)
                killedMidway += 1
            }
            _ = try cli.runner.finish(command)
        }
        // Any command opens the broker, which recovers interrupted transfers.
        let listed = try cli.run("inbox", "list", "--app", "sink.desktop", "--json")
        #expect(listed.status == 0, "\(listed.error)")
        let items = try #require(try listed.json() as? [[String: Any]])
        let grants = try #require(try cli.run("grants", "list", "--app", "sink.desktop", "--json").json() as? [[String: Any]])
        let inbox = cli.folder.path("catalog/containers/sink.desktop/Documents/Inbox")
        let files = try FileManager.default.contentsOfDirectory(atPath: inbox).filter { !$0.hasPrefix(".") }
        let hidden = try FileManager.default.contentsOfDirectory(atPath: inbox).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "temporary files visible in the inbox: \(hidden)")
        #expect(items.count == files.count)
        for file in files {
            let path = inbox + "/" + file
            #expect(FileManager.default.contentsEqual(atPath: path, andPath: source), "\(file) is partial")
            #expect(grants.contains { $0["path"] as? String == path }, "\(file) has no grant")
        }
        for grant in grants {
            let path = try #require(grant["path"] as? String)
            #expect(FileManager.default.fileExists(atPath: path), "grant \(grant["id"] ?? "?") points to a missing file")
            #expect(grant["sha256"] as? String == grants.first?["sha256"] as? String)
        }
        let staging = cli.folder.path("catalog/containers/sink.desktop/tmp/.openwith-staging")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).isEmpty)
        // The runs must have exercised both outcomes.
        #expect(killedMidway > 0)
        #expect(files.count > 0 || killedMidway == runs)
    }
}
