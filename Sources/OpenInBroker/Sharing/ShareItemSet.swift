public import UniformTypes

/// A set of share items prepared once for ranking against every extension: each item's type and
/// the category the activation rules count it in.
///
/// ```swift
/// let set = ShareItemSet(items, graph: snapshot.graph)
/// let activities = index.rank(set)
/// ```
public struct ShareItemSet: Sendable {
    /// How an activation rule's dictionary counts an item.
    enum Category: UInt8, Sendable {
        case file, image, movie, text, webURL
    }

    /// The items, in the order given.
    public let items: [ResolvedShareItem]
    /// Each item's category; a file's is its most specific (image, movie, else file).
    let categories: [Category]
    /// Each item's type.
    let types: [UniformType]

    /// Prepares `items` against `graph`.
    public init(_ items: [ResolvedShareItem], graph: TypeGraph) {
        self.items = items
        let image = graph.identity(.image)
        let movie = graph.identity(.movie)
        types = items.map(\.type)
        categories = items.map { item in
            switch item.item {
            case .text: .text
            case .webURL: .webURL
            case .file: item.type.conforms(to: image) ? .image : item.type.conforms(to: movie) ? .movie : .file
            }
        }
    }

    /// The number of items.
    public var count: Int { items.count }
}
