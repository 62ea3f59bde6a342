import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// `openwith default …`: the user's default apps.
struct DefaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "default",
        abstract: "Set, show or unset default apps for a type, an extension, a URL scheme or a file.",
        discussion: """
            A default for a type, an extension, a MIME type or a scheme, for any role, made for an \
            app with a desktop-file id, is written to $XDG_CONFIG_HOME/mimeapps.list, where \
            xdg-open, GIO and xdg-mime read it too. Defaults for a role, a single file or an app \
            registered from an Info.plist live in the catalog.
            """,
        subcommands: [Set.self, Show.self, Unset.self]
    )

    /// Where a default lives, as printed.
    struct Place: Encodable {
        let place: String, file: String?, mimeTypes: [String]?

        init(_ location: DefaultLocation) {
            switch location {
            case .catalog: (place, file, mimeTypes) = ("catalog", nil, nil)
            case .mimeAppsList(let path, let types): (place, file, mimeTypes) = ("mimeapps.list", path, types)
            }
        }
    }

    /// `openwith default set TYPE APP`
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set",
            abstract: "Make APP the default for a type (public.png), an extension (.png), a MIME type (image/png), a scheme (mailto:) or --file PATH.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "Type, .extension, MIME type, scheme: or a file with --file.") var target: String
        @Argument(help: "The app id.") var app: String
        @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
        @Flag(help: "TARGET is a file path: a per-file override.") var file = false
        @Flag(help: "Set it even if the app does not claim the type or scheme.") var force = false
        @Flag(help: "Print JSON.") var json = false

        struct Output: Encodable { let target: String, scope: String, key: String, role: String, app: String, location: Place }

        func run() throws {
            let opened = try catalog.open()
            let parsed = try DefaultTarget(parsing: target, isFile: file, graph: try opened.snapshot().graph)
            let location = try opened.setDefault(
                scope: parsed.scope, key: parsed.key, role: role, appID: app, force: force, environment: ProcessEnvironment.current)
            if json {
                try JSONOutput.print(Output(target: target, scope: parsed.scope.rawValue, key: parsed.key, role: role.rawValue, app: app, location: Place(location)))
            } else {
                print("\(parsed.scope.rawValue) \(parsed.key) (\(role.rawValue)) → \(app), in \(location)")
            }
        }
    }

    /// `openwith default unset TYPE`
    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unset",
            abstract: "Remove the default for a type, extension, MIME type, scheme or --file PATH: from the catalog and from your mimeapps.list.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "Type, .extension, MIME type, scheme: or a file with --file.") var target: String
        @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
        @Flag(help: "TARGET is a file path.") var file = false
        @Flag(help: "Print JSON.") var json = false

        struct Output: Encodable { let target: String, scope: String, key: String, role: String, removed: Bool }

        func run() throws {
            let opened = try catalog.open()
            let parsed = try DefaultTarget(parsing: target, isFile: file, graph: try opened.snapshot().graph)
            let removed = try opened.removeDefault(scope: parsed.scope, key: parsed.key, role: role, environment: ProcessEnvironment.current)
            if json {
                try JSONOutput.print(Output(target: target, scope: parsed.scope.rawValue, key: parsed.key, role: role.rawValue, removed: removed))
            } else {
                print(removed ? "\(parsed.key) (\(role.rawValue)): default removed" : "\(parsed.key) (\(role.rawValue)): no default was set")
            }
            if !removed { throw ExitStatus.nothingFound }
        }
    }

    /// `openwith default show TYPE`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the default app for a type, extension, MIME type, scheme or --file PATH.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "Type, .extension, MIME type, scheme: or a file with --file.") var target: String
        @Option(help: "viewer, editor, shell or any.") var role: RequestedRole = .any
        @Flag(help: "TARGET is a file path.") var file = false
        @Flag(help: "Also say where each default is recorded: the catalog or which mimeapps.list.") var explain = false
        @Flag(help: "Print JSON.") var json = false

        struct Source: Encodable { let app: String, role: String, location: Place }
        struct Output: Encodable {
            let target: String, scope: String, key: String, role: String, app: String?, name: String?, reason: String?
            let sources: [Source]?
        }

        func run() throws {
            let lookup = HandlerLookup(snapshot: try catalog.snapshot(), desktops: ProcessEnvironment.desktops)
            let parsed = try DefaultTarget(parsing: target, isFile: file, graph: lookup.snapshot.graph)
            let found = lookup.defaultHandler(for: parsed, role: role)
            let sources = explain ? lookup.snapshot.defaultSources(scope: parsed.scope, key: parsed.key, role: role) : nil
            if json {
                try JSONOutput.print(Output(
                    target: target, scope: parsed.scope.rawValue, key: parsed.key, role: role.rawValue, app: found?.app.id, name: found?.app.name,
                    reason: found?.reason, sources: sources?.map { Source(app: $0.appID, role: $0.role.rawValue, location: Place($0.location)) }))
            } else {
                print(found.map { "\(parsed.key): \($0.app.name) (\($0.app.id)) — \($0.reason)" } ?? "\(parsed.key): no default")
                if let sources { printSources(sources, key: parsed.key) }
            }
            if found == nil { throw ExitStatus.nothingFound }
        }

        private func printSources(_ sources: [DefaultSource], key: String) {
            guard !sources.isEmpty else {
                print("  no default is recorded for \(key): the app above is chosen by ranking")
                return
            }
            print("  defaults recorded for \(key), in the order they count:")
            for source in sources {
                switch source.location {
                case .catalog: print("  - the catalog (\(source.role.rawValue)): \(source.appID)")
                case .mimeAppsList(let path, let types): print("  - \(path): \(types.joined(separator: ", "))=\(source.appID)")
                }
            }
        }
    }
}
