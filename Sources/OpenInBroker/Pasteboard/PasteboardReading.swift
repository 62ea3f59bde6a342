/// A read by conformance: the board as it was read and the representation chosen.
public struct PasteboardReading: Sendable, Equatable {
    /// The board.
    public let contents: PasteboardContents
    /// The representation chosen, and why.
    public let match: PasteboardMatch

    /// A copy of the chosen representation's bytes.
    public var data: [UInt8] { contents.data(of: match.representation) }
}
