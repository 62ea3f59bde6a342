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
    @Argument(help: "Files.") var files: [String]
    @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
    @Flag(help: "Also list fallback handlers of rank None and role None.") var all = false
    @Flag(help: "Say why each app is listed, and why others are not.") var explain = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file") }
    }

    func run() throws {
        let snapshot = try catalog.snapshot()
        let resolver = TypeResolver(graph: snapshot.graph)
        let ranking = HandlerRanking(snapshot: snapshot, desktops: ProcessEnvironment.desktops)
        var reports: [HandlerReport] = []
        var status = ExitStatus.ok
        for file in files {
            do {
                let resolution = try resolver.resolve(path: file)
                let list = ranking.handlers(for: resolution.type, role: role, path: AbsolutePath.make(file), includeAll: all)
                let report = HandlerReport(type: ResolutionReport(path: file, resolution: resolution), list: list)
                if list.candidates.isEmpty { status = status.combined(with: .nothingFound) }
                if json { reports.append(report) } else { print(report.text(explain: explain)) }
            } catch {
                writeStandardError("openwith: \(error)\n")
                status = status.combined(with: .badInput)
            }
        }
        if json { try JSONOutput.print(reports) }
        if status.code != 0 { throw status }
    }
}

extension RequestedRole: ExpressibleByArgument {}
