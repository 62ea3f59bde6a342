import FileSystemCalls
import Foundation
import OpenWithTestSupport
import Testing

@Suite("Atomic file writes")
struct AtomicFileWriteTests {
    @Test("A write creates or replaces the file and leaves no temporary file", arguments: [[], [0x41], Array(repeating: UInt8(7), count: 100_000)])
    func writeReplaces(bytes: [UInt8]) throws {
        let folder = TemporaryDirectory("atomic-write")
        let path = try folder.write("target", text: "old contents")
        try bytes.withUnsafeBytes { try AtomicFileWrite.write($0, to: path) }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["target"])
    }

    @Test("The new file has the requested mode")
    func modeApplies() throws {
        let folder = TemporaryDirectory("atomic-write")
        let path = folder.path("made")
        try [1, 2, 3].withUnsafeBytes { try AtomicFileWrite.write($0, to: path, mode: 0o600) }
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("A missing folder is a create error naming the temporary file")
    func missingFolderFails() throws {
        let folder = TemporaryDirectory("atomic-write")
        let path = folder.path("absent/target")
        #expect {
            try [1].withUnsafeBytes { try AtomicFileWrite.write($0, to: path) }
        } throws: { error in
            guard let error = error as? FileSystemCallError else { return false }
            return error.step == .create && error.errno == ENOENT && error.path.hasPrefix(path + ".") && error.path.hasSuffix(".tmp")
        }
    }

    @Test("A target that is a folder cannot be replaced; the temporary file goes")
    func folderTargetFails() throws {
        let folder = TemporaryDirectory("atomic-write")
        try FileManager.default.createDirectory(atPath: folder.path("busy/inner"), withIntermediateDirectories: true)
        #expect {
            try [1].withUnsafeBytes { try AtomicFileWrite.write($0, to: folder.path("busy")) }
        } throws: { error in
            (error as? FileSystemCallError)?.step == .replace
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["busy"])
    }
}
