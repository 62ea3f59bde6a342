import Glibc
public import UniformTypes

/// What a pasteboard holds at one moment: its items and their bytes, and the board's options.
///
/// A board that was never written, was cleared or has expired has no items.
///
/// ```swift
/// let contents = try store.contents(of: .general)
/// for item in contents.items { print(item.types) }
/// ```
public struct PasteboardContents: Sendable, Equatable {
    /// The board.
    public let name: PasteboardName
    /// How many writes the board has seen (it only grows, clearing included), so a reader can tell
    /// whether the board changed since it last looked.
    public let changeCount: Int
    /// When the board was last written, in seconds since 1970; 0 for a board never written.
    public let writtenAt: Int64
    /// When the board empties itself, in seconds since 1970; `nil` for never.
    public let expiresAt: Int64?
    /// Whether the board stays out of the desktop clipboard.
    public let isLocalOnly: Bool
    /// The items, in the order they were written.
    public let items: [PasteboardItem]
    /// The bytes of every representation, one after the other.
    let data: [UInt8]

    init(name: PasteboardName, changeCount: Int, writtenAt: Int64, expiresAt: Int64?, isLocalOnly: Bool, items: [PasteboardItem], data: [UInt8]) {
        self.name = name
        self.changeCount = changeCount
        self.writtenAt = writtenAt
        self.expiresAt = expiresAt
        self.isLocalOnly = isLocalOnly
        self.items = items
        self.data = data
    }

    /// A board with no items.
    static func empty(_ name: PasteboardName, changeCount: Int = 0) -> PasteboardContents {
        PasteboardContents(name: name, changeCount: changeCount, writtenAt: 0, expiresAt: nil, isLocalOnly: false, items: [], data: [])
    }

    /// Whether the board holds no items.
    public var isEmpty: Bool { items.isEmpty }

    /// Every type on the board, each once, in the order of first appearance.
    public var types: [TypeIdentifier] {
        var seen = Set<TypeIdentifier>()
        return items.flatMap(\.types).filter { seen.insert($0).inserted }
    }

    /// The number of bytes of all representations.
    public var byteCount: Int { data.count }

    /// A copy of a representation's bytes.
    public func data(of representation: PasteboardRepresentation) -> [UInt8] {
        Array(data[representation.offset..<(representation.offset + representation.byteCount)])
    }

    /// Calls `body` with a representation's bytes, without copying them.
    public func withData<Result>(of representation: PasteboardRepresentation, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try data.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[representation.offset..<(representation.offset + representation.byteCount)])) }
    }

    /// Writes a representation's bytes to an open descriptor (standard output is 1).
    ///
    /// - Throws: ``HandOverError/Code/systemCallFailed`` (or `noSpace`) when the write fails;
    ///   `what` names the destination in the error.
    public func write(_ representation: PasteboardRepresentation, to descriptor: Int32, what: String) throws(HandOverError) {
        let failure: HandOverSystemCalls.Failure? = withData(of: representation) { bytes in
            do throws(HandOverSystemCalls.Failure) { try HandOverSystemCalls.writeAll(descriptor, bytes) } catch { return error }
            return nil
        }
        if let failure { throw HandOverError(failure, "writing the representation", path: what) }
    }
}
