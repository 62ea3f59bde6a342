import Foundation

/// Locates test data: the shared `fixtures/plists` folder beside the repository and system files.
enum FormatFixtures {
    /// The repository root, found from this file's real path (symbolic links resolved).
    static let repositoryRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// `<repo>/../shared/fixtures/plists`.
    static let plistFolder = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures/plists")

    /// Whether the shared plist fixtures are present.
    static var plistFixturesAvailable: Bool {
        FileManager.default.fileExists(atPath: plistFolder.appendingPathComponent("PROVENANCE.tsv").path)
    }

    /// The rows of `PROVENANCE.tsv`, keyed by column name; empty when the folder is missing.
    static let provenance: [[String: String]] = {
        guard let data = FileManager.default.contents(atPath: plistFolder.appendingPathComponent("PROVENANCE.tsv").path)
        else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else {
            return []
        }
        return lines.dropFirst().map { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() { row[name] = index < cells.count ? cells[index] : "" }
            return row
        }
    }()

    /// The fixture file names listed in `PROVENANCE.tsv`.
    static var provenanceFiles: [String] { provenance.compactMap { $0["file"] } }

    /// The bytes of a fixture plist.
    static func plistBytes(_ name: String) throws -> [UInt8] {
        try bytes(atPath: plistFolder.appendingPathComponent(name).path)
    }

    /// The bytes of any file.
    static func bytes(atPath path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        return [UInt8](data)
    }

    /// The system's shared-mime-info database.
    static let freedesktopPackagePath = "/usr/share/mime/packages/freedesktop.org.xml"

    /// Whether the system's shared-mime-info database is installed.
    static var freedesktopPackageAvailable: Bool {
        FileManager.default.fileExists(atPath: freedesktopPackagePath)
    }
}
