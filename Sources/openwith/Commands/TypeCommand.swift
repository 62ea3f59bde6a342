import ArgumentParser
import ContentSniffing
import UniformTypes

/// `openwith type FILE...`: what each file is, with evidence.
struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Resolve files to types: name, content, extended attribute, with evidence."
    )

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "Files to resolve.") var files: [String]
    @Flag(help: "Use the name (and file-system kind) only; read no content.") var nameOnly = false
    @Flag(help: "Use the content (and file-system kind) only; ignore the name.") var contentOnly = false
    @Option(name: .customLong("mime"), help: "A MIME type you vouch for (an HTTP Content-Type, say).") var declaredMIMEType: String?
    @Flag(help: "Describe a symbolic link itself instead of its target.") var noFollow = false
    @Flag(name: [.customLong("explain"), .customShort("v")], help: "Show the evidence.") var explain = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if nameOnly && contentOnly { throw ValidationError("--name-only and --content-only exclude each other") }
        if files.isEmpty { throw ValidationError("give at least one file") }
    }

    func run() throws {
        let resolver = TypeResolver(graph: try catalog.graph())
        let options = ResolutionOptions(
            mode: nameOnly ? .nameOnly : contentOnly ? .contentOnly : .nameAndContent,
            declaredMIMEType: declaredMIMEType, followsSymlinks: !noFollow)
        var reports: [ResolutionReport] = []
        var status = ExitStatus.ok
        for file in files {
            do {
                let resolution = try resolver.resolve(path: file, options: options)
                let report = ResolutionReport(path: file, resolution: resolution)
                if json { reports.append(report) } else { print(report.text(verbose: explain)) }
            } catch {
                writeStandardError("openwith: \(error)\n")
                status = status.combined(with: .badInput)
            }
        }
        if json { try JSONOutput.print(reports) }
        if status.code != 0 { throw status }
    }
}
