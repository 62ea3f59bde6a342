import Synchronization
import UniformTypes

/// One flag per type of a graph, worked out on the first question and kept: a process that
/// never asks (a file whose answer needs no such question) pays nothing for the table.
final class LazyTypeFlags: Sendable {
    private let graph: TypeGraph
    private let make: @Sendable (TypeGraph) -> [Bool]
    private let flags = Mutex<[Bool]>([])

    /// Flags of `graph` that `make` works out, by ordinal (one per type of the graph).
    init(_ graph: TypeGraph, _ make: @escaping @Sendable (TypeGraph) -> [Bool]) {
        self.graph = graph
        self.make = make
    }

    /// The flag of `type`; `false` for a type outside the graph.
    func contains(_ type: UniformType) -> Bool {
        guard let ordinal = type.ordinal else { return false }
        return flags.withLock { flags in
            if flags.isEmpty { flags = make(graph) }
            return ordinal < flags.count && flags[ordinal]
        }
    }
}
