import UniformTypes

/// The catch-all roots of a snapshot's graph — `public.data`, `public.item` and
/// `public.content` — by ordinal: claims on them are placed last by ``HandlerRanking``, and a
/// type is told from them without making or comparing types.
struct CatchAllRoots: Sendable {
    private let item: Int32
    private let data: Int32
    private let content: Int32

    /// The roots `graph` declares (a root it does not declare matches nothing).
    init(_ graph: TypeGraph) {
        (item, data, content) = graph.rootOrdinals
    }

    /// Whether the declared type `ordinal` of the graph is one of the roots.
    @inline(__always)
    func contains(ordinal: Int32) -> Bool {
        ordinal >= 0 && (ordinal == data || ordinal == item || ordinal == content)
    }

    /// Whether `type`, a type of the graph, is one of the roots (a type the graph does not
    /// declare never is).
    func contains(_ type: UniformType) -> Bool {
        guard let ordinal = type.ordinal else { return false }
        return contains(ordinal: Int32(truncatingIfNeeded: ordinal))
    }
}
