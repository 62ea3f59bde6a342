import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files on disk, read through ``FileByteSource``.
@Suite("FileByteSource")
struct FileByteSourceTests {
    @Test("every case sniffed from a file answers as from memory", arguments: SignatureCases.all)
    func sniffFromFile(_ row: SignatureCase) throws {
        let directory = TemporaryDirectory("sniff-file")
        let path = try directory.write("sample.bin", bytes: row.bytes)
        let source = try FileByteSource(path: path)
        #expect(source.size == Int64(row.bytes.count))
        #expect(try SignatureSniffer().sniff(source)?.identifier == row.expected)
    }

    @Test("reads are bounded by count, by the buffer and by the end of the file")
    func boundedReads() throws {
        let directory = TemporaryDirectory("sniff-read")
        let bytes = (0..<100).map { UInt8($0) }
        let source = try FileByteSource(path: directory.write("data", bytes: bytes))
        var buffer = [UInt8](repeating: 0xEE, count: 64)
        let read = try buffer.withUnsafeMutableBytes { try source.read(at: 90, count: 50, into: $0) }
        #expect(read == 10)
        #expect(Array(buffer[..<10]) == Array(90..<100))
        #expect(buffer[10] == 0xEE, "nothing written past what was read")
        buffer = [UInt8](repeating: 0xEE, count: 64)
        let small = try buffer.withUnsafeMutableBytes { try source.read(at: 0, count: 1000, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<8])) }
        #expect(small == 8)
        #expect(buffer[8] == 0xEE)
        #expect(try buffer.withUnsafeMutableBytes { try source.read(at: 100, count: 10, into: $0) } == 0)
        #expect(try buffer.withUnsafeMutableBytes { try source.read(at: .max, count: 10, into: $0) } == 0)
        #expect(throws: SniffingError.self) { try buffer.withUnsafeMutableBytes { try source.read(at: -1, count: 1, into: $0) } }
    }

    @Test("a missing file is an open failure naming the path and errno")
    func missing() throws {
        let directory = TemporaryDirectory("sniff-missing")
        let path = directory.path("nothing-here")
        let error = #expect(throws: SniffingError.self) { try FileByteSource(path: path) }
        #expect(error?.code == .openFailed)
        #expect(error?.path == path)
        #expect(error?.errno == ENOENT)
        #expect(error?.description.contains(path) == true)
    }

    @Test("a directory is not a regular file")
    func directory() throws {
        let directory = TemporaryDirectory("sniff-dir")
        let error = #expect(throws: SniffingError.self) { try FileByteSource(path: directory.path) }
        #expect(error?.code == .notARegularFile)
    }

    @Test("a symbolic link is not followed")
    func symlink() throws {
        let directory = TemporaryDirectory("sniff-link")
        let target = try directory.write("target.png", bytes: SignatureCases.images[0].bytes)
        let link = directory.path("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let error = #expect(throws: SniffingError.self) { try FileByteSource(path: link) }
        #expect(error?.code == .openFailed)
        #expect(error?.errno == ELOOP)
        let followed = try FileByteSource(path: link, followingSymlinks: true)
        #expect(try SignatureSniffer().sniff(followed)?.identifier == "public.png")
    }

    @Test("a FIFO is refused without blocking")
    func fifo() throws {
        let directory = TemporaryDirectory("sniff-fifo")
        let path = directory.path("pipe")
        try #require(mkfifo(path, 0o600) == 0)
        let error = #expect(throws: SniffingError.self) { try FileByteSource(path: path) }
        #expect(error?.code == .notARegularFile)
    }

    @Test("a file that shrinks after opening ends early, without error")
    func shrinkingFile() throws {
        let directory = TemporaryDirectory("sniff-shrink")
        let bytes = SignatureCases.iso9660
        let path = try directory.write("image.iso", bytes: bytes)
        let source = try FileByteSource(path: path)
        try #require(truncate(path, 100) == 0)
        #expect(source.size == Int64(bytes.count), "the size is the one seen at open")
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(try buffer.withUnsafeMutableBytes { try source.read(at: 0, count: 4096, into: $0) } == 100)
        #expect(try SignatureSniffer().sniff(source) == nil, "100 zero bytes are nothing, and the far read finds nothing")
    }

    @Test("an empty file matches nothing")
    func emptyFile() throws {
        let directory = TemporaryDirectory("sniff-empty")
        let source = try FileByteSource(path: directory.write("empty", bytes: []))
        #expect(try SignatureSniffer().sniff(source) == nil)
    }
}
