import Foundation
@testable import OpenInBroker
import OpenWithTestSupport
import Testing

/// Whole small files read under a hard limit, including those whose size says nothing.
@Suite("BoundedFileRead")
struct BoundedFileReadTests {
    @Test("a file is read whole under its limit, and refused over it")
    func ordinaryFile() throws {
        let directory = TemporaryDirectory("bounded-read")
        let bytes = ByteFixtures.pseudoRandom(count: 70_000, seed: 3)
        let path = try directory.write("data", bytes: bytes)
        #expect(try BoundedFileRead.read(path, limit: 70_000, what: "the data") == bytes)
        #expect(throws: HandOverError.self) { try BoundedFileRead.read(path, limit: 69_999, what: "the data") }
    }

    @Test("the mount table, which reports size 0, is read whole: the thumbnailer's local check needs it")
    func mountTable() throws {
        let bytes = try BoundedFileRead.read("/proc/self/mounts", limit: 4 << 20, what: "the mount table")
        let lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.contains { $0.split(separator: " ").dropFirst().first == "/" }, "the root is mounted: \(lines.prefix(3))")
        #expect(lines.contains { $0.split(separator: " ").dropFirst(2).first == "proc" })
    }

    @Test("a pseudo-file that gives more than the limit is refused, naming the file")
    func pseudoFileOverLimit() throws {
        let error = try #require(throws: HandOverError.self) { try BoundedFileRead.read("/proc/self/status", limit: 10, what: "the status") }
        #expect(error.code == .fileTooLarge)
        #expect(error.path == "/proc/self/status")
    }
}
