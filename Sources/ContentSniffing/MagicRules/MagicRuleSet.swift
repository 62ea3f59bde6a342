import CMagicRuleImage
public import UniformTypes

/// The content-magic rules of shared-mime-info and Apache Tika as data: recognises about a
/// thousand formats from their bytes (GIMP brushes and images, Sun raster, XPM, DjVu, OpenEXR,
/// tracker modules, WebVTT, GtkBuilder, QML, lzip, cabinets, ISO 9660 images, Windows Media …),
/// as freedesktop desktops and Tika do.
///
/// The rules are the `<magic>` elements of both registries, generated into
/// `Catalog/magic-rules.txt` by `Catalog/scripts/generate-magic-rules.py` and compiled into
/// the library (see that file's header for the format). Semantics follow the shared-mime-info
/// specification and its reference reader (xdgmime), with Tika's additions:
///
/// - A rule matches when any of its top-level matches matches; a match with nested matches
///   matches only when its own test passes and one of its nested matches matches too; a
///   `least N` match (Tika's `minShouldMatch`) when N of its nested matches match.
/// - A test compares its value, masked if it has a mask, with the bytes at each offset of its
///   range; a value that would run past the end of the buffer does not match there.
///   `stringignorecase` compares ASCII letters without regard to case; a regex (Tika's subset
///   of Java's, see ``MagicRegexCompiler``) is anchored at each offset of its range and looks
///   at most 8 KiB further, within a step budget (``MagicRegex``).
/// - Number types are read unaligned in their byte order (`host16`/`host32`: this machine's).
/// - The highest priority wins; among equal priorities the rule that comes first in the table.
///
/// Evaluation is bounded by the buffer: give it the first ``maximumOffset`` bytes of a file
/// (capped, say at 64 KiB) and it answers as for the whole file. ``bestMatch(in:)`` does not
/// allocate and stops at the first match in priority order. It looks at few rules for most
/// files: a rule whose every top-level test sits at one fixed offset and admits few first
/// bytes (a literal, a masked byte, a case-insensitive letter, a regex that must start with
/// one of few bytes) is filed in a 256-way table for that offset, under each byte it admits;
/// a buffer is tried only against the rules filed under its own byte at each table's offset,
/// plus the few rules no table can hold. Ranged tests jump between occurrences of their first
/// byte.
///
/// ```swift
/// let magic = MagicRuleSet.freedesktop
/// let match = prefix.withUnsafeBytes { magic.bestMatch(in: $0) }
/// match?.mimeType   // "image/x-sun-raster"
/// let isBrush = prefix.withUnsafeBytes { magic.matches("org.freedesktop.mime.image.x-gimp-gbr", in: $0) }
/// ```
public struct MagicRuleSet: Sendable {
    /// The rules, in table order.
    let rules: MagicRuleTable
    /// Every rule's checks, in pre-order.
    let checks: MagicTable<MagicCheck>
    /// The checks' patterns and masks.
    let pool: MagicTable<UInt8>
    /// The compiled regexes of the regex checks.
    let regexes: [MagicRegex]
    /// The rules in evaluation order: highest priority first, then table order. A position in
    /// this array is a rule's *rank*.
    let ranked: MagicTable<RankedRule>
    /// The file offsets the dispatch tables look at, one table each.
    let dispatchOffsets: [Int]
    /// For table `t` and byte `b`, the ranks of the rules filed under `b`, ascending:
    /// `dispatched[bucketStarts[t * 257 + b] ..< bucketStarts[t * 257 + b + 1]]`.
    let bucketStarts: MagicTable<Int32>
    /// The bucket contents; see ``bucketStarts``.
    let dispatched: MagicTable<Int32>
    /// The ranks of the rules no table holds, ascending; they are tried for every buffer.
    let scanned: MagicTable<Int32>
    /// The ranks of the rules with a check that reads past ``deepReadThreshold``, ascending.
    let deepRanks: MagicTable<Int32>
    /// The rules of each type identifier, as indexes into ``rules``, by folded identifier
    /// (hashing a `String` is much faster than hashing a ``TypeIdentifier`` byte by byte).
    /// Built on first use: most processes never ask about one type's rules.
    var rulesByType: [String: [Int]] { typeIndex.value.rulesByType }
    /// ``rulesByType`` and ``recognizedTypes``, worked out once when first asked for.
    private let typeIndex: MagicRuleTypeIndex
    /// Whether this is ``freedesktop``, the library's own table (whose rules' types a resolver
    /// may look up once and keep by rule).
    private(set) var isBuiltIn = false
    /// The source digest of the graph the rules' system ordinal hints were taken from
    /// (``MagicRule/systemOrdinalHint``; ``SystemTypeCatalog/tableDigest`` for the library's
    /// image), 0 when none was: hints taken from the system graph now embedded hold in every
    /// graph that leads with its types (``TypeGraph/leadingSystemTypeCount``).
    var ordinalHintDigest: UInt64 = 0
    /// One bit per type of the graph the hints were taken from, set for each proper supertype
    /// of a type some rule names (empty when no graph was): in a graph whose leading system
    /// types keep their supertypes (``TypeGraph/leadingSystemTypesKeepTheirSupertypes``), the
    /// strong answers the rules could refine, known without a pass over the rules.
    var refinableBits = MagicTable<UInt64>([UInt64]())

