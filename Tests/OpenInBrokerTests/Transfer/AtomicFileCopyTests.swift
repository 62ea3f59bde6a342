import Foundation
import Glibc
import OpenInBroker
import OpenWithTestSupport
import Testing

private typealias H = HandOverTestHelpers

/// A source folder and an empty inbox for one test.
private struct CopyScene {
    let directory = TemporaryDirectory("handover-copy")
    let inbox: String

    init() throws {
        inbox = directory.path("Inbox")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: false)
    }

    func source(_ name: String = "report.pdf", bytes: [UInt8] = ByteFixtures.pseudoRandom(count: 300_000, seed: 7))
        throws -> String
    {
        try directory.write("src/" + name, bytes: bytes)
    }
}

@Suite("AtomicFileCopy")
struct AtomicFileCopyTests {
    @Test("a copy has the source's bytes, an independently checked digest, and mode 0444")
    func copyIsExact() throws {
        let scene = try CopyScene()
        let bytes = ByteFixtures.pseudoRandom(count: 300_000, seed: 1)
        let source = try scene.source("report.pdf", bytes: bytes)
        let copied = try AtomicFileCopy(bufferSize: 4096).copy(from: source, toFolder: scene.inbox)

        #expect(copied.name == "report.pdf")
        #expect(copied.path == scene.inbox + "/report.pdf")
        #expect(copied.size == Int64(bytes.count))
        #expect(copied.sha256 == (try H.sha256sum(source)))
        #expect(copied.sha256.count == 64)
        #expect(copied.transfer == .copied)
        #expect(H.contents(copied.path) == bytes)
        #expect(H.mode(copied.path) == 0o444)
        #expect(H.listing(scene.inbox) == ["report.pdf"])
        var status = stat()
        #expect(lstat(copied.path, &status) == 0)
        #expect(UInt64(status.st_ino) == copied.inode)
        #expect(UInt64(status.st_dev) == copied.device)
        #expect(H.contents(source) == bytes, "the source is not changed")
    }

    @Test("an empty file copies to an empty file with the empty digest")
    func emptyFile() throws {
        let scene = try CopyScene()
        let source = try scene.source("empty.txt", bytes: [])
        let copied = try AtomicFileCopy().copy(from: source, toFolder: scene.inbox)
        #expect(copied.size == 0)
        #expect(copied.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("the requested mode and name are applied")
    func modeAndName() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        let copied = try AtomicFileCopy(mode: 0o640).copy(from: source, toFolder: scene.inbox, as: "Quarterly.pdf")
        #expect(copied.name == "Quarterly.pdf")
        #expect(H.mode(copied.path) == 0o640)
    }

    @Test("collisions get name-1, name-2 and never replace an existing item")
    func collisions() throws {
        let scene = try CopyScene()
        let first = try scene.source("notes.txt", bytes: Array("one".utf8))
        let names = try (0..<3).map { _ in try AtomicFileCopy().copy(from: first, toFolder: scene.inbox).name }
        #expect(names == ["notes.txt", "notes-1.txt", "notes-2.txt"])
        try FileManager.default.createDirectory(
            atPath: scene.inbox + "/notes-3.txt", withIntermediateDirectories: false)
        #expect(try AtomicFileCopy().copy(from: first, toFolder: scene.inbox).name == "notes-4.txt")
        #expect(H.listing(scene.inbox) == ["notes-1.txt", "notes-2.txt", "notes-3.txt", "notes-4.txt", "notes.txt"])
    }

    @Test(
        "compound extensions and hidden files keep their shape on collision",
        arguments: [
            ("archive.tar.gz", "archive-1.tar.gz"), (".profile", ".profile-1"), ("README", "README-1"),
        ])
    func collisionShapes(name: String, second: String) throws {
        let scene = try CopyScene()
        let source = try scene.source(name, bytes: [1, 2, 3])
        _ = try AtomicFileCopy().copy(from: source, toFolder: scene.inbox)
        #expect(try AtomicFileCopy().copy(from: source, toFolder: scene.inbox).name == second)
    }

    @Test("the collision limit is an error and leaves nothing behind")
    func collisionLimit() throws {
        let scene = try CopyScene()
        let source = try scene.source("a.txt", bytes: [1])
        let copier = AtomicFileCopy(maximumCollisionIndex: 1)
        _ = try copier.copy(from: source, toFolder: scene.inbox)
        _ = try copier.copy(from: source, toFolder: scene.inbox)
        H.expectError(.nameCollisionLimit) { try copier.copy(from: source, toFolder: scene.inbox) }
        #expect(H.listing(scene.inbox) == ["a-1.txt", "a.txt"])
    }

