import ArgumentParser
import DocumentCatalog
import OpenInBroker

/// `openwith default …`: the user's default apps.
struct DefaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "default",
        abstract: "Set or show default apps for a type, an extension, a URL scheme or a file.",
        subcommands: [Set.self, Show.self]
    )

    /// `openwith default set TYPE APP`
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make APP the default for a type (public.png), an extension (.png), a MIME type (image/png), a scheme (mailto:) or --file PATH.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "Type, .extension, MIME type, scheme: or a file with --file.") var target: String
        @Argument(help: "The app id.") var app: String
        @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
        @Flag(help: "TARGET is a file path: a per-file override.") var file = false
        @Flag(help: "Set it even if the app does not claim the type or scheme.") var force = false

        func run() throws {
            let opened = try catalog.open()
            let parsed = try DefaultTarget(parsing: target, isFile: file, graph: try opened.snapshot().graph)
            try opened.setDefault(scope: parsed.scope, key: parsed.key, role: role, appID: app, force: force)
            print("\(parsed.scope.rawValue) \(parsed.key) (\(role.rawValue)) → \(app)")
        }
    }

    /// `openwith default show TYPE`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the default app for a type, extension, MIME type, scheme or --file PATH.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "Type, .extension, MIME type, scheme: or a file with --file.") var target: String
        @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
        @Flag(help: "TARGET is a file path.") var file = false
        @Flag(help: "Print JSON.") var json = false

        struct Output: Encodable { let target: String, scope: String, key: String, role: String, app: String?, name: String?, reason: String? }

        func run() throws {
            let lookup = HandlerLookup(snapshot: try catalog.snapshot(), desktops: ProcessEnvironment.desktops)
            let parsed = try DefaultTarget(parsing: target, isFile: file, graph: lookup.snapshot.graph)
            let found = lookup.defaultHandler(for: parsed, role: role)
            let output = Output(target: target, scope: parsed.scope.rawValue, key: parsed.key, role: role.rawValue, app: found?.app.id, name: found?.app.name, reason: found?.reason)
            if json { try JSONOutput.print(output) } else {
                print(found.map { "\(parsed.key): \($0.app.name) (\($0.app.id)) — \($0.reason)" } ?? "\(parsed.key): no default")
            }
            if found == nil { throw ExitStatus.nothingFound }
        }
    }
}
