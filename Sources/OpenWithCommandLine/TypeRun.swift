package import ContentSniffing
import UniformTypes

/// The work of `openwith type FILE...`, shared by the parsed command of the full command set and
/// the front executable, which answers its plain forms without the argument parser.
package struct TypeRun {
    /// How each file's answer is printed.
    package enum Format {
        /// The resolution with its type, MIME type and description (and the evidence).
        case report(explain: Bool)
        /// All resolutions as one JSON array, written by `write` (the full command set's JSON
        /// encoder; the front executable hands `--json` over to it).
        case json(write: ([ResolutionReport]) throws -> Void)
        /// The MIME type alone per line, as `xdg-mime query filetype` prints it.
        case sharedMIMEType
        /// `FILE: MIME` (or the MIME type alone, `brief`), as `file --mime-type` prints it: an
        /// empty file is `inode/x-empty` there, not shared-mime-info's `application/x-zerosize`.
        case fileMIMEType(brief: Bool)
    }

    /// The catalog whose type graph answers.
    package let catalog: CatalogAccess
    /// The files (`-`: standard input).
    package let files: [String]
    /// Name, content or both, and whether links are followed.
    package let options: ResolutionOptions
    /// How the answers are printed.
    package let format: Format

    /// Prints each file's type; throws the worst exit status when a file failed.
    package func run() throws {
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
        if case .json(let write) = format { try write(reports) }
        if status.code != 0 { throw status }
    }

    /// `openwith type [--explain|-v] [--name-only|--content-only] [--no-follow] [--mime-type]
    /// [--brief|-b] [-L] [--catalog P] FILE...`, recognised without the argument parser; `nil`
    /// for anything else (`--json` included), which the full command set parses.
    package init?(arguments: [String]) {
        guard arguments.first == "type",
            let plain = PlainArguments(
                arguments.dropFirst(),
                flags: ["--explain", "-v", "--no-follow", "--name-only", "--content-only", "--mime-type", "--brief", "-b", "-L", "-Lb", "-bL"],
                options: ["--catalog"])
        else { return nil }
        let nameOnly = plain.flags.contains("--name-only")
        let contentOnly = plain.flags.contains("--content-only")
        if nameOnly && contentOnly { return nil }
        let mimeType = plain.flags.contains("--mime-type")
        let brief = plain.flags.contains { ["--brief", "-b", "-Lb", "-bL"].contains($0) }
        self.init(
            catalog: CatalogAccess(explicitPath: plain[option: "--catalog"]), files: plain.files,
            options: ResolutionOptions(
                mode: nameOnly ? .nameOnly : contentOnly ? .contentOnly : .nameAndContent,
                followsSymlinks: !plain.flags.contains("--no-follow")),
            format: mimeType
                ? .fileMIMEType(brief: brief) : brief ? .sharedMIMEType : .report(explain: plain.flags.contains("--explain") || plain.flags.contains("-v")))
    }

    /// A run with every choice given.
    package init(catalog: CatalogAccess, files: [String], options: ResolutionOptions, format: Format) {
        self.catalog = catalog
        self.files = files
        self.options = options
        self.format = format
    }
}
