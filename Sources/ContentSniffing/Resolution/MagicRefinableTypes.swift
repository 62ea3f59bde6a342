import Synchronization
import UniformTypes

/// The types some magic rule's type is a proper subtype of: the only strong answers the magic
/// rules can refine (PNG, since APNG is one; not PDF). Worked out from the graph on the first
/// question, so a process that never asks pays nothing.
final class MagicRefinableTypes: Sendable {
    private let graph: TypeGraph
    /// One flag per type of ``graph``, by ordinal, once worked out.
    private let flags = Mutex<[Bool]?>(nil)

    /// The refinable types of `graph`.
    init(_ graph: TypeGraph) { self.graph = graph }

    /// Whether some magic rule names a proper subtype of `type`; `true` for a type outside the
    /// graph (it cannot be ruled out).
    func contains(_ type: UniformType) -> Bool {
        guard let ordinal = type.ordinal else { return true }
        return flags.withLock { flags in
            if flags == nil { flags = Self.work(graph) }
            return flags![ordinal]
        }
    }

    private static func work(_ graph: TypeGraph) -> [Bool] {
        var refinable = [Bool](repeating: false, count: graph.count)
        for identifier in MagicRuleSet.freedesktopIdentifiers {
            for supertype in graph.identity(identifier).supertypes {
                if let ordinal = supertype.ordinal { refinable[ordinal] = true }
            }
        }
        return refinable
    }
}
