/// Bounds on the work a sniff may do, so that hostile files cost no more than ordinary ones.
///
/// Every count and length a file declares is capped by one of these before it is used.
///
/// ```swift
/// var limits = SniffingLimits.default
/// limits.maxExtraBytes = 64 * 1024
/// let sniffer = SignatureSniffer(limits: limits)
/// ```
public struct SniffingLimits: Sendable, Equatable {
    /// How many bytes at the start of a file are read and scanned (default 4096, at least 512).
    ///
    /// Text heuristics look at no more than this many bytes.
    public var prefixLength: Int {
        didSet { prefixLength = Swift.max(prefixLength, SniffingLimits.minimumPrefixLength) }
    }
    /// How many bytes beyond the prefix one sniff may read in total, for container directories
    /// and far-away signatures (default 256 KiB): a ZIP central directory, OLE2 directory
    /// sectors, ISO-BMFF box headers, ELF program headers, the ISO 9660 volume descriptor.
    public var maxExtraBytes: Int {
        didSet { maxExtraBytes = Swift.max(maxExtraBytes, 0) }
    }
    /// How many ZIP entries (central directory or local headers) are looked at (default 4096).
    public var maxZipEntries: Int {
        didSet { maxZipEntries = Swift.max(maxZipEntries, 0) }
    }
    /// The largest stored (uncompressed) `[Content_Types].xml` of an Office document that is
    /// read (default 64 KiB); a larger or compressed one is judged by entry names instead.
    public var maxStoredEntryLength: Int {
        didSet { maxStoredEntryLength = Swift.max(maxStoredEntryLength, 0) }
    }
    /// How many OLE2 (Compound File) directory entries are looked at (default 4096); the
    /// directory's sector chain is followed for at most as many sectors as that takes.
    public var maxOLEDirectoryEntries: Int {
        didSet { maxOLEDirectoryEntries = Swift.max(maxOLEDirectoryEntries, 0) }
    }
    /// How many bytes a compressed part is inflated to, and how many of its compressed bytes
    /// are read, at most (default 64 KiB): a deflated `[Content_Types].xml` or `index.xml` in a
    /// ZIP archive, the start of a gzip stream (to see a tar header). Decoding stops there.
    public var maxInflatedLength: Int {
        didSet { maxInflatedLength = Swift.max(maxInflatedLength, 0) }
    }
    /// How many top-level ISO-BMFF boxes are walked when a file does not start with `ftyp`
    /// (default 32).
    public var maxTopLevelBoxes: Int {
        didSet { maxTopLevelBoxes = Swift.max(maxTopLevelBoxes, 0) }
    }

    /// The smallest accepted ``prefixLength``: one tar header.
    public static let minimumPrefixLength = 512

    /// Creates limits; out-of-range values are clamped (a prefix of at least 512 bytes,
    /// no negative counts).
    public init(
        prefixLength: Int = 4096,
        maxExtraBytes: Int = 256 * 1024,
        maxZipEntries: Int = 4096,
        maxStoredEntryLength: Int = 64 * 1024,
        maxOLEDirectoryEntries: Int = 4096,
        maxTopLevelBoxes: Int = 32,
        maxInflatedLength: Int = 64 * 1024
    ) {
        self.prefixLength = Swift.max(prefixLength, SniffingLimits.minimumPrefixLength)
        self.maxExtraBytes = Swift.max(maxExtraBytes, 0)
        self.maxZipEntries = Swift.max(maxZipEntries, 0)
        self.maxStoredEntryLength = Swift.max(maxStoredEntryLength, 0)
        self.maxOLEDirectoryEntries = Swift.max(maxOLEDirectoryEntries, 0)
        self.maxTopLevelBoxes = Swift.max(maxTopLevelBoxes, 0)
        self.maxInflatedLength = Swift.max(maxInflatedLength, 0)
    }

    /// The defaults: a 4 KiB prefix and 256 KiB of further reads.
    public static let `default` = SniffingLimits()
}
