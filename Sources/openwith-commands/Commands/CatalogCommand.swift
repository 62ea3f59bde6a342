import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// `openwith catalog …`: the catalog itself.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Import the machine's desktop integration, show catalog facts.",
        subcommands: [ImportSystem.self, Info.self]
    )

    /// `openwith catalog import-system`
    struct ImportSystem: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-system",
            abstract: "Import desktop entries, shared-mime-info packages and mimeapps.list from the XDG folders (idempotent).")
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let opened: DocumentCatalog
            opened = try DocumentCatalog(location: catalog.access.checkedLocation())
            let report: ImportReport
            report = try opened.importSystem(environment: ProcessEnvironment.current)
            let output = ImportReportOutput(report)
            if json { try JSONOutput.print(output) } else { print(output.text) }
        }
    }

    /// `openwith catalog info`
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "info", abstract: "Where the catalog is and what it holds.")
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print JSON.") var json = false

        struct Output: Encodable {
            let path: String, dataFolder: String, readOnly: Bool, generation: Int, apps: Int, claims: Int, types: Int, appDeclaredTypes: Int
            /// When the machine's apps were last imported, RFC 3339 in UTC.
            let systemImportedAt: String?, schema: [String]
        }

        func run() throws {
            let opened = try catalog.open()
            let snapshot = try opened.snapshot()
            let output = Output(
                path: opened.location.path, dataFolder: opened.location.dataFolder, readOnly: opened.isReadOnly,
                generation: snapshot.generation, apps: snapshot.apps.count, claims: snapshot.claims.count,
                types: snapshot.graph.count, appDeclaredTypes: snapshot.graph.count - opened.systemGraph.count,
                systemImportedAt: try opened.info("system_imported_at").flatMap { Double($0) }.map { RFC3339Time.format(secondsSince1970: $0) }, schema: CatalogSchema.migrationIdentifiers)
            if json { try JSONOutput.print(output) } else {
                print("""
                    catalog:    \(output.path)\(output.readOnly ? " (read-only)" : "")
                    apps:       \(output.apps) (\(output.claims) document claims)
                    types:      \(output.types) (\(output.appDeclaredTypes) declared by apps and packages)
                    generation: \(output.generation)
                    schema:     \(output.schema.joined(separator: ", "))
                    """)
            }
        }
    }
}
