public import UniformTypes

extension HandOverBroker {
    /// The pasteboards of this catalog (in the `pasteboards/` folder beside it).
    public var pasteboards: PasteboardStore { PasteboardStore(location: catalog.location) }

    /// Reads a board by conformance: the best representation for `type` in the first item that
    /// has one, or in item `item` (see ``PasteboardTypeMatcher``'s policy), resolved in the
    /// catalog's type graph.
    ///
    /// ```swift
    /// let reading = try broker.readPasteboard(.general, conformingTo: "public.image")
    /// print(reading.match.representation.type, reading.data.count)
    /// ```
    ///
    /// - Throws: ``HandOverError/Code/pasteboardEmpty`` for a board without items (or without
    ///   item `item`), ``HandOverError/Code/noConformingRepresentation`` naming the board's types
    ///   when none conforms, or the store's errors.
    public func readPasteboard(_ name: PasteboardName, conformingTo type: TypeIdentifier, item: Int? = nil) throws(HandOverError) -> PasteboardReading {
        let contents = try pasteboards.contents(of: name)
        return try Self.readPasteboard(contents: contents, conformingTo: type, item: item, graph: try snapshot().graph)
    }

    /// Reads `contents` by conformance in `graph` (see ``readPasteboard(_:conformingTo:item:)``); the board is read once,
    /// so a caller that asks more than once reads it itself..
    public static func readPasteboard(contents: PasteboardContents, conformingTo type: TypeIdentifier, item: Int? = nil, graph: TypeGraph) throws(HandOverError) -> PasteboardReading {
        guard !contents.isEmpty else {
            throw HandOverError(.pasteboardEmpty, reason: "the \(contents.name.isGeneral ? "general pasteboard" : "pasteboard") is empty", key: contents.name.rawValue)
        }
        if let item, !contents.items.indices.contains(item) {
            throw HandOverError(
                .pasteboardEmpty, reason: "the pasteboard has \(contents.items.count) item\(contents.items.count == 1 ? "" : "s"), no item \(item + 1)",
                key: contents.name.rawValue)
        }
        let matcher = PasteboardTypeMatcher(contents: contents, graph: graph)
        guard let match = matcher.bestRepresentation(conformingTo: graph.identity(type), item: item) else {
            let types = (item.map { contents.items[$0].types } ?? contents.types).map(\.rawValue).joined(separator: ", ")
            throw HandOverError(
                .noConformingRepresentation, reason: "no representation conforms to \(type); the board holds \(types)", key: contents.name.rawValue)
        }
        return PasteboardReading(contents: contents, match: match)
    }
}
