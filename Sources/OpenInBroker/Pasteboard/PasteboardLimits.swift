/// The bounds a pasteboard keeps, so a board's file, and the work of reading it, stay bounded.
///
/// Policy: at most 64 MiB of representation bytes on a board, 256 items, 32 representations in
/// an item. A write over a limit is refused whole and the board stays as it was.
public struct PasteboardLimits: Sendable, Equatable {
    /// The most bytes a board's representations may hold together.
    public var maximumBytes: Int
    /// The most items on a board.
    public var maximumItems: Int
    /// The most representations in an item.
    public var maximumRepresentations: Int

    /// Limits of your own (tests use small ones).
    public init(maximumBytes: Int, maximumItems: Int = 256, maximumRepresentations: Int = 32) {
        self.maximumBytes = maximumBytes
        self.maximumItems = maximumItems
        self.maximumRepresentations = maximumRepresentations
    }

    /// The limits of the policy above.
    public static let standard = PasteboardLimits(maximumBytes: 64 << 20)

    /// The longest header a board file may have: its lines name at most
    /// `maximumItems × maximumRepresentations` representations of bounded identifiers.
    var maximumHeaderBytes: Int { 64 + maximumItems * (8 + maximumRepresentations * 300) }
}
