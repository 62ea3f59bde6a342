import Foundation
import OpenWithTestSupport
import Testing

/// Runs `/usr/bin/file` with `arguments`.
private func file(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

@Suite("Outputs other tools' callers expect", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/file")))
struct TypeCompatibilityTests {
    /// Files on which OpenWith and `file` agree about the type: the samples, a folder, an empty file.
    static func inputs(_ cli: CLIFixture) throws -> [String] {
        let samples = RepositoryPaths.path("Catalog/samples")
        let names = try FileManager.default.contentsOfDirectory(atPath: samples).sorted()
        let empty = try cli.folder.write("empty.dat", bytes: [])
        return names.map { samples + "/" + $0 } + [cli.folder.path, empty]
    }

    @Test("type --mime-type -Lb prints what file --mime-type -Lb prints, and --mime-type aligns names like file")
    func fileMIMEType() throws {
        let cli = try CLIFixture()
        let inputs = try Self.inputs(cli)
        let brief = try cli.run(["type", "--mime-type", "-Lb"] + inputs)
        #expect(brief.status == 0, "\(brief.error)")
        #expect(brief.output == (try file(["--mime-type", "-Lb"] + inputs)))
        let named = try cli.run(["type", "--mime-type"] + inputs)
        #expect(named.output == (try file(["--mime-type"] + inputs)))
    }

    @Test("type --brief prints one MIME type per line, the shared-mime-info name, as xdg-mime query filetype")
    func sharedMIMEType() throws {
        let cli = try CLIFixture()
        let inputs = try Self.inputs(cli)
        let brief = try cli.run(["type", "--brief"] + inputs)
        #expect(brief.status == 0, "\(brief.error)")
        let lines = brief.output.split(separator: "\n").map(String.init)
        #expect(lines.count == inputs.count)
        #expect(lines.last == "application/x-zerosize")
        #expect(lines.contains("image/png") && lines.contains("inode/directory"))
    }
}
