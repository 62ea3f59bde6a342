import Foundation
import OpenWithTestSupport
import Testing

@testable import OpenInBroker

private typealias H = HandOverTestHelpers

/// The `linkat` + `unlinkat` placement used where `renameat2(RENAME_NOREPLACE)` is unsupported
/// must keep the same guarantees: free names, no replacement, nothing left on failure.
@Suite("AtomicFileCopy link fallback")
struct AtomicFileCopyLinkFallbackTests {
    static func copier() -> AtomicFileCopy {
        var copier = AtomicFileCopy()
        copier.forcesLinkFallback = true
        return copier
    }

    @Test("collisions and a racing creator, with links")
    func collisionsWithLinks() throws {
        let directory = TemporaryDirectory("handover-link")
        let inbox = directory.path("Inbox")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: false)
        let source = try directory.write("src/a.txt", text: "mine")
        #expect(try Self.copier().copy(from: source, toFolder: inbox).name == "a.txt")
        let raced = try Self.copier().copy(from: source, toFolder: inbox) { point in
            if point == .afterSync {
                _ = FileManager.default.createFile(atPath: inbox + "/a-1.txt", contents: Data("theirs".utf8))
            }
        }
        #expect(raced.name == "a-2.txt")
        #expect(String(decoding: H.contents(inbox + "/a-1.txt"), as: UTF8.self) == "theirs")
        #expect(H.listing(inbox) == ["a-1.txt", "a-2.txt", "a.txt"])
        #expect(H.mode(raced.path) == 0o444)
    }

    @Test("a failure after linking removes the placed name")
    func rollbackWithLinks() throws {
        struct Injected: Error {}
        let directory = TemporaryDirectory("handover-link")
        let inbox = directory.path("Inbox")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: false)
        let source = try directory.write("src/b.txt", text: "x")
        H.expectError(.checkpointFailed) {
            try Self.copier().copy(from: source, toFolder: inbox) { if $0 == .afterRename { throw Injected() } }
        }
        #expect(H.listing(inbox).isEmpty)
    }

    @Test("a move with links removes the source name")
    func moveWithLinks() throws {
        let directory = TemporaryDirectory("handover-link")
        let inbox = directory.path("Inbox")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: false)
        let source = try directory.write("src/c.txt", text: "moved")
        let moved = try Self.copier().move(from: source, toFolder: inbox)
        #expect(moved.transfer == .renamed)
        #expect(!FileManager.default.fileExists(atPath: source))
        #expect(String(decoding: H.contents(moved.path), as: UTF8.self) == "moved")
    }
}
