public import UniformTypes

/// Reads a board by conformance: the representation that best fits a type asked for.
///
/// Policy: the first item (in board order, or the one item asked for) that has a representation
/// conforming to the type answers. Within it, a representation of the exact type comes first,
/// then the one whose type is nearest below the asked type, counted in conformance steps (the
/// asked type is its nearest supertype); equal distances keep the writer's order (the most
/// faithful first). Each representation's supertypes and their distances are worked out once,
/// when the matcher is made, so a read allocates nothing.
///
/// ```swift
/// let matcher = PasteboardTypeMatcher(contents: contents, graph: graph)
/// if let match = matcher.bestRepresentation(conformingTo: graph.identity(.image)) {
///     let png = contents.data(of: match.representation)
/// }
/// ```
public struct PasteboardTypeMatcher: Sendable {
    /// One representation, resolved in the graph.
    struct Entry: Sendable {
        var item: Int
        var index: Int
        var representation: PasteboardRepresentation
        var type: UniformType
        /// Every proper supertype with its distance in conformance steps, nearest first.
        var supertypes: [(type: UniformType, distance: Int)]
    }

    /// The board's representations, in board order.
    let entries: [Entry]

    /// A matcher over `contents`' representations, resolved in `graph` (an identifier the graph
    /// does not declare conforms only to itself).
    public init(contents: PasteboardContents, graph: TypeGraph) {
        var entries: [Entry] = []
        for (itemIndex, item) in contents.items.enumerated() {
            for (index, representation) in item.representations.enumerated() {
                let type = graph.identity(representation.type)
                entries.append(Entry(item: itemIndex, index: index, representation: representation, type: type, supertypes: Self.supertypes(of: type)))
            }
        }
        self.entries = entries
    }

    /// The proper supertypes of `type` with their shortest distance, breadth first.
    static func supertypes(of type: UniformType) -> [(type: UniformType, distance: Int)] {
        var found: [(type: UniformType, distance: Int)] = []
        var frontier = [type]
        var distance = 0
        while !frontier.isEmpty, distance < 64 {
            distance += 1
            var next: [UniformType] = []
            for member in frontier {
                for parent in member.parents where parent != type && !found.contains(where: { $0.type == parent }) {
                    found.append((parent, distance))
                    next.append(parent)
                }
            }
            frontier = next
        }
        return found
    }

    /// The best representation for `requested` (see the type's policy), or `nil` when none
    /// conforms; `item` limits the answer to one item.
    public func bestRepresentation(conformingTo requested: UniformType, item: Int? = nil) -> PasteboardMatch? {
        var best: Int?
        var bestDistance = Int.max
        for position in entries.indices {
            let entry = entries[position]
            if let item, entry.item != item { continue }
            if let best, entries[best].item != entry.item { break }
            guard let distance = Self.distance(from: entry, to: requested), distance < bestDistance else { continue }
            best = position
            bestDistance = distance
            if distance == 0 { break }
        }
        guard let best else { return nil }
        let entry = entries[best]
        return PasteboardMatch(item: entry.item, index: entry.index, representation: entry.representation, requested: requested.identifier, distance: bestDistance)
    }

    /// The conformance steps from the entry's type up to `requested`, or `nil` when it does not
    /// conform.
    static func distance(from entry: Entry, to requested: UniformType) -> Int? {
        if entry.type == requested { return 0 }
        guard entry.type.conforms(to: requested) else { return nil }
        for supertype in entry.supertypes where supertype.type == requested { return supertype.distance }
        return nil
    }
}
