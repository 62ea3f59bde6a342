import Foundation

/// Paths of the repository and of the data the tests read.
public enum RepositoryPaths {
    /// The repository root (the folder holding Package.swift).
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// A path inside the repository.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// The shared fixtures folder beside the repository (real-world declarations), if present.
    public static var sharedFixtures: String? {
        let candidate = URL(fileURLWithPath: root).deletingLastPathComponent().appendingPathComponent("shared/fixtures").path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// The system's shared-mime-info database, if installed.
    public static var freedesktopMimeXML: String? {
        let path = "/usr/share/mime/packages/freedesktop.org.xml"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Reads a text file.
    public static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Reads a tab-separated file with a header into rows keyed by column name.
    public static func tsv(_ path: String) throws -> [[String: String]] {
        let lines = try text(path).split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() { row[name] = index < fields.count ? fields[index] : "" }
            return row
        }
    }
}

extension RepositoryPaths {
    /// Runs one of the repository's Python scripts with `arguments`; returns the exit status and
    /// what it printed (standard output and error together).
    public static func runScript(_ relativePath: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path(relativePath)] + arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