    @Test(
        "hostile names are refused and nothing is created",
        arguments: [
            ("../x", HandOverError.Code.invalidName), ("a/b", .invalidName), ("a\u{0}b", .invalidName),
            ("line\nbreak", .invalidName), ("tab\there", .invalidName), ("", .invalidName), (".", .invalidName),
            ("..", .invalidName), ("evil\u{202E}fdp.exe", .invalidName), (".x.openwith-AbC123", .invalidName),
            (String(repeating: "x", count: 4096), .nameTooLong), (String(repeating: "é", count: 128), .nameTooLong),
        ])
    func hostileNames(name: String, code: HandOverError.Code) throws {
        let scene = try CopyScene()
        let source = try scene.source()
        let error = H.expectError(code) { try AtomicFileCopy().copy(from: source, toFolder: scene.inbox, as: name) }
        #expect(error?.value == name, "the error names the refused value")
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a name of exactly 255 bytes is accepted")
    func longestName() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        let name = String(repeating: "n", count: 251) + ".pdf"
        #expect(try AtomicFileCopy().copy(from: source, toFolder: scene.inbox, as: name).name == name)
        let second = try AtomicFileCopy().copy(from: source, toFolder: scene.inbox, as: name).name
        #expect(second.utf8.count == 255)
        #expect(second.hasSuffix("-1.pdf"))
    }

