import Foundation
import Glibc
import OpenWithTestSupport
import Testing

@Suite("openwith pasteboard")
struct PasteboardCommandTests {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ByteFixtures.be32(13) + ByteFixtures.ascii("IHDR")
        + ByteFixtures.be32(1) + ByteFixtures.be32(1) + [8, 6, 0, 0, 0] + ByteFixtures.pseudoRandom(count: 500, seed: 5)

    @Test("write an item in two representations, then read it back by conformance, as bytes and as JSON")
    func writeAndRead() throws {
        let cli = try CLIFixture()
        let image = try cli.folder.write("chart.png", bytes: png)
        let write = try cli.run("pasteboard", "write", "--type", "public.png", image, "--type", "public.utf8-plain-text", "--text", "Sales chart, Q3")
        #expect(write.status == 0, "\(write.error)")
        let types = try cli.run("pasteboard", "types")
        #expect(types.output == "public.png\npublic.utf8-plain-text\n")
        // The image, byte for byte, through a shell redirect.
        let output = cli.folder.path("out.png")
        var shell = CommandRunner(executable: "/bin/sh", environment: cli.runner.environment)
        shell.environment["OPENWITH"] = cli.runner.executable
        let read = try shell.run(["-c", "\"$OPENWITH\" pasteboard read --conforming-to public.image > '\(output)'"])
        #expect(read.status == 0, "\(read.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data(png))
        let text = try #require(try cli.run("pasteboard", "read", "--conforming-to", "public.text", "--json").json() as? [String: Any])
        #expect(text["type"] as? String == "public.utf8-plain-text")
        #expect(text["text"] as? String == "Sales chart, Q3")
        #expect(text["exact"] as? Bool == false)
        let image64 = try #require(try cli.run("pasteboard", "read", "--conforming-to", "public.png", "--json").json() as? [String: Any])
        #expect(image64["exact"] as? Bool == true)
        #expect((image64["base64"] as? String).flatMap { Data(base64Encoded: $0) } == Data(png))
        // Without --conforming-to: the first, most faithful representation.
        let first = try #require(try cli.run("pasteboard", "read", "--json").json() as? [String: Any])
        #expect(first["type"] as? String == "public.png")
    }

    @Test("a FILE without --type takes the type its bytes resolve to; --text alone is UTF-8 text; - is standard input")
    func inferredTypes() throws {
        let cli = try CLIFixture()
        let image = try cli.folder.write("no-extension", bytes: png)
        #expect(try cli.run("pasteboard", "write", "--name", "com.example.notes", image, "--text", "caption").status == 0)
        #expect(try cli.run("pasteboard", "types", "--name", "com.example.notes").output == "public.png\npublic.utf8-plain-text\n")
        var shell = CommandRunner(executable: "/bin/sh", environment: cli.runner.environment)
        shell.environment["OPENWITH"] = cli.runner.executable
        let piped = try shell.run(["-c", "printf '{\"a\": 1}' | \"$OPENWITH\" pasteboard write --append --name com.example.notes --type public.json -"])
        #expect(piped.status == 0, "\(piped.error)")
        let board = try #require(try cli.run("pasteboard", "types", "--name", "com.example.notes", "--json").json() as? [String: Any])
        #expect((board["items"] as? [Any])?.count == 2)
        let json = try #require(try cli.run("pasteboard", "read", "--name", "com.example.notes", "--conforming-to", "public.json", "--json").json() as? [String: Any])
        #expect(json["text"] as? String == "{\"a\": 1}")
        #expect(json["item"] as? Int == 2)
    }

