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
        let resolver = TypeResolver(graph: try catalog.graph())
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
        guard arguments.first == "type" else { return nil }
        var files: [String] = []
        var mode = ResolutionOptions.Mode.nameAndContent
        var follows = true
        var explain = false
        var json = false
        var catalogPath: String?
        var index = 1
        var onlyFiles = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
                files.append(argument)
                continue
            }
            switch argument {
            case "--": onlyFiles = true
            case "--json": json = true
            case "--explain", "-v": explain = true
            case "--no-follow": follows = false
            case "--name-only":
                guard mode == .nameAndContent else { return nil }
                mode = .nameOnly
            case "--content-only":
                guard mode == .nameAndContent else { return nil }
                mode = .contentOnly
            case "--catalog":
                guard index < arguments.count else { return nil }
                catalogPath = arguments[index]
                index += 1
            default: return nil
            }
        }
        guard !files.isEmpty else { return nil }
        self.init(
            catalog: CatalogAccess(explicitPath: catalogPath), files: files,
            options: ResolutionOptions(mode: mode, followsSymlinks: follows), explain: explain, json: json)
    }

    init(catalog: CatalogAccess, files: [String], options: ResolutionOptions, explain: Bool, json: Bool) {
        self.catalog = catalog
        self.files = files
        self.options = options
        self.explain = explain
        self.json = json
    }
}
