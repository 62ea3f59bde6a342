/// Writes the sections of a compiled rule image (see ``MagicRuleImageLayout``): every number
/// little-endian, every array preceded by its element count.
struct MagicRuleImageWriter {
    /// The image so far.
    private(set) var bytes: [UInt8] = []

    /// Starts an image with the layout's magic and version.
    init() {
        bytes.reserveCapacity(1 << 18)
        bytes.append(contentsOf: MagicRuleImageLayout.magic)
        append(MagicRuleImageLayout.version)
    }

    /// Appends a 32-bit value.
    mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a signed 32-bit value.
    mutating func append(_ value: Int32) { append(UInt32(bitPattern: value)) }

    /// Appends an `Int` that fits 32 bits (every count and offset of a rule set does; the
    /// compiler's own tables are built from 32-bit fields).
    mutating func append(_ value: Int) { append(Int32(truncatingIfNeeded: value)) }

    /// Appends a 64-bit value.
    mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends zeros up to a multiple of eight bytes from the image's start.
    mutating func padToMultipleOfEight() {
        bytes.append(contentsOf: repeatElement(0, count: (8 - bytes.count % 8) % 8))
    }

    /// Appends a count, then each element as `write` writes it.
    mutating func appendArray<Element>(_ elements: some Collection<Element>, _ write: (inout MagicRuleImageWriter, Element) -> Void) {
        append(elements.count)
        for element in elements { write(&self, element) }
    }

    /// Appends a count, then the raw bytes, then zeros up to a multiple of four bytes (so that
    /// every 32-bit field of the image sits at a multiple of four from its start).
    mutating func appendBytes(_ elements: some Collection<UInt8>) {
        append(elements.count)
        bytes.append(contentsOf: elements)
        bytes.append(contentsOf: repeatElement(0, count: (4 - elements.count % 4) % 4))
    }
}

/// The fixed facts of the compiled rule image.
///
/// An image is `OWMAGIC` and a NUL, a 32-bit version, the largest offset any rule reads, the
/// 64-bit source digest of the graph its ordinal hints were taken from (0: none), the bits of
/// that graph's types some rule's type is a proper subtype of (a count, zeros up to a multiple
/// of eight bytes, the 64-bit words), then these sections in order, each a 32-bit count followed by its elements:
/// - the UTF-8 text of every rule's MIME type and identifier;
/// - the rules (priority, first and end check, MIME type and identifier as offset and length
///   in the text, the ordinal of the identifier in the system catalog's graph or -1);
/// - the checks (kind, start, span, pattern start, length, masked, subtree end);
/// - the byte pool;
/// - the regexes: each its instructions (operation, operand, minimum, maximum), its byte sets
///   (the count, zeros up to a multiple of eight bytes from the image's start, the sets as four
///   64-bit words each), then the flag and the set of the bytes a match can start with;
/// - the rules in evaluation order (rule, first check, end check, reach);
/// - the dispatch tables' offsets, bucket starts and bucket contents; the scanned ranks; the
///   deep ranks.
///
/// A section of bytes is followed by zeros up to a multiple of four, so every 32-bit field sits
/// at a multiple of four from the image's start: the library's own image, aligned in memory,
/// is read in place (``MagicRuleTable``, ``MagicTable``).
enum MagicRuleImageLayout {
    /// The first eight bytes of every image.
    static let magic: [UInt8] = Array("OWMAGIC".utf8) + [0]
    /// Bumped whenever the layout or the meaning of a field changes.
    static let version: UInt32 = 4
    /// The largest image read: four times the size of today's rule set.
    static let maximumSize = 4 << 20
}
