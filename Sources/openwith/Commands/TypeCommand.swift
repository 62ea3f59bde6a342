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
        let options = ResolutionOptions(
            mode: nameOnly ? .nameOnly : contentOnly ? .contentOnly : .nameAndContent,
            declaredMIMEType: declaredMIMEType, followsSymlinks: !noFollow)
        try TypeRun(catalog: catalog.access, files: files, options: options, explain: explain, json: json).run()
    }
}

/// The work of `openwith type FILE...`, shared by the parsed command and the fast path that
/// skips argument-parser reflection for its plain forms.
struct TypeRun {
    let catalog: CatalogAccess
    let files: [String]
    let options: ResolutionOptions
    let explain: Bool
    let json: Bool

    func run() throws {
        let snapshot = try catalog.snapshot()
        ProcessLifetime.keepUntilExit(snapshot)
        let resolver = TypeResolver(graph: snapshot.graph)
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

    /// `openwith type [--json] [--explain|-v] [--name-only|--content-only] [--no-follow]
    /// [--catalog P] FILE...`, recognised without the argument parser; `nil` for anything else.
    init?(arguments: [String]) {
        guard arguments.first == "type",
            let plain = PlainArguments(
                arguments.dropFirst(), flags: ["--json", "--explain", "-v", "--no-follow", "--name-only", "--content-only"],
                options: ["--catalog"])
        else { return nil }
        let nameOnly = plain.flags.contains("--name-only")
        let contentOnly = plain.flags.contains("--content-only")
        if nameOnly && contentOnly { return nil }
        self.init(
            catalog: CatalogAccess(explicitPath: plain[option: "--catalog"]), files: plain.files,
            options: ResolutionOptions(
                mode: nameOnly ? .nameOnly : contentOnly ? .contentOnly : .nameAndContent,
                followsSymlinks: !plain.flags.contains("--no-follow")),
            explain: plain.flags.contains("--explain") || plain.flags.contains("-v"), json: plain.flags.contains("--json"))
    }

    init(catalog: CatalogAccess, files: [String], options: ResolutionOptions, explain: Bool, json: Bool) {
        self.catalog = catalog
        self.files = files
        self.options = options
        self.explain = explain
        self.json = json
    }
}
