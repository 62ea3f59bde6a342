import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// `openwith grants list [--app APP]`, `grants revoke ID`, `grants start|stop ID`.
struct GrantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grants", abstract: "List and revoke grants; start and stop security-scoped access.",
        subcommands: [List.self, Revoke.self, Start.self, Stop.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List live grants.")
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
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke a grant.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The grant id.") var id: Int64
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let broker = try catalog.broker()
            guard try broker.catalog.revokeGrant(id: id, reason: "revoked by the user") else {
                throw CommandFailure(status: .nothingFound, message: "grant \(id): no live grant has this id", hint: "openwith grants list shows the live grants")
            }
            if json { try JSONOutput.print(["revokedGrant": id]) } else { print("revoked grant \(id)") }
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start accessing a security-scoped grant.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The grant id.") var id: Int64
        @Flag(help: "Print JSON.") var json = false
        func run() throws {
            try AccessCount(grant: id, openAccesses: try catalog.broker().startAccessing(grantID: id)).print(json: json)
        }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop accessing a security-scoped grant (balances a start).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The grant id.") var id: Int64
        @Flag(help: "Print JSON.") var json = false
        func run() throws {
            try AccessCount(grant: id, openAccesses: try catalog.broker().stopAccessing(grantID: id)).print(json: json)
        }
    }

    /// How many accesses to a grant are open after a start or a stop.
    struct AccessCount: Encodable {
        let grant: Int64
        let openAccesses: Int

        func print(json: Bool) throws {
            if json { try JSONOutput.print(self) } else { OpenWithCommandLine.print("grant \(grant): \(openAccesses) open access\(openAccesses == 1 ? "" : "es")") }
        }
    }
}