    @Test("named boards persist and are listed; clear removes them; the general board stays listed")
    func namedBoards() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("pasteboard", "write", "--name", "com.example.a", "--text", "one").status == 0)
        #expect(try cli.run("pasteboard", "write", "--name", "com.example.b", "--text", "two").status == 0)
        let list = try #require(try cli.run("pasteboard", "list", "--json").json() as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["general", "com.example.a", "com.example.b"])
        #expect(try cli.run("pasteboard", "clear", "--name", "com.example.a").status == 0)
        let after = try cli.run("pasteboard", "list")
        #expect(!after.output.contains("com.example.a"))
        #expect(after.output.contains("com.example.b"))
        let gone = try cli.run("pasteboard", "read", "--name", "com.example.a")
        #expect(gone.status == 1)
        #expect(gone.error.contains("empty"))
    }

    @Test("refusals: bad names, unknown public types, a type nothing conforms to, options of the general board, a missing source")
    func refusals() throws {
        let cli = try CLIFixture()
        for name in ["a/b", "..", "x\u{1}y"] {
            let result = try cli.run("pasteboard", "write", "--name", name, "--text", "x")
            #expect(result.status == 2)
            #expect(result.error.contains("not a pasteboard name"))
        }
        let typo = try cli.run("pasteboard", "write", "--type", "public.pgn", "--text", "x")
        #expect(typo.status == 1)
        #expect(typo.error.contains("public.png"))
        #expect(try cli.run("pasteboard", "write", "--type", "public.png").status == 2)
        let named = try cli.run("pasteboard", "write", "--name", "com.example.a", "--local-only", "--text", "x")
        #expect(named.status == 2)
        #expect(named.error.contains("general pasteboard"))
        #expect(try cli.run("pasteboard", "write", "--text", "plain words").status == 0)
        let none = try cli.run("pasteboard", "read", "--conforming-to", "public.image")
        #expect(none.status == 1)
        #expect(none.error.contains("public.utf8-plain-text"))
        #expect(try cli.run("pasteboard", "types").output == "public.utf8-plain-text\n")
    }

    @Test("an item over the 64 MiB limit is refused with the limit in the message, and the board is unchanged")
    func sizeLimit() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("pasteboard", "write", "--text", "before").status == 0)
        let big = try cli.folder.write("big.bin", bytes: ByteFixtures.zeros((64 << 20) + 1))
        let result = try cli.run("pasteboard", "write", "--type", "public.data", big)
        #expect(result.status == 2)
        #expect(result.error.contains("limit"))
        #expect(result.error.contains("big.bin"))
        #expect(try cli.run("pasteboard", "read").output == "before")
    }

    @Test("expiry: the general board empties itself when its time is up")
    func expiry() throws {
        let cli = try CLIFixture()
        let write = try cli.run("pasteboard", "write", "--text", "one-time code", "--expires-in", "1s", "--local-only", "--json")
        let board = try #require(try write.json() as? [String: Any])
        #expect(board["expiresAt"] is String)
        #expect(board["localOnly"] as? Bool == true)
        // Written at a whole second, expiring one second later (the moment before is the library tests' job, on a clock of their own).
        let written = try #require(board["writtenAt"] as? String), expires = try #require(board["expiresAt"] as? String)
        #expect(written < expires)
        Thread.sleep(forTimeInterval: 2.1)
        #expect(try cli.run("pasteboard", "types").output == "")
        #expect(try cli.run("pasteboard", "read").status == 1)
    }

    @Test("sync without a clipboard tool is skipped with a clear message and succeeds")
    func syncWithoutTools() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("pasteboard", "write", "--text", "x").status == 0)
        let empty = cli.folder.path("empty-bin")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        var runner = cli.runner
        runner.environment["PATH"] = empty
        runner.environment["WAYLAND_DISPLAY"] = "wayland-0"
        let result = try runner.run(["pasteboard", "sync", "--to-desktop"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("skipped: no desktop clipboard tool"))
        let json = try #require(try runner.run(["pasteboard", "sync", "--from-desktop", "--json"]).json() as? [String: Any])
        #expect((json["skipped"] as? String)?.contains("xclip") == true)
        #expect(try runner.run(["pasteboard", "sync"]).status != 0)
        #expect(try cli.run("pasteboard", "read").output == "x")
    }

    @Test("a write killed while it reads its input leaves the board as it was")
    func killedWrite() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("pasteboard", "write", "--text", "kept").status == 0)
        let path = cli.folder.path("catalog/pasteboards/general.board")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cli.runner.executable)
        process.arguments = ["pasteboard", "write", "--type", "public.data", "-"]
        process.environment = cli.runner.environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(ByteFixtures.pseudoRandom(count: 1 << 20, seed: 9)))
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try cli.run("pasteboard", "read").output == "kept")
    }
}
