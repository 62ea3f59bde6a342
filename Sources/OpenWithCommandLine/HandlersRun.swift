import ContentSniffing
package import DocumentCatalog
import OpenInBroker
import UniformTypes

/// The work of `openwith FILE...`, shared by the parsed command of the full command set and the
/// front executable, which answers the plain invocation without the argument parser.
package struct HandlersRun {
    /// The catalog to answer from.
    package let catalog: CatalogAccess
    /// The files (`-`: standard input).
    package let files: [String]
    /// The role asked for.
    package let role: RequestedRole
    /// Whether rank None and role None claims are listed too.
    package let all: Bool
    /// Whether each app's reason, and why others are left out, is printed.
    package let explain: Bool
    /// Writes all reports as one JSON array (the full command set's JSON encoder); `nil` prints
    /// text. The front executable hands `--json` over to the full command set.
    package let writeJSON: (([HandlerReport]) throws -> Void)?

    /// Prints each file's type and handlers; throws the worst exit status when a file failed
    /// or found no handler.
    package func run() throws {
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
                if writeJSON != nil { reports.append(report) } else { printStyled(report.styledLines(explain: explain)) }
            } catch {
                let failure = CommandFailure(libraryError: error) ?? CommandFailure(status: .badInput, message: "\(file): \(error)")
                failure.report()
                status = status.combined(with: failure.status)
            }
        }
        if let writeJSON { try writeJSON(reports) }
        if status.code != 0 { throw status }
    }

    /// The plain invocation `openwith [--explain] [--all] [--role R] [--catalog P] FILE...`,
    /// recognised without the argument parser; `nil` for anything else (`--json` included), which
    /// the full command set parses.
    package init?(arguments: [String]) {
        guard let plain = PlainArguments(arguments, flags: ["--explain", "--all"], options: ["--role", "--catalog"]),
            !CommandNames.all.contains(plain.files[0])
        else { return nil }
        var role = RequestedRole.any
        if let value = plain[option: "--role"] {
            guard let parsed = RequestedRole(rawValue: value) else { return nil }
            role = parsed
        }
        self.init(
            catalog: CatalogAccess(explicitPath: plain[option: "--catalog"]), files: plain.files, role: role,
            all: plain.flags.contains("--all"), explain: plain.flags.contains("--explain"), writeJSON: nil)
    }

    /// A run with every choice given.
    package init(catalog: CatalogAccess, files: [String], role: RequestedRole, all: Bool, explain: Bool, writeJSON: (([HandlerReport]) throws -> Void)?) {
        self.catalog = catalog
        self.files = files
        self.role = role
        self.all = all
        self.explain = explain
        self.writeJSON = writeJSON
    }
}
