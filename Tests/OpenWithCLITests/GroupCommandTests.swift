import Foundation
import OpenWithTestSupport
import Testing

/// A machine with two apps of the group `group.org.example.suite` (a desktop entry the first-use
/// import finds, and an Info.plist bundle registered by the user) and one app outside it.
private func groupFixture() throws -> CLIFixture {
    let cli = try CLIFixture()
    try cli.folder.write("xdg-data/applications/org.example.notes.desktop", text: """
        [Desktop Entry]
        Type=Application
        Name=Notes
        Exec=true %F
        MimeType=text/plain;text/markdown;
        X-OpenWith-App-Groups=group.org.example.suite;
        """)
    try cli.folder.write("xdg-data/applications/org.example.paint.desktop", text: "[Desktop Entry]\nType=Application\nName=Paint\nExec=true %f\nMimeType=image/png;\n")
    try cli.folder.write("bundles/Mail.app/Contents/Info.plist", text: """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key><string>org.example.mail</string>
            <key>CFBundleName</key><string>Mail</string>
            <key>CFBundleExecutable</key><string>Mail</string>
            <key>com.apple.security.application-groups</key>
            <array>
                <string>group.org.example.suite</string>
                <string>../../outside</string>
            </array>
        </dict>
        </plist>
        """)
    return cli
}

@Suite("openwith group: app groups and their shared containers")
struct GroupCommandTests {
    @Test("list and members show the declared groups; container gives a member the one shared path")
    func listMembersContainer() throws {
        let cli = try groupFixture()
        let registered = try cli.run("apps", "register", cli.folder.path("bundles/Mail.app"))
        #expect(registered.status == 0, "\(registered.error)")
        #expect((registered.output + registered.error).contains("../../outside"), "the refused id is reported: \(registered.output)")

        let list = try cli.run("group", "list", "--json")
        #expect(list.status == 0, "\(list.error)")
        let groups = try #require(try list.json() as? [[String: Any]])
        #expect(groups.count == 1)
        #expect(groups.first?["id"] as? String == "group.org.example.suite")
        #expect(groups.first?["members"] as? [String] == ["org.example.mail", "org.example.notes.desktop"])
        #expect(groups.first?["container"] == nil || groups.first?["container"] is NSNull)

        let members = try cli.run("group", "members", "group.org.example.suite")
        #expect(members.status == 0)
        #expect(members.output.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["org.example.mail", "org.example.notes.desktop"])
        #expect(members.output.contains(cli.folder.path("bundles/Mail.app/Contents/Info.plist")))

        let path = try cli.run("group", "container", "group.org.example.suite", "--app", "org.example.mail")
        #expect(path.status == 0, "\(path.error)")
        let root = path.output.trimmingCharacters(in: .newlines)
        #expect(root == cli.folder.path("catalog/group-containers/group.org.example.suite"))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) && isFolder.boolValue)
        let json = try cli.run("group", "container", "group.org.example.suite", "--app", "org.example.notes.desktop", "--json")
        #expect((try json.json() as? [String: Any])?["path"] as? String == root)

        let mine = try cli.run("group", "list", "--app", "org.example.paint.desktop")
        #expect(mine.status == 1)
        #expect(try cli.run("group", "list").output.contains("container: \(root)"))
    }

    @Test("A non-member, an unknown group and ids with / or .. are refused with a reason, and nothing is made")
    func refusals() throws {
        let cli = try groupFixture()
        _ = try cli.run("apps", "register", cli.folder.path("bundles/Mail.app"))
        let outsider = try cli.run("group", "container", "group.org.example.suite", "--app", "org.example.paint.desktop")
        #expect(outsider.status == 2)
        #expect(outsider.output.isEmpty)
        #expect(outsider.error.contains("org.example.paint.desktop is not a member of group.org.example.suite (members: org.example.mail, org.example.notes.desktop)"), "\(outsider.error)")
        #expect(outsider.error.contains("hint: openwith group members group.org.example.suite"))
        for id in ["../../outside", "group/x", "group.\u{7}bell"] {
            let bad = try cli.run("group", "container", id, "--app", "org.example.mail")
            #expect(bad.status == 2, "\(id): \(bad.error)")
            #expect(bad.output.isEmpty)
            for subcommand in [["members", id], ["history", id], ["remove", id, "--confirm"]] {
                let refused = try cli.run(["group"] + subcommand)
                #expect(refused.status == 2, "\(subcommand): \(refused.error)")
                #expect(refused.error.contains("an app group id must not"), "\(subcommand): \(refused.error)")
                #expect(!refused.error.unicodeScalars.contains { $0.value == 7 }, "a control character is shown escaped")
            }
        }
        let unknownApp = try cli.run("group", "container", "group.org.example.suite", "--app", "org.example.mial")
        #expect(unknownApp.status == 2)
        #expect(unknownApp.error.hasPrefix("openwith: --app org.example.mial: no app with this id is registered (did you mean org.example.mail?)"), "\(unknownApp.error)")
        let typo = try cli.run("group", "members", "group.org.example.suit")
        #expect(typo.status == 1)
        #expect(typo.error.contains("did you mean group.org.example.suite?"), "\(typo.error)")
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("catalog/group-containers")))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("outside")))
    }

    @Test("The container survives a member's removal; with the last member gone it is removed only with --confirm; every change is in history")
    func lifecycle() throws {
        let cli = try groupFixture()
        _ = try cli.run("apps", "register", cli.folder.path("bundles/Mail.app"))
        let root = try cli.run("group", "container", "group.org.example.suite", "--app", "org.example.mail").output.trimmingCharacters(in: .newlines)
        try cli.folder.write("catalog/group-containers/group.org.example.suite/Shared/drafts.sqlite", text: "drafts")

        #expect(try cli.run("apps", "unregister", "org.example.mail").status == 0)
        let keptWhileMember = try cli.run("group", "remove", "group.org.example.suite", "--confirm")
        #expect(keptWhileMember.status == 2)
        #expect(keptWhileMember.error.contains("org.example.notes.desktop"))

        // The desktop entry is uninstalled: the catalog follows the machine, and the last member leaves.
        try FileManager.default.removeItem(atPath: cli.folder.path("xdg-data/applications/org.example.notes.desktop"))
        let orphan = try cli.run("group", "members", "group.org.example.suite")
        #expect(orphan.status == 1)
        #expect(orphan.error.contains("the container is kept at \(root)"), "\(orphan.error)")
        #expect(try cli.run("group", "list").output.contains("container kept without members: \(root)"))

        let unconfirmed = try cli.run("group", "remove", "group.org.example.suite")
        #expect(unconfirmed.status == 2)
        #expect(unconfirmed.error.contains("hint: openwith group remove group.org.example.suite --confirm"), "\(unconfirmed.error)")
        #expect(FileManager.default.fileExists(atPath: root + "/Shared/drafts.sqlite"))

        let removed = try cli.run("group", "remove", "group.org.example.suite", "--confirm", "--json")
        #expect(removed.status == 0, "\(removed.error)")
        #expect((try removed.json() as? [String: String])?["removed"] == root)
        #expect(!FileManager.default.fileExists(atPath: root))

        let history = try cli.run("group", "history", "group.org.example.suite", "--json")
        let actions = try #require(try history.json() as? [[String: Any]]).map { "\($0["action"] ?? "") \($0["detail"] ?? "")" }
        #expect(actions == [
            "group-container-remove ", "group-leave org.example.notes.desktop", "group-leave org.example.mail",
            "group-container-create \(root)", "group-join org.example.mail", "group-join org.example.notes.desktop",
        ])
    }
}
