import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// `openwith open FILE...`: open-in, each file in turn.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open files in an app: copy each into the app's inbox (read-only), grant it, deliver it.",
        discussion: "Each file is handed over on its own; one that fails is reported and the others still go. With --json, one file gives an object, several an array.")
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The files.") var files: [String]
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

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file") }
    }

    func run() throws {
        let broker = try catalog.broker(dryRun: dryRun, sharesOutput: !json)
        var outputs: [Output] = []
        var status = ExitStatus.ok
        for file in files {
            do {
                let output = try open(file, broker: broker)
                if json { outputs.append(output) }
            } catch {
                // One file that cannot be handed over does not stop the others.
                guard files.count > 1, let failure = CommandFailure(libraryError: error) else { throw error }
                failure.report()
                status = status.combined(with: failure.status)
            }
        }
        if json, files.count == 1, let output = outputs.first { try JSONOutput.print(output) } else if json { try JSONOutput.print(outputs) }
        if status.code != 0 { throw status }
    }

    /// Hands one file over, printing what happened unless the answer is JSON.
    private func open(_ file: String, broker: HandOverBroker) throws -> Output {
        let result = try broker.openIn(path: file, with: with, from: from, role: role, inPlace: inPlace, force: force)
        let output = Output(
            path: file, identifier: result.resolution.identifier.rawValue, handler: result.handler.id,
            handlerName: result.handler.record.localizedName(locale: ProcessEnvironment.messagesLocale),
            reason: result.reason, inboxPath: result.grant?.path, grantID: result.grant?.id, sha256: result.grant?.sha256,
            size: result.grant?.size, plannedFolder: result.plannedFolder, delivery: result.delivery)
        if json { return output }
        print("\(TerminalOutput.field(file)): \(output.identifier) → \(TerminalOutput.field(output.handlerName)) (\(TerminalOutput.field(output.handler))) — \(output.reason)")
        if let path = output.inboxPath { print("  copied to \(path) (grant \(output.grantID ?? 0), read + delete)") } else { print("  would copy into \(output.plannedFolder)") }
        for command in result.delivery.commands { print("  \(result.delivery.dryRun ? "would run" : "ran"): \(command.map(ShellQuoting.quote).joined(separator: " "))") }
        if result.delivery.method == "open-request" { print("  \(result.delivery.dryRun ? "would queue" : "queued") an open request for \(output.handler) (it has no program; the app takes it with `openwith requests take --app \(output.handler)`)") }
        return output
    }
}

/// Quoting for showing argument vectors to people (never used to run anything).
enum ShellQuoting {
    static func quote(_ argument: String) -> String {
        let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }
        return safe && !argument.isEmpty ? argument : "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
