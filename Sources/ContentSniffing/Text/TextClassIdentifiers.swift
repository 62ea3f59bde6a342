import Synchronization
import UniformTypes

/// The type identifiers of the text model's classes (and of plain text) in one graph, looked up
/// on the first classification: a process that resolves only binary files never pays for the
/// 54 lookups and the declarations they decode.
final class TextClassIdentifiers: Sendable {
    private let graph: TypeGraph
    private let looked = Mutex<(classes: [TypeIdentifier?], plainText: TypeIdentifier?)?>(nil)

    /// The identifiers of the model's classes in `graph`.
    init(_ graph: TypeGraph) { self.graph = graph }

    /// The identifier of each class, by class index: `nil` where no declared type of the graph
    /// names the class's MIME type (a graph built without that format), so that such a class
    /// never answers with a dynamic type of our own naming.
    var classes: [TypeIdentifier?] { lookedUp.classes }

    /// The identifier of `text/plain`.
    var plainText: TypeIdentifier? { lookedUp.plainText }

    private var lookedUp: (classes: [TypeIdentifier?], plainText: TypeIdentifier?) {
        looked.withLock { looked in
            if let looked { return looked }
            let found = (
                (TextClassifierModel.compiled?.classes ?? []).map { name in graph.type(mimeType: name).flatMap { $0.isDeclared ? $0.identifier : nil } },
                graph.type(mimeType: "text/plain")?.identifier
            )
            looked = found
            return found
        }
    }
}