    /// How many leading bytes of a file the rules can look at: the largest offset any rule
    /// reads, plus one. A buffer of this many bytes (or the whole file, if shorter) gives the
    /// same answers as the whole file; fewer bytes may miss rules that look far in. Callers cap
    /// it (the resolver at ``SniffingLimits/maxMagicReadOffset``).
    public let maximumOffset: Int

    /// Every type a rule can answer with, each once, in table order.
    public var recognizedTypes: [TypeIdentifier] { typeIndex.value.types }

    /// A rule's position in evaluation order, with what evaluating it needs.
    struct RankedRule: Sendable {
        /// The index into ``MagicRuleSet/rules``.
        var rule: Int32
        /// The index of the rule's first check (see ``MagicRule/checks``).
        var firstCheck: Int32
        /// The index just past the rule's last check.
        var endCheck: Int32
        /// The largest ``MagicCheck/readEnd`` of the rule's checks.
        var reach: Int32
    }

    /// The offset past which a rule counts as deep (see ``deepRanks``): the resolver's prefix.
    static let deepReadThreshold = 4096

    /// The rules of shared-mime-info and Tika, as generated into `Catalog/magic-rules.txt` and
    /// compiled into the library's rule image (`compile-magic-rules`); read on first use, with
    /// no parsing or compiling. A test checks that the image is the compiled text.
    public static let freedesktop: MagicRuleSet = {
        // The image is generated and part of the library, and its indexes are checked by a test
        // (MagicRuleImageTests) rather than at every process start; should it ever be unreadable,
        // no rules rather than a failure.
        var set = (try? MagicRuleSet(compiledImage: compiledFreedesktopImage, isLibraryImage: true)) ?? MagicRuleSet(rules: [], checks: [], pool: [])
        set.isBuiltIn = true
        return set
    }()

    /// The library's compiled image, for the test that checks its indexes.
    static var builtInImage: UnsafeRawBufferPointer { compiledFreedesktopImage }

    /// Calls `body` with each rule of ``freedesktop`` in table order: its system ordinal hint
    /// and a way to read its type identifier (UTF-8), in place from the image's rules alone: a
    /// small part of the cost of reading the whole set, for deciding whether the rules could
    /// matter at all. Returns whether the image could be read (it is checked by a test).
    @discardableResult
    static func forEachFreedesktopRuleHint(_ body: (Int32, () -> UnsafeRawBufferPointer?) -> Void) -> Bool {
        (try? forEachRuleHint(inCompiledImage: compiledFreedesktopImage, body)) != nil
    }

    /// The digest of the graph the hints of ``freedesktop`` were taken from (see
    /// ``ordinalHintDigest``) and its refinable bits (``refinableBits``, in place), read once
    /// from the image's header alone; a digest of 0 and no bits if it cannot be read.
    static let freedesktopHintFacts: (digest: UInt64, refinable: MagicTable<UInt64>) =
        (try? hintFacts(ofCompiledImage: compiledFreedesktopImage, permanent: true)) ?? (0, MagicTable([UInt64]()))

    /// The library's compiled image of `Catalog/magic-rules.txt`.
    private static var compiledFreedesktopImage: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: openwith_magic_rule_image_bytes(), count: openwith_magic_rule_image_size())
    }

    /// Parses rules in the text form of `Catalog/magic-rules.txt` (its header documents it).
    /// A malformed line drops its whole rule and is reported as `line N: reason`; the other
    /// rules are kept.
    ///
    /// ```swift
    /// let (set, problems) = MagicRuleSet.parse("[50:image/x-sun-raster] org.example.raster\n>big32 0 =0x59a66a95\n")
    /// ```
    public static func parse(_ text: String) -> (set: MagicRuleSet, problems: [String]) {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    private static func parse(utf8: UnsafeBufferPointer<UInt8>) -> (set: MagicRuleSet, problems: [String]) {
        let parser = MagicRuleTextParser(utf8)
        return (MagicRuleSet(rules: parser.rules, checks: parser.checks, pool: parser.pool, regexes: parser.regexes), parser.problems)
    }

    /// Builds the indexes over compiled rules.
    init(rules: [MagicRule], checks: [MagicCheck], pool: [UInt8], regexes: [MagicRegex] = []) {
        self.init(
            rules: MagicRuleTable(rules), checks: MagicTable(checks), pool: MagicTable(pool), regexes: regexes,
            index: MagicRuleIndex(rules: rules, checks: checks, pool: pool, regexes: regexes))
    }

    /// A set over compiled rules and their indexes (built, or read from a compiled image).
    init(rules: MagicRuleTable, checks: MagicTable<MagicCheck>, pool: MagicTable<UInt8>, regexes: [MagicRegex], index: MagicRuleIndex) {
        self.rules = rules
        self.checks = checks
        self.pool = pool
        self.regexes = regexes
        ranked = index.ranked
        dispatchOffsets = index.dispatchOffsets
        bucketStarts = index.bucketStarts
        dispatched = index.dispatched
        scanned = index.scanned
        deepRanks = index.deepRanks
        maximumOffset = index.maximumOffset
        typeIndex = MagicRuleTypeIndex(rules: rules)
    }

    /// How many rules the set holds.
    var count: Int { rules.count }
}
