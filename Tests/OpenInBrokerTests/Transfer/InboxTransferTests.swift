import DocumentCatalog
import Foundation
import GRDB
import OpenInBroker
import OpenWithTestSupport
import Synchronization
import Testing

/// Whether this machine has a second file system for the temporary folder's files to cross to.
private let hasOtherFileSystem = TemporaryDirectory.onOtherFileSystem("probe") != nil

/// The names in `folder` a user sees (not the hidden staging folder), sorted.
private func visibleNames(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}

/// Every file left in the staging folders a transfer into `root` may use.
private func stagedFiles(_ fixture: HandOverFixture, root: String) -> [String] {
    let folders = [
        fixture.folder.path("data/containers/org.example.files/tmp/.openwith-staging"), root + "/.openwith-staging",
    ]
    return folders.flatMap { folder in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { folder + "/" + $0 } }
}

@Suite("Journaled transfers: moves across file systems, rollback and recovery")
struct InboxTransferTests {
    @Test(
        "A move from another file system that fails at any step leaves the source whole", .enabled(if: hasOtherFileSystem),
        arguments: ["started", "staged", "copied", "placed"])
    func moveFromOtherFileSystemFails(step: String) throws {
        let fixture = try HandOverFixture()
        let other = try #require(TemporaryDirectory.onOtherFileSystem("transfer-source"))
        let source = try other.write("draft.txt", text: "the only copy\n")
        let root = fixture.folder.path("provider-storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
        let broker = try fixture.broker(checkpoint: { if $0 == step { throw CancellationError() } })
        #expect(throws: HandOverError.self) {
            try broker.pick(path: source, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        }
        #expect(try String(contentsOfFile: source, encoding: .utf8) == "the only copy\n")
        #expect(visibleNames(root) == [])
        #expect(stagedFiles(fixture, root: root) == [])
        #expect(try fixture.catalog.grants().isEmpty)
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test(
        "A move into a provider's storage on another file system that fails at any step puts the source back",
        .enabled(if: hasOtherFileSystem), arguments: ["started", "staged", "copied", "placed"])
    func moveToOtherFileSystemFails(step: String) throws {
        let fixture = try HandOverFixture()
        let other = try #require(TemporaryDirectory.onOtherFileSystem("provider-root"))
        let root = other.path("storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
        let broker = try fixture.broker(checkpoint: { if $0 == step { throw CancellationError() } })
        #expect(throws: HandOverError.self) {
            try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        }
        #expect(try String(contentsOfFile: fixture.document, encoding: .utf8) == "hello, inbox\n")
        #expect(visibleNames(root) == [])
        #expect(stagedFiles(fixture, root: root) == [])
        #expect(try fixture.catalog.grants().isEmpty)
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("Moves across file systems, both ways, deliver the bytes and remove the source", .enabled(if: hasOtherFileSystem))
    func movesAcrossFileSystems() throws {
        let fixture = try HandOverFixture()
        let other = try #require(TemporaryDirectory.onOtherFileSystem("both-ways"))
        let remoteRoot = other.path("storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: remoteRoot, contentTypes: [])
        let broker = try fixture.broker()
        let outbound = try broker.pick(path: fixture.document, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        #expect(outbound.path == remoteRoot + "/notes.txt")
        #expect(try String(contentsOfFile: outbound.path, encoding: .utf8) == "hello, inbox\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.document))

        let localRoot = fixture.folder.path("local-storage")
        try broker.registerProvider(appID: "org.example.files", storageRoot: localRoot, contentTypes: [])
        let source = try other.write("inbound.txt", text: "coming home\n")
        let inbound = try broker.pick(path: source, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        #expect(inbound.path == localRoot + "/inbound.txt")
        #expect(try String(contentsOfFile: inbound.path, encoding: .utf8) == "coming home\n")
        #expect(!FileManager.default.fileExists(atPath: source))
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("A move from another file system stopped after its grant was stored keeps the source until recovery removes it", .enabled(if: hasOtherFileSystem))
    func sourceRemovalIsRecovered() throws {
        let fixture = try HandOverFixture()
        let other = try #require(TemporaryDirectory.onOtherFileSystem("pending-removal"))
        let source = try other.write("draft.txt", text: "moving on\n")
        let root = fixture.folder.path("provider-storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
        let broker = try fixture.broker(checkpoint: { if $0 == "committed" { throw CancellationError() } })
        #expect(throws: HandOverError.self) {
            try broker.pick(path: source, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        }
        // Stopped as by a crash: the file is in place with its grant, and the source is still there.
        #expect(try fixture.catalog.grants().map(\.path) == [root + "/draft.txt"])
        #expect(FileManager.default.fileExists(atPath: source))
        #expect(try fixture.catalog.openTransfers().map(\.sourceDisposal) == [.pending])
        _ = try fixture.broker()  // opening a broker recovers
        #expect(!FileManager.default.fileExists(atPath: source))
        #expect(try String(contentsOfFile: root + "/draft.txt", encoding: .utf8) == "moving on\n")
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("A source changed after it was copied is kept when the move completes", .enabled(if: hasOtherFileSystem))
    func changedSourceIsKept() throws {
        let fixture = try HandOverFixture()
        let other = try #require(TemporaryDirectory.onOtherFileSystem("changed-source"))
        let source = try other.write("draft.txt", text: "first words\n")
        let root = fixture.folder.path("provider-storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
        let broker = try fixture.broker(checkpoint: { step in
            if step == "placed" { try Data("second thoughts\n".utf8).write(to: URL(fileURLWithPath: source)) }
        })
        let moved = try broker.pick(path: source, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        #expect(try String(contentsOfFile: moved.path, encoding: .utf8) == "first words\n")
        #expect(try String(contentsOfFile: source, encoding: .utf8) == "second thoughts\n")
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("Undoing a move whose source name was taken meanwhile restores the file under a free name")
    func undoNeverReplaces() throws {
        let fixture = try HandOverFixture()
        let root = fixture.folder.path("provider-storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
        let document = fixture.document
        let broker = try fixture.broker(checkpoint: { step in
            guard step == "copied" else { return }
            try Data("a newer file\n".utf8).write(to: URL(fileURLWithPath: document))
            throw CancellationError()
        })
        #expect(throws: HandOverError.self) {
            try broker.pick(path: document, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        }
        #expect(try String(contentsOfFile: document, encoding: .utf8) == "a newer file\n")
        let restored = fixture.folder.path("docs/notes-1.txt")
        #expect(try String(contentsOfFile: restored, encoding: .utf8) == "hello, inbox\n")
        #expect(visibleNames(root) == [])
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("Recovery started while a transfer runs leaves that transfer alone")
    func recoveryLeavesLiveTransfers() throws {
        let fixture = try HandOverFixture()
        let seen = Mutex<(open: Int, recovered: Int)?>(nil)
        let catalog = fixture.catalog
        let broker = try fixture.broker(checkpoint: { step in
            guard step == "copied" else { return }
            let result = try InboxTransfer.recover(catalog: catalog)
            let open = try catalog.openTransfers().count
            seen.withLock { $0 = (open, result.finished + result.rolledBack) }
        })
        let result = try broker.openIn(path: fixture.document)
        let during = try #require(seen.withLock { $0 })
        #expect(during.open == 1 && during.recovered == 0)
        let grants = try fixture.catalog.grants(appID: "viewer.desktop")
        #expect(grants.count == 1)
        #expect(grants.first?.id == result.grant?.id)
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("A move from another file system that meets a busy catalog keeps its source; recovery closes the entry later", .enabled(if: hasOtherFileSystem))
    func busyCatalogKeepsSource() throws {
        let fixture = try HandOverFixture()
        let other = try #require(TemporaryDirectory.onOtherFileSystem("busy-catalog"))
        let source = try other.write("draft.txt", text: "still mine\n")
        let root = fixture.folder.path("provider-storage")
        try fixture.broker().registerProvider(appID: "org.example.files", storageRoot: root, contentTypes: [])
        let impatient = try DocumentCatalog(location: fixture.catalog.location, busyTimeout: 0.2)
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let blocker = try DatabaseQueue(path: fixture.catalog.location.path, configuration: holding)
        let broker = try HandOverBroker(catalog: impatient, transferCheckpoint: { step in
            // Another process takes the write lock and keeps it past the busy timeout.
            if step == "staged" { try blocker.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") } }
        })
        let failure = try #require(throws: HandOverError.self) {
            try broker.pick(path: source, appID: "org.example.editor", mode: .move, provider: "org.example.files")
        }
        #expect(failure.code == .catalogFailure)
        #expect(try String(contentsOfFile: source, encoding: .utf8) == "still mine\n")
        #expect(visibleNames(root) == [])
        try blocker.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        _ = try fixture.broker()  // opening a broker recovers
        #expect(try fixture.catalog.openTransfers().isEmpty)
        #expect(stagedFiles(fixture, root: root) == [])
        #expect(try String(contentsOfFile: source, encoding: .utf8) == "still mine\n")
    }
}

@Suite("Journaled moves out of the inbox")
struct GrantedMoveTests {
    @Test("A move out of the inbox that fails after the rename puts the item back with its grant unchanged")
    func failureRestores() throws {
        let fixture = try HandOverFixture()
        let opened = try fixture.broker().openIn(path: fixture.document)
        let grant = try #require(opened.grant)
        let broker = try fixture.broker(checkpoint: { if $0 == "placed" { throw CancellationError() } })
        #expect(throws: HandOverError.self) { try broker.moveOutOfInbox(appID: "viewer.desktop", item: "notes.txt") }
        #expect(FileManager.default.fileExists(atPath: grant.path))
        #expect(try fixture.catalog.grant(id: grant.id)?.path == grant.path)
        #expect(try fixture.catalog.grant(id: grant.id)?.kind == .inbox)
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }

    @Test("A move out of the inbox killed after the rename is finished by recovery: the grant follows the file")
    func recoveryFinishes() throws {
        let fixture = try HandOverFixture()
        let opened = try fixture.broker().openIn(path: fixture.document)
        let grant = try #require(opened.grant)
        let documents = fixture.folder.path("data/containers/viewer.desktop/Documents")
        // What a process killed right after the rename leaves: an entry with the item's identity, the file moved.
        var info = stat()
        #expect(lstat(grant.path, &info) == 0)
        let entry = try fixture.catalog.beginTransfer(
            operation: .moveOut, appID: "viewer.desktop", sourcePath: grant.path, folder: documents, grantID: grant.id)
        try fixture.catalog.markTransferCopied(
            id: entry, stagedName: "notes.txt", device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            sha256: grant.sha256 ?? "")
        #expect(rename(grant.path, documents + "/notes.txt") == 0)
        _ = try fixture.broker()  // opening a broker recovers
        let moved = try #require(try fixture.catalog.grant(id: grant.id))
        #expect(moved.path == documents + "/notes.txt")
        #expect(moved.kind == .import && moved.rights == [.read, .write, .delete])
        #expect(try fixture.catalog.openTransfers().isEmpty)
    }
}
