import FileSystemCalls
import Foundation
import OpenWithTestSupport
import Testing

@Suite("Folder entries")
struct FolderEntriesTests {
    @Test("Every entry is listed, dot files too, without . and ..; names that are not UTF-8 keep their bytes")
    func listsEntries() throws {
        let folder = TemporaryDirectory("folder-entries")
        _ = try folder.write("a.txt", text: "a")
        _ = try folder.write(".hidden", text: "h")
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: false)
        let raw: [UInt8] = [UInt8(ascii: "n"), 0xFF, UInt8(ascii: "x")]
        let rawPath = Array(folder.path.utf8) + [UInt8(ascii: "/")] + raw + [0]
        let descriptor = rawPath.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) } }
        #expect(descriptor >= 0)
        close(descriptor)
        let names = folder.path.withCString { FolderEntries.names(atPath: $0) }
        #expect(Set(names) == [Array("a.txt".utf8), Array(".hidden".utf8), Array("sub".utf8), raw])
    }

    @Test("A folder that cannot be opened lists nothing")
    func missingFolder() {
        #expect("/nonexistent/folder".withCString { FolderEntries.names(atPath: $0) }.isEmpty)
        #expect("/dev/null".withCString { FolderEntries.names(atPath: $0) }.isEmpty)
    }
}
