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

    /// How many of the file's pages are in the page cache, by `mincore` over a mapping of it;
    /// `nil` on a file system that keeps files in memory (tmpfs), where nothing can be dropped.
    static func cachedPages(_ path: String) throws -> Int? {
        // The file system of the longest mount point above the path, from /proc/self/mounts.
        let mounts = try String(contentsOfFile: "/proc/self/mounts", encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        let mount = mounts.filter { $0.count > 2 && (path.hasPrefix($0[1] == "/" ? "/" : $0[1] + "/")) }.max { $0[1].count < $1[1].count }
        if mount.map({ $0[2] == "tmpfs" || $0[2] == "ramfs" }) ?? true { return nil }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let size = Int(lseek(descriptor, 0, SEEK_END))
        let address = try #require(mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0))
        defer { munmap(address, size) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var residency = [UInt8](repeating: 0, count: (size + pageSize - 1) / pageSize)
        guard mincore(address, size, &residency) == 0 else { throw POSIXError(.EIO) }
        return residency.filter { $0 & 1 != 0 }.count
    }

    @Test("dropsCachedPages leaves none of the written file's pages in the page cache; a plain write keeps them")
    func dropsCachedPages() throws {
        let folder = TemporaryDirectory("atomic-write")
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let kept = folder.path("kept")
        let dropped = folder.path("dropped")
        try bytes.withUnsafeBytes { try AtomicFileWrite.write($0, to: kept) }
        try bytes.withUnsafeBytes { try AtomicFileWrite.write($0, to: dropped, dropsCachedPages: true) }
        guard let keptPages = try Self.cachedPages(kept), let droppedPages = try Self.cachedPages(dropped) else { return }
        #expect(keptPages == 256)
        #expect(droppedPages == 0)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: dropped))) == bytes)
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
