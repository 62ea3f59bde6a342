import ArgumentParser
import ContentSniffing
import FoundationEssentials
import OpenInBroker
import OpenWithCommandLine
import UniformTypes

/// `openwith pasteboard write|read|types|clear|list|sync`: the typed pasteboards, general and named.
struct PasteboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pasteboard", abstract: "The typed pasteboards: items in several representations, read by conformance.",
        discussion: """
            The general pasteboard is shared by everyone; named ones (--name com.example.board) persist until cleared. \
            An item holds several representations, each under a type identifier; a read asks for a type and gets \
            the representation of that type, else the one nearest below it in the type graph.
            """,
        subcommands: [Write.self, Read.self, Types.self, Clear.self, List.self, Sync.self])

    struct Write: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write", abstract: "Put one item on a pasteboard: --type TYPE FILE, --type TYPE --text TEXT, --type TYPE - (standard input), in order of preference.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The named pasteboard (default: the general one).") var name: String?
        @Flag(help: "Add the item after the board's items instead of replacing them.") var append = false
        @Option(help: "Empty the general pasteboard after this long (Nd, Nh, Nm or Ns).") var expiresIn: String?
        @Flag(help: "Keep the general pasteboard out of the desktop clipboard (pasteboard sync).") var localOnly = false
        @Flag(help: "Print JSON: the board after the write.") var json = false
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp(
                "The representations: --type TYPE FILE | --type TYPE --text TEXT | --type TYPE - ; a FILE alone takes the type it resolves to, --text alone is UTF-8 text.",
                valueName: "representation"))
        var representations: [String] = []

        func run() throws {
            let arguments = try PasteboardWriteArguments(representations)
            let board = try PasteboardCommand.board(name)
            let store = PasteboardStore(location: try catalog.access.checkedLocation())
            let graph = try catalog.graph()
            var data: [PasteboardRepresentationData] = []
            for representation in arguments.representations {
                data.append(try PasteboardCommand.read(representation, graph: graph, limit: store.limits.maximumBytes))
            }
            var expiresAfter: Int64?
            if let expiresIn {
                guard let seconds = DurationText.seconds(expiresIn) else {
                    throw CommandFailure(status: .badInput, message: "--expires-in: '\(expiresIn)': not a duration", hint: "write a number and a unit: 7d, 12h, 30m or 45s")
                }
                expiresAfter = Int64(seconds)
            }
            let options = PasteboardWriteOptions(expiresAfter: expiresAfter, isLocalOnly: localOnly, appends: append)
            let report = PasteboardReport(try store.write([PasteboardItemData(data)], to: board, options: options))
            if json { return try JSONOutput.print(report) }
            print("\(board.isGeneral ? "general pasteboard" : "pasteboard \(board)"): " + (report.itemLines.last ?? ""))
        }
    }

    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "read", abstract: "Write the best representation for a type to standard output: the exact type first, then the nearest subtype.")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The named pasteboard (default: the general one).") var name: String?
        @Option(help: "The type wanted (default: the item's first, most faithful representation).") var conformingTo: String?
        @Option(help: "Read this item (1 for the first; default: the first item that has a conforming representation).") var item: Int?
        @Flag(help: "Print JSON: the representation chosen, why, and its bytes (text, else base64).") var json = false

        func validate() throws {
            if let item, item < 1 { throw ValidationError("--item counts from 1") }
        }

        func run() throws {
            let board = try PasteboardCommand.board(name)
            let store = PasteboardStore(location: try catalog.access.checkedLocation())
            let graph = try catalog.graph()
            let contents = try store.contents(of: board)
            let index = item.map { $0 - 1 }
            var requested: TypeIdentifier = "public.data"
            if let conformingTo {
                requested = try TypeSuggestion.type(conformingTo, in: graph, option: "--conforming-to").identifier
            } else if let first = contents.items[safe: index ?? 0]?.types.first {
                requested = first
            }
            let reading = try PasteboardCommand.nothingFoundMapped { try HandOverBroker.readPasteboard(contents: contents, conformingTo: requested, item: index, graph: graph) }
            guard json else { return try contents.write(reading.match.representation, to: 1, what: "standard output") }
            let bytes = reading.data
            let isText = graph.identity(reading.match.representation.type).conforms(to: graph.identity("public.text"))
            let text = isText ? String(validating: bytes, as: UTF8.self) : nil
            try JSONOutput.print(
                PasteboardReadReport(
                    name: board.rawValue, item: reading.match.item + 1, type: reading.match.representation.type.rawValue, requested: requested.rawValue,
                    exact: reading.match.isExact, distance: reading.match.distance, bytes: bytes.count, text: text,
                    base64: text == nil ? Data(bytes).base64EncodedString() : nil))
        }
    }

    struct Types: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "types", abstract: "List the types on a pasteboard, one per line (--json: the whole board, item by item).")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The named pasteboard (default: the general one).") var name: String?
        @Flag(help: "Print JSON: the board, its options and its items.") var json = false

        func run() throws {
            let board = try PasteboardCommand.board(name)
            let contents = try PasteboardStore(location: try catalog.access.checkedLocation()).contents(of: board)
            if json { return try JSONOutput.print(PasteboardReport(contents)) }
            contents.types.forEach { print($0.rawValue) }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty a pasteboard (a named one is removed).")
        @OptionGroup var catalog: CatalogOptions
        @Option(help: "The named pasteboard (default: the general one).") var name: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let board = try PasteboardCommand.board(name)
            let held = try PasteboardStore(location: try catalog.access.checkedLocation()).clear(board)
            if json { return try JSONOutput.print(["name": board.rawValue, "cleared": held ? "items" : "nothing"]) }
            print(held ? "cleared \(board)" : "\(board) was already empty")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the pasteboards: the general one, then the named ones.")
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let store = PasteboardStore(location: try catalog.access.checkedLocation())
            let reports = try ([PasteboardName.general] + store.namedBoards()).map { PasteboardReport(try store.contents(of: $0)) }
            if json { return try JSONOutput.print(reports) }
            for report in reports {
                let summary = report.items.isEmpty ? "empty" : "\(report.items.count) item\(report.items.count == 1 ? "" : "s"), \(report.bytes) bytes: " + report.types.joined(separator: ", ")
                print("\(TerminalOutput.field(report.name))\t\(summary)")
            }
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync", abstract: "Carry the general pasteboard to the desktop clipboard or back (wl-copy/wl-paste or xclip), mapping types to MIME types.")
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "From the general pasteboard to the desktop clipboard.") var toDesktop = false
        @Flag(help: "From the desktop clipboard to the general pasteboard (replacing its items).") var fromDesktop = false
        @Flag(help: "Print JSON: what was carried, what was left and why.") var json = false

        func validate() throws {
            if toDesktop == fromDesktop { throw ValidationError("give one of --to-desktop and --from-desktop") }
        }

        func run() throws {
            let store = PasteboardStore(location: try catalog.access.checkedLocation())
            let sync = PasteboardSync(store: store, graph: try catalog.graph(), clipboard: DesktopClipboard.find(environment: ProcessEnvironment.current))
            let report = toDesktop ? try sync.toDesktop() : try sync.fromDesktop()
            if json { return try JSONOutput.print(report) }
            if let skipped = report.skipped, report.carried.isEmpty { return print("skipped: \(skipped)") }
            for mapping in report.carried { print("\(mapping.type ?? "?") -> \(mapping.target ?? "?") (\(mapping.bytes ?? 0) bytes, \(report.tool ?? ""))") }
            for mapping in report.left { print("left \(mapping.type ?? mapping.target ?? "?"): \(mapping.reason ?? "")") }
        }
    }
}
