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
    let rules: [MagicRule]
    /// Every rule's checks, in pre-order.
    let checks: [MagicCheck]
    /// The checks' patterns and masks.
    let pool: [UInt8]
    /// The compiled regexes of the regex checks.
    let regexes: [MagicRegex]
    /// The rules in evaluation order: highest priority first, then table order. A position in
    /// this array is a rule's *rank*.
    let ranked: [RankedRule]
    /// The file offsets the dispatch tables look at, one table each.
    let dispatchOffsets: [Int]
    /// For table `t` and byte `b`, the ranks of the rules filed under `b`, ascending:
    /// `dispatched[bucketStarts[t * 257 + b] ..< bucketStarts[t * 257 + b + 1]]`.
    let bucketStarts: [Int32]
    /// The bucket contents; see ``bucketStarts``.
    let dispatched: [Int32]
    /// The ranks of the rules no table holds, ascending; they are tried for every buffer.
    let scanned: [Int32]
    /// The ranks of the rules with a check that reads past ``deepReadThreshold``, ascending.
    let deepRanks: [Int32]
    /// The rules of each type identifier, as indexes into ``rules``, by folded identifier
    /// (hashing a `String` is much faster than hashing a ``TypeIdentifier`` byte by byte).
    let rulesByType: [String: [Int]]

    /// How many leading bytes of a file the rules can look at: the largest offset any rule
    /// reads, plus one. A buffer of this many bytes (or the whole file, if shorter) gives the
    /// same answers as the whole file; fewer bytes may miss rules that look far in. Callers cap
    /// it (the resolver at ``SniffingLimits/maxMagicReadOffset``).
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
        /// The largest ``MagicCheck/readEnd`` of the rule's checks.
        var reach: Int32
    }

    /// The offset past which a rule counts as deep (see ``deepRanks``): the resolver's prefix.
    static let deepReadThreshold = 4096

    /// The rules of shared-mime-info and Tika, as generated into `Catalog/magic-rules.txt`;
    /// parsed on first use.
    public static let freedesktop: MagicRuleSet = parse(table).set

    /// The type identifiers the rules of ``freedesktop`` name (one per rule), read from the
    /// rules' header lines (`[priority:mime] identifier source`) without parsing the rules: a
    /// hundredth of the cost, for deciding whether the rules could matter at all.
    static let freedesktopIdentifiers: [TypeIdentifier] = table.withUTF8Buffer { text in
        var identifiers: [TypeIdentifier] = []
        var lineStart = 0
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if text[lineStart] == UInt8(ascii: "[") {
                var at = lineStart
                while at < lineEnd, text[at] != UInt8(ascii: "]") { at += 1 }
                at += 2  // "] "
                var end = at
                while end < lineEnd, text[end] != UInt8(ascii: " ") { end += 1 }
                if at < end { identifiers.append(TypeIdentifier(String(decoding: UnsafeBufferPointer(rebasing: text[at..<end]), as: UTF8.self))) }
            }
            lineStart = lineEnd + 1
        }
        return identifiers
    }

    /// Parses the text form of the rules; a malformed line drops its rule and is reported.
    static func parse(_ text: StaticString) -> (set: MagicRuleSet, problems: [String]) {
        text.withUTF8Buffer { parse(utf8: $0) }
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
        self.rules = rules
        self.checks = checks
        self.pool = pool
        self.regexes = regexes
        maximumOffset = checks.reduce(0) { Swift.max($0, $1.readEnd) }

        let order = rules.indices.sorted { (-rules[$0].priority, $0) < (-rules[$1].priority, $1) }
        let ranked = order.map { index in
            let range = rules[index].checks
            let reach = checks[range].reduce(0) { Swift.max($0, $1.readEnd) }
            return RankedRule(rule: Int32(index), firstCheck: Int32(range.lowerBound), endCheck: Int32(range.upperBound), reach: Int32(clamping: reach))
        }
        self.ranked = ranked
        deepRanks = ranked.indices.filter { Int(ranked[$0].reach) > Self.deepReadThreshold }.map { Int32($0) }

        var tables: [Int: [[Int32]]] = [:]
        var scanned: [Int32] = []
        for (rank, index) in order.enumerated() {
            guard let keys = Self.dispatchKeys(of: rules[index], checks: checks, pool: pool, regexes: regexes) else {
                scanned.append(Int32(rank))
                continue
            }
            for key in keys {
                var table = tables[key.offset] ?? [[Int32]](repeating: [], count: 256)
                for byte in key.bytes where table[Int(byte)].last != Int32(rank) { table[Int(byte)].append(Int32(rank)) }
                tables[key.offset] = table
            }
        }
        let offsets = tables.keys.sorted()
        dispatchOffsets = offsets
        var starts: [Int32] = []
        var contents: [Int32] = []
        for offset in offsets {
            for bucket in tables[offset]! {
                starts.append(Int32(contents.count))
                contents.append(contentsOf: bucket)
            }
            starts.append(Int32(contents.count))
        }
        bucketStarts = starts
        dispatched = contents
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

    /// For each top-level check of `rule`, the fixed offset it tests and the few bytes it
    /// admits there; `nil` when one of them has no such key (the rule is then tried for every
    /// buffer).
    private static func dispatchKeys(
        of rule: MagicRule, checks: [MagicCheck], pool: [UInt8], regexes: [MagicRegex]
    ) -> [(offset: Int, bytes: [UInt8])]? {
        var keys: [(offset: Int, bytes: [UInt8])] = []
        var index = rule.checks.lowerBound
        while index < rule.checks.upperBound {
            let check = checks[index]
            guard check.span == 1, check.kind != .least, let bytes = firstBytes(of: check, pool: pool, regexes: regexes) else { return nil }
            keys.append((Int(check.start), bytes))
            index = Int(check.subtreeEnd)
        }
        return keys
    }

    /// The bytes `check` admits at its first offset, when they are at most 16.
    private static func firstBytes(of check: MagicCheck, pool: [UInt8], regexes: [MagicRegex]) -> [UInt8]? {
        var accepted = MagicByteSet()
        switch check.kind {
        case .least:
            return nil
        case .regex:
            guard let first = regexes[Int(check.patternStart)].firstBytes else { return nil }
            accepted = first
        case .bytes, .caseInsensitive:
            let value = pool[Int(check.patternStart)]
            let mask = check.isMasked ? pool[Int(check.patternStart + check.length)] : 0xFF
            // A mask that admits many first bytes would put the rule in many buckets.
            guard mask.nonzeroBitCount >= 4 else { return nil }
            for byte in 0...255 {
                let folded = check.kind == .caseInsensitive ? ASCII.lowercased(UInt8(byte)) : UInt8(byte)
                if folded & mask == value { accepted.insert(UInt8(byte)) }
            }
        }
        return accepted.count <= 16 ? accepted.members : nil
    }

    /// How many rules the set holds.
    var count: Int { rules.count }
}