    @Test("paths holding NUL are refused before any system call sees them")
    func nulInPaths() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        H.expectError(.invalidPath) { try AtomicFileCopy().copy(from: source + "\u{0}.txt", toFolder: scene.inbox, as: "x") }
        H.expectError(.invalidPath) { try AtomicFileCopy().copy(from: source, toFolder: scene.inbox + "\u{0}/x") }
        H.expectError(.invalidPath) { try AtomicFileCopy().move(from: source + "\u{0}", toFolder: scene.inbox, as: "x") }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("concurrent copies of one name into one folder all get distinct names")
    func concurrentCopies() async throws {
        let scene = try CopyScene()
        let source = try scene.source("same.txt", bytes: Array("x".utf8))
        let inbox = scene.inbox
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try AtomicFileCopy().copy(from: source, toFolder: inbox).name }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = ["same.txt"] + (1..<8).map { "same-\($0).txt" }
        #expect(Set(names) == Set(expected))
        #expect(H.listing(inbox) == expected.sorted())
    }

    @Test("a symbolic link as source is refused")
    func symlinkSource() throws {
        let scene = try CopyScene()
        let target = try scene.source()
        let link = scene.directory.path("link.pdf")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        H.expectError(.symlinkRefused) { try AtomicFileCopy().copy(from: link, toFolder: scene.inbox) }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a FIFO is refused without blocking")
    func fifoSource() throws {
        let scene = try CopyScene()
        let fifo = scene.directory.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = H.expectError(.notRegularFile) { try AtomicFileCopy().copy(from: fifo, toFolder: scene.inbox) }
        #expect(error?.value == "fifo")
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a device and a directory are refused", arguments: ["/dev/null", "/dev/zero", "DIRECTORY"])
    func nonRegularSources(path: String) throws {
        let scene = try CopyScene()
        let source = path == "DIRECTORY" ? scene.directory.path : path
        H.expectError(.notRegularFile) { try AtomicFileCopy().copy(from: source, toFolder: scene.inbox, as: "x") }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a missing source is notFound")
    func missingSource() throws {
        let scene = try CopyScene()
        H.expectError(.notFound) {
            try AtomicFileCopy().copy(from: scene.directory.path("nope"), toFolder: scene.inbox)
        }
    }

    @Test(
        "an unreadable source is permissionDenied",
        .enabled(if: getuid() != 0, "root reads files with mode 000, so this cannot be observed as root"))
    func unreadableSource() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        #expect(chmod(source, 0) == 0)
        H.expectError(.permissionDenied) { try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a destination folder replaced by a symbolic link is refused")
    func symlinkFolder() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        let elsewhere = scene.directory.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        try FileManager.default.removeItem(atPath: scene.inbox)
        try FileManager.default.createSymbolicLink(atPath: scene.inbox, withDestinationPath: elsewhere)
        H.expectError(.symlinkRefused) { try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) }
        #expect(H.listing(elsewhere).isEmpty)
    }

    @Test("a destination that is a file, or missing, is refused")
    func badFolders() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        H.expectError(.notADirectory) { try AtomicFileCopy().copy(from: source, toFolder: source) }
        H.expectError(.notFound) { try AtomicFileCopy().copy(from: source, toFolder: scene.directory.path("none")) }
    }

    @Test("a failure injected at any checkpoint rolls back completely", arguments: AtomicFileCopy.Checkpoint.allCases)
    func injectedFailure(at point: AtomicFileCopy.Checkpoint) throws {
        struct Injected: Error {}
        let scene = try CopyScene()
        let source = try scene.source()
        let error = H.expectError(.checkpointFailed) {
            try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) { reached in
                if reached == point { throw Injected() }
            }
        }
        #expect(error?.key == point.rawValue)
        #expect(H.listing(scene.inbox).isEmpty, "nothing is left after a failure at \(point)")
    }

    @Test("a HandOverError thrown by a checkpoint passes through (simulated full disk)")
    func simulatedFullDisk() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        H.expectError(.noSpace) {
            try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) { point in
                if point == .afterDataWritten { throw HandOverError(.noSpace, reason: "simulated") }
            }
        }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("every checkpoint is reached in order on success, the temporary file in place meanwhile")
    func checkpointOrder() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        var reached: [AtomicFileCopy.Checkpoint] = []
        var temporaryNames: [String] = []
        _ = try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) { point in
            reached.append(point)
            if point == .afterTemporaryCreated { temporaryNames = H.listing(scene.inbox) }
        }
        #expect(reached == AtomicFileCopy.Checkpoint.allCases)
        #expect(temporaryNames.count == 1)
        #expect(temporaryNames.first?.hasPrefix(".report.pdf.openwith-") == true)
    }

    @Test("a source that grows during the copy is detected")
    func sourceGrows() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        H.expectError(.sourceChanged) {
            try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) { point in
                if point == .afterTemporaryCreated {
                    let handle = FileHandle(forWritingAtPath: source)!
                    handle.seekToEndOfFile()
                    handle.write(Data([1, 2, 3]))
                    try handle.close()
                }
            }
        }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a source that shrinks during the copy is detected (short read)")
    func sourceShrinks() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        H.expectError(.sourceChanged) {
            try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) { point in
                if point == .afterTemporaryCreated { #expect(truncate(source, 10) == 0) }
            }
        }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a source rewritten in place with the same size is detected by its times")
    func sourceRewritten() throws {
        let scene = try CopyScene()
        let source = try scene.source()
        H.expectError(.sourceChanged) {
            try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) { point in
                if point == .afterDataWritten {
                    // Rewrite, then set an old mtime so the change shows even with coarse clocks.
                    let handle = FileHandle(forWritingAtPath: source)!
                    handle.write(Data([0xAA]))
                    try handle.close()
                    var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
                    #expect(utimensat(AT_FDCWD, source, &times, 0) == 0)
                }
            }
        }
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("an item created under the chosen name during the copy is not replaced")
    func racingCreator() throws {
        let scene = try CopyScene()
        let source = try scene.source("doc.txt", bytes: Array("mine".utf8))
        let copied = try AtomicFileCopy().copy(from: source, toFolder: scene.inbox) { point in
            if point == .afterSync {
                _ = FileManager.default.createFile(atPath: scene.inbox + "/doc.txt", contents: Data("theirs".utf8))
            }
        }
        #expect(copied.name == "doc-1.txt")
        #expect(String(decoding: H.contents(scene.inbox + "/doc.txt"), as: UTF8.self) == "theirs")
        #expect(String(decoding: H.contents(copied.path), as: UTF8.self) == "mine")
        #expect(H.listing(scene.inbox) == ["doc-1.txt", "doc.txt"])
    }

    @Test("RLIMIT_FSIZE exceeded in a child process: fileTooLarge and nothing left")
    func fileSizeLimit() throws {
        let scene = try CopyScene()
        let source = try scene.source("big.bin", bytes: ByteFixtures.pseudoRandom(count: 1 << 20, seed: 3))
        // Warm up the code path in the parent so the child does not instantiate runtime metadata.
        let warm = try AtomicFileCopy().copy(from: source, toFolder: scene.directory.path("src"), as: "warm.bin")
        #expect(warm.size == 1 << 20)
        let inbox = scene.inbox

        let child = fork()
        if child == 0 {
            // Child: only the copy and async-signal-safe calls, then _exit.
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: 64 * 1024, rlim_max: 64 * 1024)
            if setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) != 0 { _exit(10) }
            do {
                _ = try AtomicFileCopy().copy(from: source, toFolder: inbox)
                _exit(11)
            } catch {
                _exit(error.code == .fileTooLarge ? 0 : 12)
            }
        }
        #expect(child > 0)
        var status: Int32 = 0
        var finished = false
        for _ in 0..<600 {  // up to 60 s
            if waitpid(child, &status, WNOHANG) == child {
                finished = true
                break
            }
            usleep(100_000)
        }
        if !finished {
            kill(child, SIGKILL)
            _ = waitpid(child, &status, 0)
        }
        #expect(finished, "the child finished")
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        #expect(exited && code == 0, "child exit status \(status): 10 setrlimit, 11 no error, 12 other error")
        #expect(H.listing(inbox).isEmpty)
    }
}

