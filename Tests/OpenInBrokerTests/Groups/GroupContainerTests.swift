import DocumentCatalog
import Foundation
import Glibc
import OpenInBroker
import OpenWithTestSupport
import Testing

/// Two apps of one group (a bundle and a desktop entry, as their importers read them from real
/// files) and one app outside it.
struct GroupContainerFixture {
    let folder = TemporaryDirectory("group-container")
    let catalog: DocumentCatalog
    let broker: HandOverBroker
    static let suite = "group.org.example.suite"

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
        broker = try HandOverBroker(catalog: catalog, launcher: HandlerLauncher(dryRun: true))
        _ = try folder.write("apps/Mail.app/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.mail</string>
              <key>CFBundleName</key><string>Mail</string>
              <key>com.apple.security.application-groups</key><array><string>\(Self.suite)</string></array>
            </dict></plist>
            """)
        let notes = try folder.write("applications/notes.desktop", text: """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Exec=/bin/true %f
            X-OpenWith-App-Groups=\(Self.suite);
            """)
        let other = try folder.write("applications/other.desktop", text: "[Desktop Entry]\nType=Application\nName=Other\nExec=/bin/true\n")
        try catalog.register([
            try InfoPlistImporter.registration(path: folder.path("apps/Mail.app")).0,
            try DesktopEntryImporter.registration(path: notes, applicationsFolder: folder.path("applications")).0,
            try DesktopEntryImporter.registration(path: other, applicationsFolder: folder.path("applications")).0,
        ])
    }

    var expectedRoot: String { folder.path("data/group-containers/\(Self.suite)") }

    func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }
}

@Suite("Group containers")
struct GroupContainerTests {
    @Test("A member gets one shared folder under the catalog's data folder, private, made once and recorded")
    func memberGetsContainer() throws {
        let fixture = try GroupContainerFixture()
        let forMail = try fixture.broker.groupContainer(groupID: GroupContainerFixture.suite, appID: "org.example.mail")
        #expect(forMail.root == fixture.expectedRoot)
        #expect(fixture.mode(forMail.root) == 0o700)
        _ = try fixture.folder.write("data/group-containers/\(GroupContainerFixture.suite)/shared.db", text: "rows")
        let forNotes = try fixture.broker.groupContainer(groupID: "GROUP.ORG.EXAMPLE.SUITE", appID: "notes.desktop")
        #expect(forNotes.root == forMail.root)
        #expect(try String(contentsOfFile: forNotes.root + "/shared.db", encoding: .utf8) == "rows")
        #expect(try fixture.catalog.appGroup(id: GroupContainerFixture.suite).container?.folder == fixture.expectedRoot)
        let creations = try fixture.catalog.appGroupHistory(groupID: GroupContainerFixture.suite).filter { $0.action == "group-container-create" }
        #expect(creations.count == 1)
    }

    @Test("A non-member, an unknown app and an undeclared group are refused with a reason, before anything is made")
    func refusals() throws {
        let fixture = try GroupContainerFixture()
        let outsider = try #require(throws: HandOverError.self) {
            try fixture.broker.groupContainer(groupID: GroupContainerFixture.suite, appID: "other.desktop")
        }
        #expect(outsider.code == .notAGroupMember)
        #expect(outsider.reason.contains("other.desktop is not a member of group.org.example.suite (members: notes.desktop, org.example.mail)"))
        let undeclared = try #require(throws: HandOverError.self) {
            try fixture.broker.groupContainer(groupID: "group.org.example.nobody", appID: "org.example.mail")
        }
        #expect(undeclared.code == .notAGroupMember)
        #expect(undeclared.reason.contains("no app declares this group"))
        let unknown = try #require(throws: HandOverError.self) {
            try fixture.broker.groupContainer(groupID: GroupContainerFixture.suite, appID: "org.example.mial")
        }
        #expect(unknown.code == .unknownApp)
        #expect(fixture.mode(fixture.folder.path("data/group-containers")) == nil)
    }

    @Test("Ids with /, .. or control characters are refused and nothing is made", arguments: ["../escape", "group/x", "..", "group.\u{1B}[31m", "group..x"])
    func badIDs(id: String) throws {
        let fixture = try GroupContainerFixture()
        let error = try #require(throws: HandOverError.self) { try fixture.broker.groupContainer(groupID: id, appID: "org.example.mail") }
        #expect(error.code == .invalidName)
        #expect(fixture.mode(fixture.folder.path("data/group-containers")) == nil)
        #expect(fixture.mode(fixture.folder.path("escape")) == nil)
    }

    @Test("The container survives members leaving; with none left it is removed only when confirmed, links not followed")
    func lifecycle() throws {
        let fixture = try GroupContainerFixture()
        let root = try fixture.broker.groupContainer(groupID: GroupContainerFixture.suite, appID: "org.example.mail").root
        _ = try fixture.folder.write("data/group-containers/\(GroupContainerFixture.suite)/Library/Caches/c.bin", text: "cache")
        let outside = try fixture.folder.write("keep/precious.txt", text: "keep me")
        #expect(symlink(fixture.folder.path("keep"), root + "/link-to-keep") == 0)

        try fixture.catalog.unregister(appID: "org.example.mail")
        #expect(fixture.mode(root) == 0o700)
        let kept = try #require(throws: HandOverError.self) { try fixture.broker.removeGroupContainer(groupID: GroupContainerFixture.suite, confirmed: true) }
        #expect(kept.code == .groupHasMembers)
        #expect(kept.reason.contains("notes.desktop"))

        try fixture.catalog.unregister(appID: "notes.desktop")
        #expect(try fixture.catalog.appGroup(id: GroupContainerFixture.suite).isOrphaned)
        let unconfirmed = try #require(throws: HandOverError.self) { try fixture.broker.removeGroupContainer(groupID: GroupContainerFixture.suite, confirmed: false) }
        #expect(unconfirmed.code == .confirmationRequired)
        #expect(unconfirmed.path == root)
        #expect(fixture.mode(root + "/Library/Caches/c.bin") != nil)

        #expect(try fixture.broker.removeGroupContainer(groupID: GroupContainerFixture.suite, confirmed: true) == root)
        #expect(fixture.mode(root) == nil)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep me")
        #expect(try fixture.catalog.appGroups().isEmpty)
        let again = try #require(throws: HandOverError.self) { try fixture.broker.removeGroupContainer(groupID: GroupContainerFixture.suite, confirmed: true) }
        #expect(again.code == .notFound)
    }

    @Test("A container folder replaced by a symbolic link is refused, not followed")
    func linkedContainer() throws {
        let fixture = try GroupContainerFixture()
        let root = try fixture.broker.groupContainer(groupID: GroupContainerFixture.suite, appID: "org.example.mail").root
        #expect(rmdir(root) == 0)
        _ = try fixture.folder.write("elsewhere/file.txt", text: "x")
        #expect(symlink(fixture.folder.path("elsewhere"), root) == 0)
        let error = try #require(throws: HandOverError.self) { try fixture.broker.groupContainer(groupID: GroupContainerFixture.suite, appID: "notes.desktop") }
        #expect(error.code == .notADirectory)
        try fixture.catalog.unregister(appID: "org.example.mail")
        try fixture.catalog.unregister(appID: "notes.desktop")
        let removal = try #require(throws: HandOverError.self) { try fixture.broker.removeGroupContainer(groupID: GroupContainerFixture.suite, confirmed: true) }
        #expect(removal.code == .symlinkRefused)
        #expect(fixture.mode(fixture.folder.path("elsewhere/file.txt")) != nil)
    }
}
