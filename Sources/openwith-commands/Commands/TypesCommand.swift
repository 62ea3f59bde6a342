import ArgumentParser
import Glibc
import OpenInBroker
import OpenWithCommandLine
import UniformTypes

/// `openwith types …`: the type graph.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Inspect the type graph: show, look up, list, draw.",
        subcommands: [Show.self, Lookup.self, List.self, Graph.self]
    )

    /// `openwith types show ID`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a type: parents, supertypes, tags, globs.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A type identifier (public.png), or a dyn. identifier.") var identifier: [String]
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let graph = try catalog.graph()
            var reports: [TypeReport] = []
            var status = ExitStatus.ok
            for text in identifier {
                do {
                    reports.append(TypeReport(try TypeSuggestion.type(text, in: graph)))
                } catch {
                    error.report()
                    status = status.combined(with: error.status)
                }
            }
            if json { try JSONOutput.print(reports) } else { reports.forEach { print($0.text) } }
            if status.code != 0 { throw status }
        }
    }

    /// `openwith types lookup --extension EXT | --mime MIME`
    struct Lookup: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "lookup",
            abstract: "Every type that claims an extension or a MIME type, preferred first.",
            discussion: "When no declared type claims the tag, the dynamic type made for it is shown and the exit code is 1.")
        @OptionGroup var catalog: CatalogOptions
        @Option(name: [.customLong("extension"), .customShort("e")], help: "A filename extension, without the dot.") var filenameExtension: String?
        @Option(name: [.customLong("mime"), .customShort("m")], help: "A MIME type; parameters are ignored.") var mime: String?
        @Option(help: "Only types conforming to this identifier.") var conformingTo: String?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if (filenameExtension == nil) == (mime == nil) { throw ValidationError("give exactly one of --extension and --mime") }
        }

        func run() throws {
            let graph = try catalog.graph()
            let supertype = try conformingTo.map { text throws(CommandFailure) in try TypeSuggestion.type(text, in: graph, option: "--conforming-to") }
            let tagClass: TagClass = filenameExtension != nil ? .filenameExtension : .mimeType
            var tag = filenameExtension ?? mime!
            if tagClass == .filenameExtension, tag.hasPrefix("."), tag.count > 1 { tag.removeFirst() }
            let found = graph.types(tag: tag, tagClass: tagClass, conformingTo: supertype)
            if !found.isEmpty {
                if json { try JSONOutput.print(found.map(TypeReport.init)) } else {
                    for (index, type) in found.enumerated() {
                        print("\(index == 0 ? "*" : " ") \(type.identifier) — \(type.localizedDescription)")
                    }
                }
                return
            }
            guard let dynamic = graph.type(tag: tag, tagClass: tagClass, conformingTo: supertype) else {
                let reason = tagClass == .mimeType ? "not a MIME type (type/subtype)" : "not a filename extension"
                throw CommandFailure(status: .badInput, message: "'\(tag)': \(reason)")
            }
            if json { try JSONOutput.print([TypeReport(dynamic)]) } else {
                print("  \(dynamic.identifier) — dynamic type, no declared type claims '\(tag)'")
            }
            throw ExitStatus.nothingFound
        }
    }

    /// `openwith types list [--conforming-to ID]`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List declared types, optionally those conforming to a type.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "Only types conforming to this identifier (itself included).") var conformingTo: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let graph = try catalog.graph()
            var types = graph.declaredTypes
            if let conformingTo {
                let supertype = try TypeSuggestion.type(conformingTo, in: graph, option: "--conforming-to")
                types = types.filter { $0.conforms(to: supertype) }
            }
            types.sort { $0.identifier < $1.identifier }
            if json { try JSONOutput.print(types.map(TypeReport.init)) } else {
                for type in types { print("\(type.identifier)\t\(type.localizedDescription)") }
            }
            if types.isEmpty { throw ExitStatus.nothingFound }
        }
    }

    /// `openwith types graph ID --format dot`
    struct Graph: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "graph",
            abstract: "Draw a type's ancestors and descendants.",
            discussion: "--format dot prints Graphviz source; --output FILE.svg or FILE.png renders it with Graphviz 'dot' when installed.")
        enum Format: String, ExpressibleByArgument, CaseIterable { case dot, text }
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A type identifier.") var identifier: String
        @Option(help: "dot or text.") var format: Format = .dot
        @Option(help: "How many levels of descendants to include.") var depth = 1
        @Option(help: "Render to this .svg or .png file with Graphviz 'dot'.") var output: String?
        @Flag(help: "Print JSON: the types drawn and their conformance edges.") var json = false

        /// The JSON form of a drawing.
        struct Output: Encodable {
            struct Edge: Encodable { let child: String, parent: String }
            let focus: String
            let types: [String]
            let edges: [Edge]
            let dot: String
            let renderedTo: String?

            init(_ drawing: TypeGraphDrawing, file: String?) {
                focus = drawing.focus.identifier.rawValue
                types = drawing.nodes.map(\.identifier.rawValue)
                edges = drawing.edges.map { Edge(child: $0.child.identifier.rawValue, parent: $0.parent.identifier.rawValue) }
                dot = drawing.dot
                renderedTo = file
            }
        }

        func run() throws {
            let graph = try catalog.graph()
            let type = try TypeSuggestion.type(identifier, in: graph)
            let drawing = TypeGraphDrawing(graph: graph, focus: type, descendantDepth: max(depth, 0))
            if let output {
                try render(drawing.dot, to: output)
                if json { try JSONOutput.print(Output(drawing, file: output)) }
                return
            }
            if json { try JSONOutput.print(Output(drawing, file: nil)) } else { print(format == .dot ? drawing.dot : drawing.text) }
        }

        private func render(_ dot: String, to output: String) throws {
            let formatName = output.hasSuffix(".png") ? "png" : output.hasSuffix(".svg") ? "svg" : nil
            guard let formatName else {
                throw CommandFailure(status: .badInput, message: "--output: \(output): not an .svg or .png file name", hint: "name the file FILE.svg or FILE.png")
            }
            let candidates: [String] = ["/usr/bin/dot", "/usr/local/bin/dot"]
            guard let dotPath = candidates.first(where: { access($0, X_OK) == 0 }) else {
                throw CommandFailure(
                    status: .badInput, message: "--output: Graphviz 'dot' is not installed", hint: "install graphviz (apt-get install graphviz), or print the source with --format dot")
            }
            let status = try ProgramSpawn(argv: [dotPath, "-T" + formatName, "-o", output]).run(input: Array(dot.utf8))
            if status != 0 { throw CommandFailure(status: .badInput, message: "\(dotPath): failed with status \(status)") }
        }
    }
}
