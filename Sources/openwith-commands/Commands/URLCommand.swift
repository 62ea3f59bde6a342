import ArgumentParser
import DocumentCatalog
import Glibc
import OpenInBroker
import OpenWithCommandLine

/// `openwith url URL [--from APP] [--explain]`, `url can-open`, `url configure`, `url sign`,
/// `url associate`, `url associations`, `url dissociate`.
struct URLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url", abstract: "Route URLs to the handler of their scheme, with validation, allow-lists and signatures.",
        subcommands: [Route.self, CanOpen.self, Configure.self, Sign.self, Associate.self, Associations.self, Dissociate.self], defaultSubcommand: Route.self)

    struct Route: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Validate a URL and deliver it to its scheme's handler (the default); an https URL goes to the app its domain confirms (a universal link), else to the browser.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The URL.") var url: String
        @Option(help: "The sending app.") var from: String?
        @Flag(help: "Show what would happen; deliver nothing.") var dryRun = false
        @Flag(help: "Print JSON.") var json = false
        @Flag(help: "For an https URL: show the apps that claim its domain, the domain's association file, and which pattern matched or excluded the URL.") var explain = false
        @Flag(help: "For an https URL: use only the association files the catalog holds; fetch none.") var offline = false
        struct Output: Encodable { let url: String, scheme: String, handler: String, reason: String, signatureVerified: Bool, delivery: HandlerLauncher.Delivery }

        func run() throws {
            let broker = try catalog.broker(dryRun: dryRun, sharesOutput: !json)
            if url.prefix(6).lowercased() == "https:" {
                let routed = try broker.routeUniversalLink(url, from: from, fetcher: offline ? nil : URLCommand.fetcher())
                let report = UniversalLinkReport(routed)
                if json { try JSONOutput.print(report) } else { report.printText(handlerName: routed.handler.name, explain: explain) }
                return
            }
            let routed = try broker.route(url, from: from)
            let output = Output(url: routed.url.string, scheme: routed.url.scheme, handler: routed.handler.id, reason: routed.reason, signatureVerified: routed.signatureVerified, delivery: routed.delivery)
            if json { try JSONOutput.print(output) } else {
                print("\(output.scheme): → \(TerminalOutput.field(routed.handler.name)) (\(TerminalOutput.field(output.handler))) — \(output.reason)\(output.signatureVerified ? ", signature verified" : "")")
                for command in routed.delivery.commands { print("  \(routed.delivery.dryRun ? "would run" : "ran"): \(command.map(ShellQuoting.quote).joined(separator: " "))") }
            }
        }
    }

    struct CanOpen: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "can-open", abstract: "canOpenURL: answers only for schemes the asking app declared it queries.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The URL.") var url: String
        @Option(help: "The asking app.") var app: String
        @Flag(help: "Print JSON.") var json = false
        struct Output: Encodable { let url: String, app: String, canOpen: Bool, reason: String }

        func run() throws {
            let (answer, reason) = try catalog.broker().canOpenURL(url, askingApp: app)
            if json { try JSONOutput.print(Output(url: url, app: app, canOpen: answer, reason: reason)) } else { print("\(answer ? "yes" : "no"): \(reason)") }
            if !answer { throw ExitStatus.nothingFound }
        }
    }

    struct Configure: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "configure", abstract: "Require signed requests and/or an allow-list of sources for a handler's scheme; prints the new HMAC key (hex).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The scheme.") var scheme: String
        @Option(help: "The handler app.") var app: String
        @Flag(help: "Require HMAC-SHA256 signed requests (a new 256-bit key is generated).") var requireSignature = false
        @Option(help: "An app allowed to send URLs (repeatable).") var allowSource: [String] = []
        @Flag(help: "Print JSON (the key as hex, when one was made).") var json = false
        struct Output: Encodable { let scheme: String, app: String, allowedSources: [String], signatureKey: String? }

        func run() throws {
            let key = requireSignature ? RequestSignature.newKey() : nil
            try catalog.open().configureURLHandler(appID: app, scheme: scheme, key: key, allowedSources: allowSource)
            let hex = key.map { $0.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
            if json { try JSONOutput.print(Output(scheme: scheme, app: app, allowedSources: allowSource, signatureKey: hex)); return }
            if let hex { print(hex) } else { print("configured \(scheme): for \(app)") }
        }
    }

    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sign", abstract: "Sign a URL for its scheme's handler as --from (using the handler's key from the catalog).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The URL.") var url: String
        @Option(help: "The sending app.") var from: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let signed = try catalog.broker().signURL(url, from: from)
            if json { try JSONOutput.print(["url": url, "from": from, "signedURL": signed]) } else { print(signed) }
        }
    }
}
