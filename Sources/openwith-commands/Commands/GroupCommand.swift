import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// `openwith group list|members|container|remove|history`: app groups and their shared containers.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group", abstract: "App groups: their members and the shared container each group has.",
        discussion: """
            Apps declare the groups they belong to: com.apple.security.application-groups in an Info.plist, \
            X-OpenWith-App-Groups=ID;ID; in a desktop entry. A group's container is kept while a member remains.
            """,
        subcommands: [List.self, Members.self, Container.self, Remove.self, History.self])

    /// One group as listed.
    struct GroupRow: Encodable {
        let id: String
        let members: [String]
        let container: String?
        let containerCreated: String?
        let orphaned: Bool

        init(_ group: AppGroup) {
            id = group.id
            members = group.members.map(\.appID)
            container = group.container?.folder
            containerCreated = group.container.map { RFC3339Time.format(secondsSince1970: $0.createdAt) }
            orphaned = group.isOrphaned
        }

        var text: String {
            let count = "\(members.count) member\(members.count == 1 ? "" : "s")"
            guard let container else { return "\(id)\t\(count)\tno container yet" }
            return "\(id)\t\(count)\t\(orphaned ? "container kept without members: " : "container: ")\(container)"
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the app groups: member count and container; exit 1 when there is none.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "Only the groups this app belongs to.") var app: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let opened = try catalog.open()
            var groups = try opened.appGroups()
            if let app {
                let id = try opened.registration(appID: app).id
                groups = groups.filter { $0.hasMember(id) }
            }
            let rows = groups.map(GroupRow.init)
            if json { try JSONOutput.print(rows) } else { rows.forEach { print($0.text) } }
            if rows.isEmpty { throw ExitStatus.nothingFound }
        }
    }

    struct Members: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "members", abstract: "List the apps of one group, with the file that declares each.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The group id.") var group: String
        @Flag(help: "Print JSON.") var json = false

        struct Row: Encodable {
            let app: String, name: String, declaredIn: String, joined: String
        }

        func run() throws {
            let found = try catalog.open().appGroup(id: group)
            let rows = found.members.map {
                Row(app: $0.appID, name: $0.name, declaredIn: $0.sourcePath, joined: RFC3339Time.format(secondsSince1970: $0.joinedAt))
            }
            if json { try JSONOutput.print(rows) } else {
                for row in rows { print([row.app, row.name, row.declaredIn].map(TerminalOutput.field).joined(separator: "\t")) }
            }
            if rows.isEmpty {
                if !json, let folder = found.container?.folder {
                    writeStandardError("\(found.id): no member remains; the container is kept at \(folder) (openwith group remove \(found.id) --confirm removes it)\n")
                }
                throw ExitStatus.nothingFound
            }
        }
    }

    struct Container: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "container", abstract: "Print the path of a group's shared container, for a member app only (made on first use).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The group id.") var group: String
        @Option(help: "The app asking: it must declare the group.") var app: String
        @Flag(help: "Print JSON.") var json = false

        struct Output: Encodable {
            let group: String, app: String, path: String
        }

        func run() throws {
            let container: GroupContainer
            do {
                container = try catalog.broker().groupContainer(groupID: group, appID: app)
            } catch let error as HandOverError where error.code == .notAGroupMember {
                throw CommandFailure(status: .badInput, message: "\(group): \(error.reason)", hint: "openwith group members \(group) lists the apps that may use it")
            } catch let error as HandOverError where error.code == .unknownApp {
                throw CommandFailure(status: .badInput, message: "--app \(app): \(error.reason)", hint: "openwith apps list shows the registered apps")
            }
            if json { try JSONOutput.print(Output(group: container.groupID, app: app, path: container.root)) } else { print(container.root) }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove the shared container of a group that has no member left (needs --confirm).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The group id.") var group: String
        @Flag(help: "Confirm that the container and everything in it is deleted.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let removed: String
            do {
                removed = try catalog.broker().removeGroupContainer(groupID: group, confirmed: confirm)
            } catch let error as HandOverError where error.code == .confirmationRequired || error.code == .groupHasMembers {
                let hint = error.code == .confirmationRequired
                    ? "openwith group remove \(group) --confirm deletes \(error.path ?? "it")"
                    : "the container goes with the last member: unregister the members first (openwith apps unregister ID)"
                throw CommandFailure(status: .badInput, message: "\(group): \(error.reason)", hint: hint)
            } catch let error as HandOverError where error.code == .notFound {
                throw CommandFailure(status: .nothingFound, message: "\(group): \(error.reason)", hint: "openwith group list shows the groups and their containers")
            }
            if json { try JSONOutput.print(["group": group, "removed": removed]) } else { print("removed \(removed)") }
        }
    }

    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history", abstract: "Show a group's audited changes, newest first: members joining and leaving, its container made and removed.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The group id.") var group: String
        @Option(help: "At most this many entries.") var limit = 100
        @Flag(help: "Print JSON.") var json = false

        struct Row: Encodable {
            let at: String, action: String, group: String, detail: String
        }

        func run() throws {
            let entries = try catalog.open().appGroupHistory(groupID: group, limit: limit)
            let rows = entries.map { Row(at: RFC3339Time.format(secondsSince1970: $0.at), action: $0.action, group: $0.subject, detail: $0.detail) }
            if json { try JSONOutput.print(rows) } else { rows.forEach { print("\($0.at)\t\($0.action)\t\($0.detail)") } }
            if rows.isEmpty { throw ExitStatus.nothingFound }
        }
    }
}
