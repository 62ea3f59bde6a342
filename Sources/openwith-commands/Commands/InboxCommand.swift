import ArgumentParser
import DocumentCatalog
import Glibc
import OpenInBroker
import OpenWithCommandLine

/// `openwith inbox list|read|delete|clean --app APP`.
struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox", abstract: "An app's inbox: list, read, delete, move out, clean.",
        subcommands: [List.self, Read.self, Delete.self, MoveOut.self, Clean.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List inbox items with their grants.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The app.") var app: String
        @Flag(help: "Print JSON.") var json = false
        struct Item: Encodable { let name: String, path: String, size: Int64, location: String, grant: GrantOutput? }

        func run() throws {
            let items = try catalog.broker().inbox(appID: app).map { Item(name: $0.name, path: $0.path, size: $0.size, location: $0.location, grant: $0.grant.map(GrantOutput.init)) }
            if json { try JSONOutput.print(items) } else {
                for item in items { print("\(TerminalOutput.field(item.location))\t\(TerminalOutput.field(item.name))\t\(item.size) bytes\t\(item.grant.map { "grant \($0.id) \($0.rights.joined(separator: "+"))" } ?? "no grant")") }
            }
        }
    }

    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "read", abstract: "Write an inbox item's bytes to standard output (needs the read right).")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The app.") var app: String
        @Argument(help: "The item's name.") var item: String

        func run() throws {
            try catalog.broker().readInboxItem(appID: app, item: item, to: 1)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an inbox item (needs the delete right) and revoke its grant.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The app.") var app: String
        @Argument(help: "The item's name.") var item: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try catalog.broker().deleteInboxItem(appID: app, item: item)
            if json { try JSONOutput.print(["deleted": item]) } else { print("deleted \(item)") }
        }
    }

    struct MoveOut: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move-out", abstract: "Move an item out of the inbox into the app's Documents, taking ownership.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The app.") var app: String
        @Argument(help: "The item's name.") var item: String

        @Flag(help: "Print JSON: the grant of the moved file.") var json = false

        func run() throws {
            let grant = GrantOutput(try catalog.broker().moveOutOfInbox(appID: app, item: item))
            if json { try JSONOutput.print(grant) } else { print(grant.text) }
        }
    }

    struct Clean: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clean", abstract: "Remove inbox items (older than --older-than, e.g. 7d, 12h, 30m, 45s) and revoke their grants.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The app.") var app: String
        @Option(help: "Only items older than this (Nd, Nh, Nm or Ns).") var olderThan: String?
        @Flag(help: "Also remove the app's own picker imports (tmp/<app>-Inbox).") var includeImports = false
        @Flag(help: "Print JSON: the items removed.") var json = false

        func run() throws {
            var age: Double?
            if let olderThan {
                guard let parsed = DurationText.seconds(olderThan) else {
                    throw CommandFailure(
                        status: .badInput, message: "--older-than: '\(olderThan)': not a duration", hint: "write a number and a unit: 7d, 12h, 30m or 45s")
                }
                age = parsed
            }
            let removed = try catalog.broker().cleanInbox(appID: app, olderThan: age, includingImports: includeImports)
            if json { try JSONOutput.print(["removed": removed.map { "\($0)" }]) } else { print("removed \(removed.count) item\(removed.count == 1 ? "" : "s")") }
        }
    }
}

/// Durations written as `7d`, `12h`, `30m`, `45s`.
enum DurationText {
    static func seconds(_ text: String) -> Double? {
        guard let unit = text.last, let value = Double(text.dropLast()), value >= 0 else { return nil }
        switch unit {
        case "d": return value * 86_400
        case "h": return value * 3_600
        case "m": return value * 60
        case "s": return value
        default: return nil
        }
    }
}
