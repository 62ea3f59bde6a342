import ArgumentParser
import OpenInBroker
import OpenWithCommandLine

/// `openwith requests list|take --app APP`: the open-request queue of an app without a program.
struct RequestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests", abstract: "The open requests queued for an Info.plist app without a program: list them, or take them.",
        subcommands: [List.self, Take.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the app's pending open requests (JSON), oldest first, leaving them queued.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The app.") var app: String
        @Flag(help: "Print JSON (the default for this command).") var json = false

        func run() throws {
            try JSONOutput.print(try catalog.broker().openRequests(appID: app))
        }
    }

    struct Take: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "take",
            abstract: "Print the app's pending open requests (JSON), oldest first, and remove them from the queue: no other taker gets them.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The app.") var app: String
        @Flag(help: "Print JSON (the default for this command).") var json = false

        func run() throws {
            try JSONOutput.print(try catalog.broker().takeOpenRequests(appID: app))
        }
    }
}
