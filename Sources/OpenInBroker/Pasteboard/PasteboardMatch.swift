public import UniformTypes

/// The representation a read by conformance chose, and why.
public struct PasteboardMatch: Sendable, Equatable {
    /// The item's position on the board (0 for the first).
    public let item: Int
    /// The representation's position in the item.
    public let index: Int
    /// The representation.
    public let representation: PasteboardRepresentation
    /// The type asked for.
    public let requested: TypeIdentifier
    /// How many conformance steps lead from the representation's type up to the type asked for:
    /// 0 when it is that type.
    public let distance: Int

    /// Whether the representation is of the very type asked for.
    public var isExact: Bool { distance == 0 }
}
