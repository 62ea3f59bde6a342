/// An item to write: its representations, the most faithful first.
///
/// ```swift
/// let item = PasteboardItemData([
///     try PasteboardRepresentationData(type: "public.png", readingFile: "chart.png", limit: 64 << 20),
///     PasteboardRepresentationData(type: "public.utf8-plain-text", text: "Sales chart, 2026"),
/// ])
/// ```
public struct PasteboardItemData: Sendable, Equatable {
    /// The representations, the most faithful first.
    public var representations: [PasteboardRepresentationData]

    /// An item of `representations`.
    public init(_ representations: [PasteboardRepresentationData]) { self.representations = representations }

    /// The number of bytes of all representations.
    public var byteCount: Int { representations.reduce(0) { $0 + $1.bytes.count } }
}
