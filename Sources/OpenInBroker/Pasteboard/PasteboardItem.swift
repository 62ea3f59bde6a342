public import UniformTypes

/// One item on a pasteboard: the same thing in several representations, each under a type
/// identifier, in the writer's order of preference (the most faithful first).
///
/// ```swift
/// let item = contents.items[0]
/// item.types   // [public.png, public.utf8-plain-text]
/// ```
public struct PasteboardItem: Hashable, Sendable {
    /// The representations, most faithful first.
    public let representations: [PasteboardRepresentation]

    /// The types of the representations, in order.
    public var types: [TypeIdentifier] { representations.map(\.type) }

    init(representations: [PasteboardRepresentation]) { self.representations = representations }
}
