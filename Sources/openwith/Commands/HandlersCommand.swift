public import ArgumentParser
import ContentSniffing
public import DocumentCatalog
import OpenInBroker
import UniformTypes

/// `openwith FILE...`: what each file is and who can open it, default first.
struct HandlersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handlers",
        abstract: "Show each file's type and the apps that can open it, default first (the default command)."
    )

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "Files; - reads standard input (resolved by its content alone).") var files: [String] = []
    @Option(name: .customLong("files-from"), help: "Also the files listed in this file, one per line (- reads the list from standard input).") var filesFrom: String?
    @Flag(name: [.customLong("null"), .customShort("0")], help: "The --files-from list is NUL-separated.") var nulSeparated = false
    @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
    @Flag(help: "Also list fallback handlers of rank None and role None.") var all = false
    @Flag(help: "Say why each app is listed, and why others are not.") var explain = false
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "The options menu: preview, open-in candidates and actions, as one answer.") var options = false

    func validate() throws {
        if files.isEmpty && filesFrom == nil { throw ValidationError("give at least one file, or --files-from LIST") }
    }

    func run() throws {
        let files = try InputFiles.files(arguments: files, list: filesFrom, nulSeparated: nulSeparated)
        if options {
            try runOptionsMenu(files: files)
            return
        }
        try HandlersRun(catalog: catalog.access, files: files, role: role, all: all, explain: explain, json: json).run()
    }
}

/// The work of `openwith FILE...`, shared by the parsed command and the fast path that skips
/// argument-parser reflection for the plain invocation.
struct HandlersRun {
    let catalog: CatalogAccess
    let files: [String]
    let role: RequestedRole
    let all: Bool
    let explain: Bool
    let json: Bool

    func run() throws {
        let snapshot = try catalog.snapshot()
        ProcessLifetime.keepUntilExit(snapshot)
        // A command names few files and a ranking costs microseconds: the memo would cost more
        // to set up in a fresh process than it saves.
        let lookup = HandlerLookup(snapshot: snapshot, desktops: ProcessEnvironment.desktops, remembersAnswers: false)
        ProcessLifetime.keepUntilExit(lookup)
        var reports: [HandlerReport] = []
        var status = ExitStatus.ok
        for file in files {
            do {
                let resolution: Resolution
                let list: HandlerList
                if file == InputFiles.standardInputName {
                    // Bytes without a name or a path: no per-file default applies.
                    resolution = lookup.resolver.resolve(bytes: try InputFiles.standardInput(), name: nil)
                    list = lookup.ranking.handlers(for: resolution.type, nameType: resolution.nameType, role: role, includeAll: all)
                } else {
                    let answer = try lookup.handlers(forFileAt: file, role: role, includeAll: all)
                    (resolution, list) = (answer.resolution, answer.handlers)
                }
                let report = HandlerReport(type: ResolutionReport(path: file, resolution: resolution), list: list)
                if list.candidates.isEmpty { status = status.combined(with: .nothingFound) }
                if json { reports.append(report) } else { printStyled(report.styledLines(explain: explain)) }
            } catch {
                let failure = CommandFailure(libraryError: error) ?? CommandFailure(status: .badInput, message: "\(file): \(error)")
                failure.report()
                status = status.combined(with: failure.status)
            }
        }
        if json { try JSONOutput.print(reports) }
        if status.code != 0 { throw status }
    }

    /// The plain invocation `openwith [--json] [--explain] [--all] [--role R] [--catalog P] FILE...`,
    /// recognised without the argument parser; `nil` for anything else (which the parser handles).
    init?(arguments: [String]) {
        guard let plain = PlainArguments(arguments, flags: ["--json", "--explain", "--all"], options: ["--role", "--catalog"]),
            !CommandList.names.contains(plain.files[0])
        else { return nil }
        var role = RequestedRole.any
        if let value = plain[option: "--role"] {
            guard let parsed = RequestedRole(rawValue: value) else { return nil }
            role = parsed
        }
        self.init(
            catalog: CatalogAccess(explicitPath: plain[option: "--catalog"]), files: plain.files, role: role,
            all: plain.flags.contains("--all"), explain: plain.flags.contains("--explain"), json: plain.flags.contains("--json"))
    }

    init(catalog: CatalogAccess, files: [String], role: RequestedRole, all: Bool, explain: Bool, json: Bool) {
        self.catalog = catalog
        self.files = files
        self.role = role
        self.all = all
        self.explain = explain
        self.json = json
    }
}

extension HandlersCommand {
    struct OptionsOutput: Encodable {
        let path: String
        let type: ResolutionReport
        let preview: DocumentPreview
        let handlers: HandlerReport
        let actions: [String]
    }

    func runOptionsMenu(files: [String]) throws {
        let broker = try catalog.broker()
        var outputs: [OptionsOutput] = []
        var status = ExitStatus.ok
        for file in files {
            do throws(HandOverError) {
                let menu = try broker.options(path: file, role: role)
                let type = ResolutionReport(path: file, resolution: menu.resolution)
                let output = OptionsOutput(path: file, type: type, preview: menu.preview, handlers: HandlerReport(type: type, list: menu.handlers), actions: menu.actions)
                if json { outputs.append(output) } else {
                    print(PreviewText.render(type, menu.preview))
                    print(output.handlers.text(explain: explain).split(separator: "\n").dropFirst().joined(separator: "\n"))
                    print("  actions: \(menu.actions.joined(separator: ", "))")
                }
            } catch {
                let failure = CommandFailure(error)
                failure.report()
                status = status.combined(with: failure.status)
            }
        }
        if json { try JSONOutput.print(outputs) }
        if status.code != 0 { throw status }
    }
}

extension RequestedRole: ExpressibleByArgument {}