@Suite("AtomicFileCopy.move")
struct AtomicFileMoveTests {
    @Test("a move within a file system renames and applies the mode")
    func renameMove() throws {
        let scene = try CopyScene()
        let bytes = ByteFixtures.pseudoRandom(count: 10_000, seed: 9)
        let source = try scene.source("photo.jpg", bytes: bytes)
        let digest = try H.sha256sum(source)
        let moved = try AtomicFileCopy().move(from: source, toFolder: scene.inbox)
        #expect(moved.transfer == .renamed)
        #expect(moved.name == "photo.jpg")
        #expect(moved.sha256 == digest)
        #expect(!FileManager.default.fileExists(atPath: source))
        #expect(H.contents(moved.path) == bytes)
        #expect(H.mode(moved.path) == 0o444)
    }

    @Test("a move picks a free name")
    func moveCollision() throws {
        let scene = try CopyScene()
        let first = try scene.source("a.txt", bytes: [1])
        _ = try AtomicFileCopy().copy(from: first, toFolder: scene.inbox)
        #expect(try AtomicFileCopy().move(from: first, toFolder: scene.inbox).name == "a-1.txt")
    }

    @Test("a failure after the rename moves the file back")
    func moveRollback() throws {
        struct Injected: Error {}
        let scene = try CopyScene()
        let source = try scene.source("keep.txt", bytes: [7, 7])
        let before = H.mode(source)
        H.expectError(.checkpointFailed) {
            try AtomicFileCopy().move(from: source, toFolder: scene.inbox) {
                if $0 == .afterRename { throw Injected() }
            }
        }
        #expect(H.contents(source) == [7, 7])
        #expect(H.mode(source) == before)
        #expect(H.listing(scene.inbox).isEmpty)
    }

    @Test("a symbolic link is not moved")
    func moveSymlink() throws {
        let scene = try CopyScene()
        let target = try scene.source()
        let link = scene.directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        H.expectError(.symlinkRefused) { try AtomicFileCopy().move(from: link, toFolder: scene.inbox) }
        #expect(FileManager.default.fileExists(atPath: link))
    }

    static var sharedMemoryIsAnotherFileSystem: Bool {
        var shm = stat()
        var tmp = stat()
        guard stat("/dev/shm", &shm) == 0, stat(NSTemporaryDirectory(), &tmp) == 0 else { return false }
        return shm.st_dev != tmp.st_dev && access("/dev/shm", W_OK) == 0
    }

    @Test(
        "a move across file systems copies, then removes the source",
        .enabled(if: sharedMemoryIsAnotherFileSystem, "needs /dev/shm on a file system other than the temporary folder")
    )
    func crossDeviceMove() throws {
        let scene = try CopyScene()
        let source = "/dev/shm/openwith-move-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).bin"
        let bytes = ByteFixtures.pseudoRandom(count: 50_000, seed: 11)
        #expect(FileManager.default.createFile(atPath: source, contents: Data(bytes)))
        defer { unlink(source) }
        let moved = try AtomicFileCopy().move(from: source, toFolder: scene.inbox, as: "moved.bin")
        #expect(moved.transfer == .copied)
        #expect(!FileManager.default.fileExists(atPath: source))
        #expect(H.contents(moved.path) == bytes)
        #expect(H.listing(scene.inbox) == ["moved.bin"])
    }

    @Test("a kernel pseudo-file, which reports size 0, is copied whole, not refused as grown")
    func pseudoFileIsCopiedWhole() throws {
        let scene = try CopyScene()
        let copied = try AtomicFileCopy().copy(from: "/proc/self/status", toFolder: scene.inbox, as: "status.txt")
        let bytes = H.contents(copied.path)
        #expect(copied.size > 0 && copied.size == Int64(bytes.count))
        #expect(bytes.starts(with: Array("Name:".utf8)), "a process status opens with its name")
        #expect(copied.sha256 == (try H.sha256sum(copied.path)))
        #expect(H.listing(scene.inbox) == ["status.txt"])
    }
}
