import ArgumentParser
import DocumentCatalog
import OpenWithCommandLine

/// `openwith apps …`: registered apps.
struct AppsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "Register, list, show and unregister apps.",
        subcommands: [Register.self, List.self, Show.self, Unregister.self]
    )

    /// `openwith apps register PATH...`
    struct Register: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "register",
            abstract: "Register apps from Info.plist files, .app folders, .desktop files or folders of them (one transaction).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "Paths.") var paths: [String]
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let opened = try catalog.open()
            let report: ImportReport
            report = try opened.registerApps(at: paths)
            let output = ImportReportOutput(report)
            if json { try JSONOutput.print(output) } else { print(output.text) }
        }
    }

    /// `openwith apps list`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List registered apps.")
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print JSON.") var json = false

        struct Row: Encodable {
            let id: String, name: String, kind: String, origin: String, source: String, version: String?, claims: Int, schemes: Int
        }

        func run() throws {
            let opened = try catalog.open()
            let apps: [AppSummary]
            apps = try opened.appSummaries()
            let rows = apps.map {
                Row(id: $0.id, name: AppRecord.localizedName($0.name, kind: $0.kind, sourcePath: $0.sourcePath, locale: ProcessEnvironment.messagesLocale), kind: $0.kind.rawValue, origin: $0.origin, source: $0.sourcePath, version: $0.version,
                    claims: $0.claimCount, schemes: $0.schemeCount)
            }
            if json { try JSONOutput.print(rows) } else {
                for row in rows {
                    print("\(TerminalOutput.field(row.id))\t\(TerminalOutput.field(row.name))\t\(row.kind)\t\(row.claims) claims\t\(row.origin)")
                }
            }
            if rows.isEmpty { throw ExitStatus.nothingFound }
        }
    }

    /// `openwith apps show ID`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one app: claims, schemes, declared types.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The app id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let opened = try catalog.open()
            let app: AppRegistration
            app = try opened.registration(appID: id)
            let output = AppOutput(app)
            if json { try JSONOutput.print(output) } else { print(output.text) }
        }
    }

    /// `openwith apps unregister ID`
    struct Unregister: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unregister", abstract: "Remove an app and its claims, types and defaults.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The app id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let opened = try catalog.open()
            try opened.unregister(appID: id)
            if json { try JSONOutput.print(["unregistered": id]) } else { print("unregistered \(id)") }
        }
    }
}
