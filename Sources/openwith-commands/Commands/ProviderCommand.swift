import ArgumentParser
import OpenInBroker
import OpenWithCommandLine

/// `openwith provider register|grant`.
struct ProviderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "provider", abstract: "Document providers: register a storage root, grant one of its files to an app.",
        subcommands: [Register.self, Grant.self])

    struct Register: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "register", abstract: "Register an app as a document provider with a storage root.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The provider app.") var app: String
        @Option(help: "The storage root folder.") var root: String
        @Option(name: .customLong("type"), help: "A content type it holds (repeatable).") var types: [String] = []
        @Flag(help: "Print JSON.") var json = false
        struct Output: Encodable { let provider: String, storageRoot: String, contentTypes: [String] }

        func run() throws {
            try catalog.broker().registerProvider(appID: app, storageRoot: root, contentTypes: types)
            if json { try JSONOutput.print(Output(provider: app, storageRoot: root, contentTypes: types)) } else { print("\(app) provides \(root)") }
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grant", abstract: "Grant one file of the provider's storage to an app (dismissGrantingAccess(to:)).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The provider app.") var provider: String
        @Argument(help: "The file.") var file: String
        @Option(help: "The requesting app.") var to: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let grant = GrantOutput(try catalog.broker().provider(provider, grant: file, to: to))
            if json { try JSONOutput.print(grant) } else { print(grant.text) }
        }
    }
}
