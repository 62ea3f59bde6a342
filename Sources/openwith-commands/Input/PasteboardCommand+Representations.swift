import ContentSniffing
import OpenInBroker
import OpenWithCommandLine
import UniformTypes

extension PasteboardCommand {
    /// The board `--name` names, or the general board.
    static func board(_ name: String?) throws(HandOverError) -> PasteboardName {
        guard let name else { return .general }
        return try PasteboardName(name)
    }

    /// The bytes of one representation given on the command line, under its checked type.
    static func read(_ representation: PasteboardWriteArguments.Representation, graph: TypeGraph, limit: Int) throws -> PasteboardRepresentationData {
        switch representation.source {
        case .text(let text):
            return PasteboardRepresentationData(type: try checkedType(representation.type ?? "public.utf8-plain-text", graph: graph), text: text)
        case .standardInput:
            guard let type = representation.type else {
                throw CommandFailure(status: .badInput, message: "-: standard input has no name to type it by", hint: "write --type TYPE -")
            }
            return try PasteboardRepresentationData(type: checkedType(type, graph: graph), readingDescriptor: 0, limit: limit, what: "standard input")
        case .file(let path):
            let type: TypeIdentifier
            if let given = representation.type {
                type = try checkedType(given, graph: graph)
            } else {
                type = try TypeResolver(graph: graph).resolve(path: path).identifier
            }
            return try PasteboardRepresentationData(type: type, readingFile: path, limit: limit)
        }
    }

    /// A type given with `--type`.
    ///
    /// Policy: a declared type is taken; so is an undeclared identifier of an app's own domain
    /// (`com.example.notes.clip`, conforming only to itself); an undeclared `public.` or
    /// `com.apple.` identifier is refused as the typo it must be, with the type it likely meant.
    static func checkedType(_ text: String, graph: TypeGraph) throws(CommandFailure) -> TypeIdentifier {
        if let problem = TypeIdentifier.syntaxProblem(in: text) {
            throw CommandFailure(status: .badInput, message: "--type: '\(text)': \(problem)")
        }
        let identifier = TypeIdentifier(text)
        if graph[identifier] != nil { return identifier }
        let folded = identifier.folded
        if folded.hasPrefix("public.") || folded.hasPrefix("com.apple.") { return try TypeSuggestion.type(text, in: graph, option: "--type").identifier }
        return identifier
    }

    /// Runs `body`, reporting an empty board or a type nothing conforms to as nothing found.
    static func nothingFoundMapped<Result>(_ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let error as HandOverError where error.code == .pasteboardEmpty || error.code == .noConformingRepresentation {
            let failure = CommandFailure(error)
            let hint =
                error.code == .pasteboardEmpty
                ? "openwith pasteboard write --type TYPE FILE puts an item on it" : "openwith pasteboard types lists the types on the board"
            throw CommandFailure(status: .nothingFound, message: failure.message, hint: hint)
        }
    }
}

extension Array {
    /// The element at `index`, or `nil` when it is out of bounds.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
