import ArgumentParser
import ContentSniffing
import OpenWithCommandLine
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
        let format: TypeRun.Format = mimeType ? .fileMIMEType(brief: brief) : brief ? .sharedMIMEType : json ? .json(write: { try JSONOutput.print($0) }) : .report(explain: explain)
        let files = try InputFiles.files(arguments: files, list: filesFrom, nulSeparated: nulSeparated)
        try TypeRun(catalog: catalog.access, files: files, options: options, format: format).run()
    }
}
