import ArgumentParser
import DocumentCatalog
import OpenInBroker

/// `openwith grants list [--app APP]`, `grants revoke ID`, `grants start|stop ID`.
struct GrantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grants", abstract: "List and revoke grants; start and stop security-scoped access.",
        subcommands: [List.self, Revoke.self, Start.self, Stop.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List live grants.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "Only this app's.") var app: String?
        @Flag(help: "Include revoked grants.") var all = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let broker = try catalog.broker()
            let grants = try broker.catalog.grants(appID: app, includeRevoked: all).map(GrantOutput.init)
            if json { try JSONOutput.print(grants) } else { grants.forEach { print($0.text) } }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a grant.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The grant id.") var id: Int64

        func run() throws {
            let broker = try catalog.broker()
            if try broker.catalog.revokeGrant(id: id, reason: "revoked by the user") { print("revoked grant \(id)") } else {
                throw CommandFailure(status: .nothingFound, message: "no live grant \(id)")
            }
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start accessing a security-scoped grant.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The grant id.") var id: Int64
        func run() throws {
            print("grant \(id): \(try catalog.broker().startAccessing(grantID: id)) open access(es)")
        }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop accessing a security-scoped grant (balances a start).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The grant id.") var id: Int64
        func run() throws {
            print("grant \(id): \(try catalog.broker().stopAccessing(grantID: id)) open access(es)")
        }
    }
}
