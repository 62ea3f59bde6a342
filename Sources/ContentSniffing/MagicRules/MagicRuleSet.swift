public import UniformTypes

/// shared-mime-info's content-magic rules as data: recognises several hundred formats from
/// their leading bytes (GIMP brushes and images, Sun raster, XPM, DjVu, OpenEXR, tracker
/// modules, WebVTT, GtkBuilder, QML, lzip, cabinets …), as freedesktop desktops do.
///
/// The rules are the `<magic>` elements of `freedesktop.org.xml`, generated into
/// `Catalog/magic-rules.txt` by `Catalog/scripts/generate-magic-rules.py` and compiled into
/// the library (see that file's header for the format). Semantics follow the shared-mime-info
/// specification and its reference reader (xdgmime):
///
/// - A rule matches when any of its top-level matches matches; a match with nested matches
///   matches only when its own test passes and one of its nested matches matches too.
/// - A test compares its value, masked if it has a mask, with the bytes at each offset of its
///   range; a value that would run past the end of the buffer does not match there.
/// - Number types are read unaligned in their byte order (`host16`/`host32`: this machine's).
/// - The highest priority wins; among equal priorities the rule that comes first in the table.
///
/// Evaluation is bounded by the buffer: give it the first ``maximumOffset`` bytes of a file
/// (capped, say at 64 KiB) and it answers as for the whole file. ``bestMatch(in:)`` does not
/// allocate and stops at the first match in priority order: rules whose every top-level test
/// sits at offset 0 are found through a 256-way table indexed by the buffer's first byte, only
/// the others are scanned, and ranged tests jump between occurrences of their first byte.
///
/// ```swift
/// let magic = MagicRuleSet.freedesktop
/// let match = prefix.withUnsafeBytes { magic.bestMatch(in: $0) }
/// match?.mimeType   // "image/x-sun-raster"
/// let isBrush = prefix.withUnsafeBytes { magic.matches("org.freedesktop.mime.image.x-gimp-gbr", in: $0) }
/// ```
public struct MagicRuleSet: Sendable {
    /// The rules, in table order.
    let rules: [MagicRule]
    /// Every rule's checks, in pre-order.
    let checks: [MagicCheck]
    /// The checks' patterns and masks.
    let pool: [UInt8]
    /// The rules in evaluation order: highest priority first, then table order. A position in
    /// this array is a rule's *rank*.
    let ranked: [RankedRule]
    /// For each first byte `b`, the ranks of the rules that can only match a buffer starting
    /// with `b`, ascending: `dispatched[bucketStarts[b] ..< bucketStarts[b + 1]]`.
    let bucketStarts: [Int32]
    /// The bucket contents; see ``bucketStarts``.
    let dispatched: [Int32]
    /// The ranks of the rules not in the table, ascending; they are tried for every buffer.
    let scanned: [Int32]
    /// The rules of each type identifier, as indexes into ``rules``, by folded identifier
    /// (hashing a `String` is much faster than hashing a ``TypeIdentifier`` byte by byte).
    let rulesByType: [String: [Int]]

    /// How many leading bytes of a file the rules can look at: the largest offset any rule
    /// reads, plus one. A buffer of this many bytes (or the whole file, if shorter) gives the
    /// same answers as the whole file; fewer bytes may miss rules that look far in. Callers cap
    /// it, at 64 KiB for instance.
    public let maximumOffset: Int

    /// Every type a rule can answer with, each once, in table order.
    public let recognizedTypes: [TypeIdentifier]

    /// A rule's position in evaluation order, with what evaluating it needs.
    struct RankedRule: Sendable {
        /// The index into ``MagicRuleSet/rules``.
        var rule: Int32
        /// The index of the rule's first check (see ``MagicRule/checks``).
        var firstCheck: Int32
        /// The index just past the rule's last check.
        var endCheck: Int32
    }

    /// The rules of shared-mime-info's `freedesktop.org.xml`, as generated into
    /// `Catalog/magic-rules.txt`; parsed on first use.
    public static let freedesktop: MagicRuleSet = parse(table).set

    /// Parses the text form of the rules; a malformed line drops its rule and is reported.
    static func parse(_ text: StaticString) -> (set: MagicRuleSet, problems: [String]) {
        text.withUTF8Buffer { parse(utf8: $0) }
    }

    /// Parses the text form of the rules; a malformed line drops its rule and is reported.
    static func parse(_ text: String) -> (set: MagicRuleSet, problems: [String]) {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    private static func parse(utf8: UnsafeBufferPointer<UInt8>) -> (set: MagicRuleSet, problems: [String]) {
        let parser = MagicRuleTextParser(utf8)
        return (MagicRuleSet(rules: parser.rules, checks: parser.checks, pool: parser.pool), parser.problems)
    }

    /// Builds the indexes over compiled rules.
    init(rules: [MagicRule], checks: [MagicCheck], pool: [UInt8]) {
        self.rules = rules
        self.checks = checks
        self.pool = pool
        maximumOffset = checks.reduce(0) { Swift.max($0, $1.readEnd) }

        let order = rules.indices.sorted { (-rules[$0].priority, $0) < (-rules[$1].priority, $1) }
        ranked = order.map { RankedRule(rule: Int32($0), firstCheck: Int32(rules[$0].checks.lowerBound), endCheck: Int32(rules[$0].checks.upperBound)) }

        var buckets = [[Int32]](repeating: [], count: 256)
        var scanned: [Int32] = []
        for (rank, index) in order.enumerated() {
            if let firstBytes = Self.firstBytes(of: rules[index], checks: checks, pool: pool) {
                for byte in firstBytes { buckets[Int(byte)].append(Int32(rank)) }
            } else {
                scanned.append(Int32(rank))
            }
        }
        var starts: [Int32] = [0]
        for bucket in buckets { starts.append(starts[starts.count - 1] + Int32(bucket.count)) }
        bucketStarts = starts
        dispatched = buckets.flatMap { $0 }
        self.scanned = scanned

        var byType: [String: [Int]] = [:]
        byType.reserveCapacity(rules.count)
        var types: [TypeIdentifier] = []
        for (index, rule) in rules.enumerated() {
            let key = rule.identifier.folded
            if byType[key] == nil { types.append(rule.identifier) }
            byType[key, default: []].append(index)
        }
        rulesByType = byType
        recognizedTypes = types
    }

    /// The first bytes a buffer must start with for `rule` to match, when every top-level test
    /// of the rule sits at offset 0 and they admit few first bytes; `nil` otherwise (the rule
    /// is then tried for every buffer).
    private static func firstBytes(of rule: MagicRule, checks: [MagicCheck], pool: [UInt8]) -> [UInt8]? {
        var accepted: [UInt8] = []
        var index = rule.checks.lowerBound
        while index < rule.checks.upperBound {
            let check = checks[index]
            guard check.start == 0, check.span == 1, check.length > 0 else { return nil }
            let value = pool[Int(check.patternStart)]
            if check.isMasked {
                let mask = pool[Int(check.patternStart + check.length)]
                // A mask that admits many first bytes would put the rule in many buckets.
                guard mask.nonzeroBitCount >= 4 else { return nil }
                for byte in 0...255 where UInt8(byte) & mask == value && !accepted.contains(UInt8(byte)) {
                    accepted.append(UInt8(byte))
                }
            } else if !accepted.contains(value) {
                accepted.append(value)
            }
            index = Int(check.subtreeEnd)
        }
        return accepted.count <= 16 ? accepted : nil
    }

    /// How many rules the set holds.
    var count: Int { rules.count }
}
