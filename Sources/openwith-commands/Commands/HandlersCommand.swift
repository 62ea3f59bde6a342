public import ArgumentParser
import ContentSniffing
public import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine
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
        try HandlersRun(catalog: catalog.access, files: files, role: role, all: all, explain: explain, writeJSON: json ? { try JSONOutput.print($0) } : nil).run()
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
