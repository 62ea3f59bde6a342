import ArgumentParser
import DocumentCatalog
import OpenInBroker

/// `openwith open FILE`: open-in.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a file in an app: copy it into the app's inbox (read-only), grant it, deliver it.")
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The file.") var file: String
    @Option(help: "The app to open it with (default: the default handler).") var with: String?
    @Option(help: "The app handing the file over.") var from: String?
    @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
    @Flag(help: "No copy: a security-scoped grant to the original (open in place).") var inPlace = false
    @Flag(help: "Open with --with even if it does not claim the type.") var force = false
    @Flag(help: "Show what would happen; copy and launch nothing.") var dryRun = false
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        let path: String, identifier: String, handler: String, handlerName: String, reason: String
        let inboxPath: String?, grantID: Int64?, sha256: String?, size: Int64?, plannedFolder: String
        let delivery: HandlerLauncher.Delivery
    }

    func run() throws {
        let broker = try catalog.broker(dryRun: dryRun, sharesOutput: !json)
        let result: OpenInResult
        result = try broker.openIn(path: file, with: with, from: from, role: role, inPlace: inPlace, force: force)
        let output = Output(
            path: file, identifier: result.resolution.identifier.rawValue, handler: result.handler.id, handlerName: result.handler.name,
            reason: result.reason, inboxPath: result.grant?.path, grantID: result.grant?.id, sha256: result.grant?.sha256,
            size: result.grant?.size, plannedFolder: result.plannedFolder, delivery: result.delivery)
        if json { try JSONOutput.print(output); return }
        print("\(file): \(output.identifier) → \(output.handlerName) (\(output.handler)) — \(output.reason)")
        if let path = output.inboxPath { print("  copied to \(path) (grant \(output.grantID ?? 0), read + delete)") } else { print("  would copy into \(output.plannedFolder)") }
        for command in result.delivery.commands { print("  \(result.delivery.dryRun ? "would run" : "ran"): \(command.map(ShellQuoting.quote).joined(separator: " "))") }
        if result.delivery.method == "open-request" { print("  \(result.delivery.dryRun ? "would queue" : "queued") an open request for \(output.handler) (it has no program; the app takes it with `openwith requests take --app \(output.handler)`)") }
    }
}

/// Quoting for showing argument vectors to people (never used to run anything).
enum ShellQuoting {
    static func quote(_ argument: String) -> String {
        let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }
        return safe && !argument.isEmpty ? argument : "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
