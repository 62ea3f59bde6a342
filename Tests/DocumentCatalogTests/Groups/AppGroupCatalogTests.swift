import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing

/// Apps written as real files (an Info.plist bundle and desktop entries) that declare groups.
struct AppGroupFiles {
    let folder = TemporaryDirectory("app-groups")
    let catalog: DocumentCatalog

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
    }

    /// `Mail.app` declaring `groups` in its Info.plist.
    func writeMail(groups: [String]) throws -> String {
        let items = groups.map { "<string>\($0)</string>" }.joined()
        _ = try folder.write("apps/Mail.app/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>org.example.mail</string>
              <key>CFBundleName</key><string>Mail</string>
              <key>CFBundleExecutable</key><string>Mail</string>
              <key>com.apple.security.application-groups</key><array>\(items)</array>
            </dict></plist>
            """)
        return folder.path("apps/Mail.app")
    }

    /// A desktop entry `name.desktop` declaring `groups`.
    func writeDesktopEntry(_ name: String, groups: [String]) throws -> String {
        try folder.write("applications/\(name).desktop", text: """
            [Desktop Entry]
            Type=Application
            Name=\(name.capitalized)
            Exec=/bin/true %f
            MimeType=text/plain;
            X-OpenWith-App-Groups=\(groups.map { $0 + ";" }.joined())
            """)
    }

    func registerBundle(_ path: String) throws {
        let (registration, _) = try InfoPlistImporter.registration(path: path)
        try catalog.register([registration])
    }

    func registerDesktopEntry(_ path: String) throws {
        let (registration, _) = try DesktopEntryImporter.registration(path: path, applicationsFolder: folder.path("applications"))
        try catalog.register([registration])
    }

    /// The audited membership changes, oldest first, as `action group app`.
    func membershipLog() throws -> [String] {
        try catalog.auditLog(limit: 1000).reversed().filter { $0.action == "group-join" || $0.action == "group-leave" }
            .map { "\($0.action) \($0.subject) \($0.detail)" }
    }
}

@Suite("App groups in the catalog")
struct AppGroupCatalogTests {
    @Test("Apps from an Info.plist and desktop entries become members; groups list their members sorted")
    func membership() throws {
        let files = try AppGroupFiles()
        try files.registerBundle(try files.writeMail(groups: ["group.org.example.suite", "group.org.example.mail-only"]))
        try files.registerDesktopEntry(try files.writeDesktopEntry("notes", groups: ["GROUP.org.example.suite"]))
        try files.registerDesktopEntry(try files.writeDesktopEntry("calendar", groups: []))
        let groups = try files.catalog.appGroups()
        #expect(groups.map(\.id) == ["group.org.example.mail-only", "group.org.example.suite"])
        #expect(groups[1].members.map(\.appID) == ["notes.desktop", "org.example.mail"])
        #expect(groups[1].members[0].sourcePath == files.folder.path("applications/notes.desktop"))
        #expect(groups[1].members[1].name == "Mail")
        #expect(groups[1].container == nil)
        #expect(try files.catalog.appGroup(id: "Group.Org.Example.Suite").members.count == 2)
        #expect(try files.catalog.registration(appID: "org.example.mail").appGroups == ["group.org.example.mail-only", "group.org.example.suite"])
    }

    @Test("Membership changes are audited; re-registering an unchanged app audits nothing")
    func audit() throws {
        let files = try AppGroupFiles()
        let mail = try files.writeMail(groups: ["group.org.example.suite"])
        try files.registerBundle(mail)
        try files.registerBundle(mail)
        #expect(try files.membershipLog() == ["group-join group.org.example.suite org.example.mail"])
        _ = try files.writeMail(groups: ["group.org.example.archive"])
        try files.registerBundle(mail)
        #expect(try files.membershipLog() == [
            "group-join group.org.example.suite org.example.mail",
            "group-leave group.org.example.suite org.example.mail",
            "group-join group.org.example.archive org.example.mail",
        ])
        try files.catalog.unregister(appID: "org.example.mail")
        #expect(try files.membershipLog().last == "group-leave group.org.example.archive org.example.mail")
        #expect(try files.catalog.appGroups().isEmpty)
        let history = try files.catalog.appGroupHistory(groupID: "group.org.example.archive")
        #expect(history.map(\.action) == ["group-leave", "group-join"])
        #expect(history.allSatisfy { abs($0.at - Date().timeIntervalSince1970) < 600 })
    }

    @Test("A container record outlives the last member until it is forgotten, which is refused while a member remains")
    func containerRecord() throws {
        let files = try AppGroupFiles()
        try files.registerBundle(try files.writeMail(groups: ["group.org.example.suite"]))
        try files.catalog.recordGroupContainer(groupID: "group.org.example.suite", folder: "/containers/suite")
        try files.catalog.recordGroupContainer(groupID: "group.org.example.suite", folder: "/elsewhere")
        #expect(try files.catalog.appGroup(id: "group.org.example.suite").container?.folder == "/containers/suite")
        #expect(throws: CatalogError.self) { try files.catalog.forgetGroupContainer(groupID: "group.org.example.suite") }
        try files.catalog.unregister(appID: "org.example.mail")
        let orphan = try files.catalog.appGroup(id: "group.org.example.suite")
        #expect(orphan.members.isEmpty)
        #expect(orphan.isOrphaned)
        try files.catalog.forgetGroupContainer(groupID: "group.org.example.suite")
        #expect(try files.catalog.appGroups().isEmpty)
        let actions = try files.catalog.appGroupHistory(groupID: "group.org.example.suite").map(\.action)
        #expect(actions == ["group-container-remove", "group-leave", "group-container-create", "group-join"])
    }

    @Test("A registration that names a bad group id is refused with the file and the key, and nothing is stored")
    func refusedRegistration() throws {
        let files = try AppGroupFiles()
        var app = AppRegistration(id: "org.example.bad", kind: .bundle, name: "Bad", sourcePath: "/apps/Bad.plist")
        app.appGroups = ["group.org.example.ok", "../../home"]
        let error = try #require(throws: CatalogError.self) { try files.catalog.register([app]) }
        #expect(error.code == .importRefused)
        #expect(error.path == "/apps/Bad.plist")
        #expect(error.key == "com.apple.security.application-groups")
        #expect(error.reason.contains("must not contain /"))
        #expect(try files.catalog.appSummaries().isEmpty)
        #expect(try files.catalog.appGroups().isEmpty)
    }

    @Test("Unknown and malformed group ids are told apart")
    func lookups() throws {
        let files = try AppGroupFiles()
        try files.registerBundle(try files.writeMail(groups: ["group.org.example.suite"]))
        let unknown = try #require(throws: CatalogError.self) { try files.catalog.appGroup(id: "group.org.example.suit") }
        #expect(unknown.code == .notFound)
        #expect(unknown.reason.contains("did you mean group.org.example.suite?"))
        let malformed = try #require(throws: CatalogError.self) { try files.catalog.appGroup(id: "a/../b") }
        #expect(malformed.code == .invalidRequest)
    }
}
