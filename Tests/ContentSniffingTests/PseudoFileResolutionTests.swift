@testable import ContentSniffing
import Foundation
import Glibc
import OpenWithTestSupport
import Testing
import UniformTypes

/// Files of the kernel's pseudo-file systems report size 0 whatever they hold: they are read to
/// learn what they hold, while an empty file anywhere else stays empty without a read.
@Suite("Kernel pseudo-files: a size of 0 that says nothing")
struct PseudoFileResolutionTests {
    let resolver = TypeResolver()

    /// What `path` holds, read as a program would (to its end).
    static func contents(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("/proc/self/status reports size 0, holds text, and is resolved as text")
    func procStatusIsText() throws {
        let path = "/proc/self/status"
        let item = try FileSystemItem(path: path, followingSymlinks: false)
        #expect(item.kind == .regular && item.size == 0, "the kernel reports no size")
        #expect(item.pseudoFileSystem == .procfs)
        let held = try Self.contents(path)
        #expect(!held.isEmpty && held.count <= 4096, "a process status is a page of text at most")

        let resolution = try resolver.resolve(path: path)
        #expect(resolution.type.conforms(to: resolver.graph[.plainText]!), "\(resolution.type.identifier)")
        #expect(resolution.type.preferredMIMEType != "application/x-zerosize")
        #expect(resolution.confidence != .certain)
        // The size is what was read; the status names this process, so a second read matches it in length only roughly.
        #expect(resolution.size > 0 && resolution.size <= 4096)
        let note = resolution.evidence.first { $0.source == .fileSystem }
        #expect(note?.agrees == false && note?.detail.contains("procfs") == true, "\(resolution.evidence)")
    }

    @Test("a pseudo-file with NUL bytes is not text, and not empty")
    func procCommandLineIsBinary() throws {
        let held = try Self.contents("/proc/self/cmdline")
        #expect(held.contains(0), "arguments are NUL-terminated")
        let resolution = try resolver.resolve(path: "/proc/self/cmdline")
        #expect(resolution.type.preferredMIMEType != "application/x-zerosize")
        #expect(!resolution.type.conforms(to: resolver.graph[.text]!), "\(resolution.type.identifier)")
        #expect(resolution.size == Int64(min(held.count, 4097)))
    }

    @Test("a pseudo-file that cannot be read at its start is resolved without content, not called empty")
    func unreadablePseudoFile() throws {
        // Address 0 of a process is never mapped: reading /proc/self/mem there fails with EIO.
        let resolution = try resolver.resolve(path: "/proc/self/mem")
        #expect(resolution.type == resolver.graph[.data])
        #expect(resolution.confidence == .low)
        #expect(resolution.evidence.contains { $0.source == .fallback && $0.detail.hasPrefix("content unreadable") }, "\(resolution.evidence)")
    }

    @Test("an empty file on an ordinary file system is empty, certain, and not looked up further")
    func ordinaryEmptyFile() throws {
        let directory = TemporaryDirectory("pseudo-empty")
        let path = try directory.write("nothing", bytes: [])
        let item = try FileSystemItem(path: path, followingSymlinks: false)
        #expect(item.pseudoFileSystem == nil)
        let resolution = try resolver.resolve(path: path)
        #expect(resolution.type.preferredMIMEType == "application/x-zerosize")
        #expect(resolution.confidence == .certain)
        #expect(resolution.evidence.map(\.detail) == ["empty file"])
    }

    @Test("a scan of a procfs folder reads its files through their descriptors")
    func scanOfProcFolder() throws {
        let root = "/proc/sys/kernel/random"
        let names = try FileManager.default.contentsOfDirectory(atPath: root)
        #expect(names.contains("boot_id"))
        let scan = DirectoryScan(resolver: resolver, threads: 2)
        let (entries, failures) = scan.classifyAll(root)
        #expect(failures.isEmpty)
        #expect(entries.count == names.count)
        let plainText = resolver.graph[.plainText]!
        for entry in entries {
            let resolution = try #require(entry.resolution, "\(entry.path): \(entry.failure ?? "")")
            #expect(resolution.type.conforms(to: plainText), "\(entry.path): \(resolution.type.identifier)")
            #expect(resolution.size > 0, "\(entry.path)")
        }
        let uuid = try #require(entries.first { $0.path.hasSuffix("/boot_id") }?.resolution)
        #expect(uuid.size == Int64(try Self.contents(root + "/boot_id").count))
    }
}
