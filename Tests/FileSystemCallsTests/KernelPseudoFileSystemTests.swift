import FileSystemCalls
import Foundation
import Glibc
import OpenWithTestSupport
import Testing

/// Which file systems report size 0 for files that hold bytes.
@Suite("KernelPseudoFileSystem")
struct KernelPseudoFileSystemTests {
    @Test("/proc is procfs, by path and by descriptor, and its files report size 0 yet hold bytes")
    func procIsProcfs() throws {
        #expect(KernelPseudoFileSystem.of(path: "/proc/self/status") == .procfs)
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(KernelPseudoFileSystem.of(descriptor: descriptor) == .procfs)
        var info = stat()
        #expect(fstat(descriptor, &info) == 0 && info.st_size == 0)
        var byte: UInt8 = 0
        #expect(read(descriptor, &byte, 1) == 1, "it holds bytes all the same")
    }

    @Test("a temporary folder's file system is no pseudo-file system, and a missing path is none")
    func ordinaryFileSystems() throws {
        let directory = TemporaryDirectory("pseudo-fs")
        let path = try directory.write("empty", bytes: [])
        #expect(KernelPseudoFileSystem.of(path: path) == nil)
        #expect(KernelPseudoFileSystem.of(path: directory.path("missing")) == nil)
        #expect(KernelPseudoFileSystem.of(descriptor: -1) == nil)
    }

    @Test("the magic numbers are those of linux/magic.h, each distinct")
    func magicNumbers() {
        #expect(KernelPseudoFileSystem.procfs.magic == 0x9FA0)
        #expect(KernelPseudoFileSystem.sysfs.magic == 0x6265_6572)
        #expect(Set(KernelPseudoFileSystem.allCases.map(\.magic)).count == KernelPseudoFileSystem.allCases.count)
    }
}
