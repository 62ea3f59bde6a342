/// Bounds that every format parser enforces, so that hostile input cannot exhaust memory, stack or time.
///
/// Exceeding one throws ``CatalogFormatError`` with code ``CatalogFormatError/Code/limitExceeded``.
/// The defaults fit every real file seen so far with a wide margin; tests use smaller values.
///
/// ```swift
/// var limits = CatalogFormatLimits.default
/// limits.maximumDepth = 8
/// _ = try PropertyListParser.parse(bytes, source: "x.plist", limits: limits)
/// ```
public struct CatalogFormatLimits: Sendable, Equatable {
    /// The largest document accepted, in bytes (default 64 MiB).
    public var maximumDocumentSize: Int
    /// The deepest nesting accepted: XML elements, or property-list containers (default 512).
    public var maximumDepth: Int
    /// The most attributes accepted on one XML element (default 64; real files use fewer than 8).
    public var maximumAttributesPerElement: Int
    /// The most objects a binary property list may declare in its trailer (default 16 Mi).
    public var maximumObjectCount: Int
    /// A budget for everything a binary property list decodes to, counted as string and data bytes plus
    /// 16 per object (default 256 MiB). Binary property lists can share objects, so a small file can
    /// describe a huge tree; this bound stops that.
    public var maximumDecodedSize: Int
    /// The most values a binary property list may expand to when its shared objects are counted
    /// at every place they are referenced (default 1 Mi): what a reader walking the result would
    /// visit. Each object is decoded once, so this bounds the walk, not the decoding.
    public var maximumExpandedValues: Int

    /// Creates limits; every parameter defaults to the value of ``default``.
    public init(
        maximumDocumentSize: Int = 64 << 20,
        maximumDepth: Int = 512,
        maximumAttributesPerElement: Int = 64,
        maximumObjectCount: Int = 16 << 20,
        maximumDecodedSize: Int = 256 << 20,
        maximumExpandedValues: Int = 1 << 20
    ) {
        self.maximumDocumentSize = maximumDocumentSize
        self.maximumDepth = maximumDepth
        self.maximumAttributesPerElement = maximumAttributesPerElement
        self.maximumObjectCount = maximumObjectCount
        self.maximumDecodedSize = maximumDecodedSize
        self.maximumExpandedValues = maximumExpandedValues
    }

    /// 64 MiB documents, depth 512, 64 attributes per element, 16 Mi binary objects, 256 MiB decoded.
    public static let `default` = CatalogFormatLimits()
}

extension CatalogFormatLimits {
    /// Refuses a document larger than ``maximumDocumentSize`` before any of it is read.
    ///
    /// - Throws: ``CatalogFormatError`` `limitExceeded`, naming `source` and both sizes.
    public func checkDocumentSize(_ count: Int, source: String) throws(CatalogFormatError) {
        guard count <= maximumDocumentSize else {
            throw CatalogFormatError(
                code: .limitExceeded, source: source,
                reason: "document is \(count) bytes, more than the limit of \(maximumDocumentSize)")
        }
    }
}
