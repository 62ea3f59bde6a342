import FileSystemCalls
import Foundation
import OpenWithTestSupport
import Testing

@Suite("Folder creation")
struct FolderCreationTests {
    @Test("Missing folders are made owner-only with their parents; folders that exist are left as they are")
    func makesParents() throws {
        let folder = TemporaryDirectory("folder-creation")
        let deep = folder.path("a/b/c")
        try FolderCreation.createWithParents(deep)
        for path in [folder.path("a"), folder.path("a/b"), deep] {
            var info = stat()
            #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR, "\(path)")
            #expect(info.st_mode & 0o077 == 0, "\(path) is private")
        }
        #expect(chmod(folder.path("a"), 0o755) == 0)
        try FolderCreation.createWithParents(deep)
        var info = stat()
        #expect(stat(folder.path("a"), &info) == 0 && info.st_mode & 0o777 == 0o755, "an existing folder keeps its mode")
    }

    @Test("A file in the way fails naming the folder that could not be made")
    func fileInTheWay() throws {
        let folder = TemporaryDirectory("folder-creation")
        _ = try folder.write("file", text: "x")
        let error = #expect(throws: FileSystemCallError.self) { try FolderCreation.createWithParents(folder.path("file/sub/deeper")) }
        #expect(error?.step == .createFolder)
        #expect(error?.path == folder.path("file/sub"))
        #expect(error?.errno == ENOTDIR)
    }
}
