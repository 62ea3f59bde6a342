import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing

@Suite("Inbox items: every item seen, read whole, identity checked, cleaned by age")
struct InboxItemTests {
    @Test("An item whose name starts with a dot is listed, read and deleted like any other")
    func dotNamedItems() throws {
        let fixture = try HandOverFixture()
        let hidden = try fixture.folder.write("docs/.notes.txt", text: "hidden, still mine\n")
        let broker = try fixture.broker()
        _ = try broker.openIn(path: hidden)
        let items = try broker.inbox(appID: "viewer.desktop")
        #expect(items.map(\.name) == [".notes.txt"])
        #expect(try broker.readInboxItem(appID: "viewer.desktop", item: ".notes.txt") == Array("hidden, still mine\n".utf8))
        try broker.deleteInboxItem(appID: "viewer.desktop", item: ".notes.txt")
        #expect(try broker.inbox(appID: "viewer.desktop").isEmpty)
        #expect(try fixture.catalog.grants(appID: "viewer.desktop").isEmpty)
    }

    @Test("Cleaning by age keeps young items, items without a grant that are young, and the app's own imports")
    func cleanByAge() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let old = try fixture.folder.write("docs/old.txt", text: "old\n")
        let young = try fixture.folder.write("docs/young.txt", text: "young\n")
        let oldGrant = try #require(try broker.openIn(path: old).grant)
        _ = try broker.openIn(path: young)
        try SQLiteShell.run(fixture.catalog.location.path, "UPDATE grants SET created_at = 0 WHERE id = \(oldGrant.id)")
        let inbox = fixture.folder.path("data/containers/viewer.desktop/Documents/Inbox")
        try fixture.folder.write("data/containers/viewer.desktop/Documents/Inbox/dropped.txt", text: "no grant, just arrived\n")
        _ = try broker.pick(path: young, appID: "viewer.desktop", mode: .import)
        let removed = try broker.cleanInbox(appID: "viewer.desktop", olderThan: 7 * 86_400)
        #expect(removed == [inbox + "/old.txt"])
        #expect(Set(try broker.inbox(appID: "viewer.desktop").map(\.name)) == ["young.txt", "dropped.txt"])
        // Without an age everything in the inbox goes, and the imports only when asked.
        _ = try broker.cleanInbox(appID: "viewer.desktop", olderThan: nil)
        #expect(try broker.inbox(appID: "viewer.desktop").map(\.location) == ["import"])
        _ = try broker.cleanInbox(appID: "viewer.desktop", olderThan: nil, includingImports: true)
        #expect(try broker.inbox(appID: "viewer.desktop").isEmpty)
    }

    @Test("An inbox item replaced by a hard link to a file outside the container is neither read nor moved out")
    func hardLinkedItemIsRefused() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let grant = try #require(try broker.openIn(path: fixture.document).grant)
        let secret = try fixture.folder.write("private/secret.txt", text: "not for the viewer\n")
        chmod(secret, 0o600)
        #expect(unlink(grant.path) == 0)
        #expect(link(secret, grant.path) == 0)
        let read = try #require(throws: HandOverError.self) { try broker.readInboxItem(appID: "viewer.desktop", item: "notes.txt") }
        #expect(read.code == .sourceChanged)
        #expect(read.path == grant.path)
        let moved = try #require(throws: HandOverError.self) { try broker.moveOutOfInbox(appID: "viewer.desktop", item: "notes.txt") }
        #expect(moved.code == .sourceChanged)
        var info = stat()
        #expect(stat(secret, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try fixture.catalog.grant(id: grant.id)?.kind == .inbox)
    }

    @Test("An inbox item whose bytes were changed after delivery is not served")
    func changedItemIsRefused() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        let grant = try #require(try broker.openIn(path: fixture.document).grant)
        chmod(grant.path, 0o644)
        try Data("hello, INBOX\n".utf8).write(to: URL(fileURLWithPath: grant.path))
        let error = try #require(throws: HandOverError.self) { try broker.readInboxItem(appID: "viewer.desktop", item: "notes.txt") }
        #expect(error.code == .sourceChanged)
    }
}

@Suite("Inbox folders")
struct InboxFolderTests {
    @Test("An inbox folder replaced by a symbolic link is refused: nothing outside the container is listed or removed")
    func linkedInboxFolderRefused() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        _ = try broker.openIn(path: fixture.document)
        let outside = try fixture.folder.write("outside/precious.txt", text: "keep me\n")
        let inbox = fixture.folder.path("data/containers/viewer.desktop/Documents/Inbox")
        try FileManager.default.removeItem(atPath: inbox)
        try FileManager.default.createSymbolicLink(atPath: inbox, withDestinationPath: fixture.folder.path("outside"))
        let error = try #require(throws: HandOverError.self) { try broker.cleanInbox(appID: "viewer.desktop", olderThan: nil) }
        #expect(error.code == .symlinkRefused && error.path == inbox)
        #expect(throws: HandOverError.self) { try broker.inbox(appID: "viewer.desktop") }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep me\n")
    }

    @Test("A container folder above the picker inbox replaced by a symbolic link is refused too")
    func linkedTmpFolderRefused() throws {
        let fixture = try HandOverFixture()
        let broker = try fixture.broker()
        _ = try broker.pick(path: fixture.document, appID: "viewer.desktop", mode: .import)
        let outside = try fixture.folder.write("outside/viewer.desktop-Inbox/precious.txt", text: "keep me\n")
        let tmp = fixture.folder.path("data/containers/viewer.desktop/tmp")
        try FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.createSymbolicLink(atPath: tmp, withDestinationPath: fixture.folder.path("outside"))
        #expect(throws: HandOverError.self) { try broker.cleanInbox(appID: "viewer.desktop", olderThan: nil, includingImports: true) }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep me\n")
    }
}
