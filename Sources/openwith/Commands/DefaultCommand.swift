import ArgumentParser
import DocumentCatalog
import ContentSniffing
import OpenInBroker
import UniformTypes

/// `openwith default …`: the user's default apps.
struct DefaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "default",
        abstract: "Set or show default apps for a type, an extension, a URL scheme or a file.",
        subcommands: [Set.self, Show.self]
    )

    /// What a default is for, as typed: `public.png`, `.png` / `ext:png`, `image/png`, `scheme:mailto` / `mailto:`, or a file path with `--file`.
    struct Target {
        let scope: DefaultScope
        let key: String

        static func parse(_ text: String, isFile: Bool, graph: TypeGraph) throws -> Target {
            if isFile {
                do { return Target(scope: .file, key: try PathNormalization.absolute(text)) } catch { throw CommandFailure(error) }
            }
            if text.hasPrefix("scheme:") { return Target(scope: .scheme, key: String(text.dropFirst(7)).lowercased()) }
            if text.hasSuffix(":"), !text.contains("/") { return Target(scope: .scheme, key: String(text.dropLast()).lowercased()) }
            let type: UniformType?
            if text.hasPrefix(".") || text.hasPrefix("ext:") {
                type = graph.type(filenameExtension: text.hasPrefix(".") ? String(text.dropFirst()) : String(text.dropFirst(4)))
            } else if text.contains("/") {
                type = graph.type(mimeType: text)
            } else {
                type = try? graph.type(withIdentifier: text)
            }
            guard let type else { throw CommandFailure(status: .badInput, message: "'\(text)' is not a type identifier, extension, MIME type or scheme") }
            return Target(scope: .type, key: type.identifier.rawValue)
        }
    }

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
            let snapshot: CatalogSnapshot
            do { snapshot = try opened.snapshot() } catch { throw CommandFailure(error) }
            let parsed = try Target.parse(target, isFile: file, graph: snapshot.graph)
            do { try opened.setDefault(scope: parsed.scope, key: parsed.key, role: role, appID: app, force: force) } catch {
                throw CommandFailure(error)
            }
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
            let snapshot = try catalog.snapshot()
            let parsed = try Target.parse(target, isFile: file, graph: snapshot.graph)
            let ranking = HandlerRanking(snapshot: snapshot, desktops: ProcessEnvironment.desktops)
            var found: (CatalogApp, String)?
            switch parsed.scope {
            case .scheme:
                let handlers = URLSchemeRanking(snapshot: snapshot).handlers(scheme: parsed.key)
                if let first = handlers.first { found = (first.app, first.reason) }
            case .type:
                if let type = snapshot.graph[TypeIdentifier(parsed.key)], let handler = ranking.defaultHandler(for: type, role: role) {
                    found = (handler.app, handler.reason)
                }
            case .file:
                let resolution = try? TypeResolver(graph: snapshot.graph).resolve(path: parsed.key)
                if let type = resolution?.type, let handler = ranking.defaultHandler(for: type, role: role, path: parsed.key) {
                    found = (handler.app, handler.reason)
                }
            }
            let output = Output(target: target, scope: parsed.scope.rawValue, key: parsed.key, role: role.rawValue, app: found?.0.id, name: found?.0.name, reason: found?.1)
            if json { try JSONOutput.print(output) } else {
                print(found.map { "\(parsed.key): \($0.0.name) (\($0.0.id)) — \($0.1)" } ?? "\(parsed.key): no default")
            }
            if found == nil { throw ExitStatus.nothingFound }
        }
    }
}
