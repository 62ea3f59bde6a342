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
    @Argument(help: "Files to resolve; - reads standard input (resolved by its content alone).") var files: [String] = []
    @Option(name: .customLong("files-from"), help: "Also resolve the files listed in this file, one per line (- reads the list from standard input).") var filesFrom: String?
    @Flag(name: [.customLong("null"), .customShort("0")], help: "The --files-from list is NUL-separated.") var nulSeparated = false
    @Flag(help: "Use the name (and file-system kind) only; read no content.") var nameOnly = false
    @Flag(help: "Use the content (and file-system kind) only; ignore the name.") var contentOnly = false
    @Option(name: .customLong("mime"), help: "A MIME type you vouch for (an HTTP Content-Type, say).") var declaredMIMEType: String?
    @Flag(help: "Describe a symbolic link itself instead of its target.") var noFollow = false
    @Flag(name: [.customLong("explain"), .customShort("v")], help: "Show the evidence.") var explain = false
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Print `FILE: MIME` per file, as `file --mime-type` does (with -b, the MIME type only).") var mimeType = false
    @Flag(name: [.customLong("brief"), .customShort("b")], help: "Print only the MIME type of each file, one per line (as `xdg-mime query filetype`; with --mime-type, as `file --mime-type -b`).") var brief = false
    @Flag(name: .customShort("L"), help: "Follow symbolic links (the default; accepted for `file -L` compatibility).") var followLinks = false

    func validate() throws {
        if nameOnly && contentOnly { throw ValidationError("--name-only and --content-only exclude each other") }
        if json && (mimeType || brief) { throw ValidationError("--json excludes --mime-type and --brief") }
        if files.isEmpty && filesFrom == nil { throw ValidationError("give at least one file, or --files-from LIST") }
    }

    func run() throws {
        let options = ResolutionOptions(
            mode: nameOnly ? .nameOnly : contentOnly ? .contentOnly : .nameAndContent,
            declaredMIMEType: declaredMIMEType, followsSymlinks: !noFollow)
        let format: TypeRun.Format = mimeType ? .fileMIMEType(brief: brief) : brief ? .sharedMIMEType : json ? .json : .report(explain: explain)
        let files = try InputFiles.files(arguments: files, list: filesFrom, nulSeparated: nulSeparated)
        try TypeRun(catalog: catalog.access, files: files, options: options, format: format).run()
    }
}

/// The work of `openwith type FILE...`, shared by the parsed command and the fast path that
/// skips argument-parser reflection for its plain forms.
struct TypeRun {
    /// How each file's answer is printed.
    enum Format {
        /// The resolution with its type, MIME type and description (and the evidence).
        case report(explain: Bool)
        /// All resolutions as one JSON array.
        case json
        /// The MIME type alone per line, as `xdg-mime query filetype` prints it.
        case sharedMIMEType
        /// `FILE: MIME` (or the MIME type alone, `brief`), as `file --mime-type` prints it: an
        /// empty file is `inode/x-empty` there, not shared-mime-info's `application/x-zerosize`.
        case fileMIMEType(brief: Bool)
    }

    let catalog: CatalogAccess
    let files: [String]
    let options: ResolutionOptions
    let format: Format

    func run() throws {
        let resolver = TypeResolver(graph: try catalog.graph())
        ProcessLifetime.keepUntilExit(resolver)
        var reports: [ResolutionReport] = []
        var status = ExitStatus.ok
        let nameWidth = files.reduce(0) { max($0, $1 == InputFiles.standardInputName ? 10 : $1.utf8.count) }
        for file in files {
            do {
                let resolution =
                    file == InputFiles.standardInputName
                    ? resolver.resolve(bytes: try InputFiles.standardInput(), name: nil, options: options)
                    : try resolver.resolve(path: file, options: options)
                switch format {
                case .report(let explain): print(ResolutionReport(path: file, resolution: resolution).text(verbose: explain))
                case .json: reports.append(ResolutionReport(path: file, resolution: resolution))
                case .sharedMIMEType: print(resolution.mimeType)
                case .fileMIMEType(let brief):
                    let mime = resolution.mimeType == "application/x-zerosize" ? "inode/x-empty" : resolution.mimeType
                    // `file` names standard input /dev/stdin, and aligns the answers after the longest name.
                    let name = file == InputFiles.standardInputName ? "/dev/stdin" : file
                    print(brief ? mime : name + ":" + String(repeating: " ", count: max(nameWidth - name.utf8.count, 0) + 1) + mime)
                }
            } catch {
                let failure = CommandFailure(libraryError: error) ?? CommandFailure(status: .badInput, message: "\(file): \(error)")
                failure.report()
                status = status.combined(with: failure.status)
            }
        }
        if case .json = format { try JSONOutput.print(reports) }
        if status.code != 0 { throw status }
    }

    /// `openwith type [--json] [--explain|-v] [--name-only|--content-only] [--no-follow]
    /// [--mime-type] [--brief|-b] [-L] [--catalog P] FILE...`, recognised without the argument
    /// parser; `nil` for anything else.
    init?(arguments: [String]) {
        guard arguments.first == "type",
            let plain = PlainArguments(
                arguments.dropFirst(),
                flags: ["--json", "--explain", "-v", "--no-follow", "--name-only", "--content-only", "--mime-type", "--brief", "-b", "-L", "-Lb", "-bL"],
                options: ["--catalog"])
        else { return nil }
        let nameOnly = plain.flags.contains("--name-only")
        let contentOnly = plain.flags.contains("--content-only")
        if nameOnly && contentOnly { return nil }
        let mimeType = plain.flags.contains("--mime-type")
        let brief = plain.flags.contains { ["--brief", "-b", "-Lb", "-bL"].contains($0) }
        let json = plain.flags.contains("--json")
        if json && (mimeType || brief) { return nil }
        self.init(
            catalog: CatalogAccess(explicitPath: plain[option: "--catalog"]), files: plain.files,
            options: ResolutionOptions(
                mode: nameOnly ? .nameOnly : contentOnly ? .contentOnly : .nameAndContent,
                followsSymlinks: !plain.flags.contains("--no-follow")),
            format: mimeType
                ? .fileMIMEType(brief: brief) : brief ? .sharedMIMEType : json ? .json : .report(explain: plain.flags.contains("--explain") || plain.flags.contains("-v")))
    }

    init(catalog: CatalogAccess, files: [String], options: ResolutionOptions, format: Format) {
        self.catalog = catalog
        self.files = files
        self.options = options
        self.format = format
    }
}
