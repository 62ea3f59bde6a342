public import UniformTypes

/// One representation of a pasteboard item as stored: its type and how many bytes it holds.
///
/// The bytes are read from the board's ``PasteboardContents`` (``PasteboardContents/data(of:)``).
public struct PasteboardRepresentation: Hashable, Sendable {
    /// The type identifier the bytes are in.
    public let type: TypeIdentifier
    /// The number of bytes.
    public let byteCount: Int
    /// Where the bytes start in the board's data.
    let offset: Int

    init(type: TypeIdentifier, byteCount: Int, offset: Int) {
        self.type = type
        self.byteCount = byteCount
        self.offset = offset
    }
}
