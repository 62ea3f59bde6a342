import Foundation
import OpenWithTestSupport
import Testing

/// Runs `openwith` as the unprivileged user `nobody` when the tests run as root (root ignores
/// file modes), else as the current user.
private func runUnprivileged(_ cli: CLIFixture, _ arguments: [String]) throws -> CommandRunner.Result {
    guard getuid() == 0 else { return try cli.run(arguments) }
    let runner = CommandRunner(executable: "/usr/bin/setpriv", environment: cli.runner.environment)
    return try runner.run(["--reuid=65534", "--regid=65534", "--clear-groups", cli.runner.executable] + arguments)
}

@Suite("Catalog access from the command line")
struct CatalogAccessTests {
    @Test("An empty catalog file stops every command with exit 3, naming the file; the file stays empty")
    func emptyCatalogFile() throws {
        let cli = try CLIFixture()
        let catalog = try #require(cli.runner.environment["OPENWITH_CATALOG"])
        try cli.folder.write("catalog/catalog.sqlite", bytes: [])
        let document = try cli.folder.write("notes.txt", text: "hello\n")
        for arguments in [["apps", "list"], [document], ["catalog", "info"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 3, "\(arguments)")
            #expect(result.error.contains(catalog), "\(arguments)")
            #expect(result.error.contains(".damaged"), "\(arguments)")
        }
        var info = stat()
        #expect(stat(catalog, &info) == 0 && info.st_size == 0)
    }

    @Test("Read-only commands work on a catalog in a folder nobody may write")
    func readOnlyFolder() throws {
        let cli = try CLIFixture()
        let document = try cli.folder.write("notes.txt", text: "hello\n")
        try cli.installViewer()
        #expect(try cli.run("apps", "list").status == 0)  // creates the catalog and imports
        let folder = cli.folder.path("catalog")
        if getuid() == 0 {
            // The unprivileged user must own the files to read them (the catalog is 0600).
            for path in [cli.folder.path, folder, document] + ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map({ folder + "/" + $0 }) {
                chown(path, 65534, 65534)
            }
        }
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        for arguments in [["apps", "list"], ["handlers", document], ["default", "show", "public.plain-text"], ["type", document]] {
            let result = try runUnprivileged(cli, arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
        let write = try runUnprivileged(cli, ["default", "set", "public.plain-text", "nothing.desktop"])
        #expect(write.status != 0)
    }
}

/// A small file system of its own, mounted for one test (needs root and a kernel that allows
/// it), unmounted when the value goes away.
private final class SmallFileSystem {
    let path: String
    private let folder = TemporaryDirectory("small-fs")

    init?(kilobytes: Int) {
        path = folder.path("mount")
        guard getuid() == 0, (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil,
            Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path])
        else { return nil }
    }

    deinit { _ = Self.run("/bin/umount", [path]) }

    static var isAvailable: Bool { SmallFileSystem(kilobytes: 64) != nil }

    private static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

@Suite("Catalog access on a full disk")
struct FullDiskTests {
    @Test("Read-only commands work when the catalog's disk is full", .enabled(if: SmallFileSystem.isAvailable))
    func fullDisk() throws {
        let disk = try #require(SmallFileSystem(kilobytes: 2048))
        let cli = try CLIFixture()
        var runner = cli.runner
        runner.environment["OPENWITH_CATALOG"] = disk.path + "/catalog/catalog.sqlite"
        try cli.installViewer()
        let document = try cli.folder.write("notes.txt", text: "hello\n")
        #expect(try runner.run(["apps", "list"]).status == 0)
        // The files beside the catalog are derived and may be missing; then fill the disk.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: disk.path + "/catalog")) ?? [] where name != "catalog.sqlite" {
            try? FileManager.default.removeItem(atPath: disk.path + "/catalog/" + name)
        }
        let filler = FileManager.default.createFile(atPath: disk.path + "/filler", contents: nil)
        #expect(filler)
        if let handle = FileHandle(forWritingAtPath: disk.path + "/filler") {
            let block = Data(count: 64 * 1024)
            while (try? handle.write(contentsOf: block)) != nil {}
            try? handle.close()
        }
        for arguments in [["apps", "list"], ["handlers", document], [document]] {
            let result = try runner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
    }
}
