import Synchronization
import UniformTypes

/// The types some magic rule's type is a proper subtype of: the only strong answers the magic
/// rules can refine (PNG, since APNG is one; not PDF), and the rules that can refine or change
/// a given answer.
///
/// Policy, for the built-in rules (``MagicRuleSet/freedesktop``): each rule's type is at the
/// ordinal the image recorded for it in the embedded system graph, taken as it is in a graph
/// that leads with the system types (``TypeGraph/leadingSystemTypeCount``: every catalog graph
/// declares them first, at those ordinals), else checked there and looked up only when not
/// found. Which types the rules can refine comes from the image itself when the graph's
/// leading system types also keep their supertypes
/// (``TypeGraph/leadingSystemTypesKeepTheirSupertypes``; the image holds the answer for the
/// system graph), with a pass over just the rules whose type lies past the system types;
/// otherwise it is worked out on the first question, in one pass over the rules. A process that
/// never asks pays nothing.
final class MagicRefinableTypes: Sendable {
    private let graph: TypeGraph
    /// The built-in rules' recorded ordinals below this one are their types' ordinals in this
    /// graph; 0 when each must be checked.
    private let trustedHintLimit: Int
    /// The image's refinable bits over the system types, when they hold in this graph.
    private let presetBits: MagicTable<UInt64>?
    /// The graph's facts about the built-in rules, worked out on the first question: all of
    /// them, or with ``presetBits`` only the bits of the rules whose hints are not trusted.
    private let ruleTypes = Mutex<RuleTypes?>(nil)
    /// The ranks among the built-in rules that can refine each strong answer asked about so
    /// far, by ordinal.
    private let refinements = Mutex(RankMemo())
    /// The ranks among the built-in rules that can change each weak text answer asked about so
    /// far, by ordinal times eight, plus four when the name says plain text, two when a name
    /// agrees with it, one when that name is a desktop entry's.
    private let textChanges = Mutex(RankMemo())

    /// The graph's view of a rule table: which types some rule's type is a proper subtype of,
    /// and each rule's type.
    struct RuleTypes: Sendable {
        /// One bit per ordinal of the graph, set for each proper supertype of some rule's type.
        var bits: [UInt64]
        /// The ordinal of each rule's type, in table order; -1 for a type the graph does not
        /// declare (empty when the pass skipped the rules with trusted hints).
        var ordinals: [Int32]
    }

    /// The refinable types of `graph`; without `trustingHints`, every hint is checked and
    /// nothing is taken from the image (for tests that compare the two).
    init(_ graph: TypeGraph, trustingHints: Bool = true) {
        self.graph = graph
        let facts = MagicRuleSet.freedesktopHintFacts
        let limit = trustingHints && facts.digest == SystemTypeCatalog.tableDigest ? graph.leadingSystemTypeCount : 0
        trustedHintLimit = limit
        presetBits = limit > 0 && graph.leadingSystemTypesKeepTheirSupertypes && facts.refinable.count == (limit + 63) >> 6 ? facts.refinable : nil
    }

    /// Whether some magic rule names a proper subtype of `type`; `true` for a type outside the
    /// graph (it cannot be ruled out).
    func contains(_ type: UniformType) -> Bool {
        guard let ordinal = type.ordinal else { return true }
        let word = ordinal >> 6, bit = UInt64(1) << UInt64(ordinal & 63)
        if let presetBits, ordinal < trustedHintLimit, presetBits[word] & bit != 0 { return true }
        return builtInRuleTypes().bits[word] & bit != 0
    }

    /// The facts about the built-in rules, worked out on first use.
    private func builtInRuleTypes() -> RuleTypes {
        ruleTypes.withLock { facts in
            if let facts { return facts }
            let computed = Self.builtInRuleTypes(in: graph, trustedBelow: trustedHintLimit, skippingTrusted: presetBits != nil)
            facts = computed
            return computed
        }
    }

    /// The graph's view of the built-in rules (``MagicRuleSet/freedesktop``): the proper
    /// supertypes of every declared rule type (at least one word of bits), and each rule's
    /// ordinal. A hint below `trustedBelow` is the ordinal itself; any other hint is checked
    /// against the identifier at that ordinal, and the type looked up when it differs. With
    /// `skippingTrusted`, the rules with trusted hints are left out (their bits are known) and
    /// no ordinals are kept.
    static func builtInRuleTypes(in graph: TypeGraph, trustedBelow: Int, skippingTrusted: Bool = false) -> RuleTypes {
        var bits = [UInt64](repeating: 0, count: max((graph.count + 63) >> 6, 1))
        var seen = bits
        var ordinals: [Int32] = []
        let read = bits.withUnsafeMutableBufferPointer { bits in
            seen.withUnsafeMutableBufferPointer { seen in
                MagicRuleSet.forEachFreedesktopRuleHint { hint, identifier in
                    let isTrusted = hint >= 0 && Int(hint) < trustedBelow
                    if skippingTrusted && isTrusted { return }
                    let found = isTrusted ? Int(hint) : identifier().flatMap { graph.ordinal(identifierUTF8: $0, hint: Int(hint)) }
                    if !skippingTrusted { ordinals.append(Int32(found ?? -1)) }
                    guard let ordinal = found else { return }
                    let word = ordinal >> 6, bit = UInt64(1) << UInt64(ordinal & 63)
                    guard seen[word] & bit == 0 else { return }
                    seen[word] |= bit
                    MagicRuleSet.markProperSupertypes(of: ordinal, in: graph, bits)
                }
            }
        }
        return read ? RuleTypes(bits: bits, ordinals: ordinals) : RuleTypes(bits: [UInt64](repeating: 0, count: seen.count), ordinals: [])
    }

    /// The ordinal of the type of rule `index` of `rules` (nil when the graph does not declare
    /// it): for the built-in rules, its trusted hint or the ordinal kept for it; else looked up.
    private func ruleOrdinal(_ index: Int, in rules: MagicRuleSet, builtIn: Bool) -> Int? {
        if builtIn {
            if trustedHintLimit > 0 {
                let hint = Int(rules.rules.systemOrdinalHint(index))
                if hint >= 0 && hint < trustedHintLimit { return hint }
            } else {
                let ordinals = builtInRuleTypes().ordinals
                if ordinals.count == rules.count { return ordinals[index] >= 0 ? Int(ordinals[index]) : nil }
            }
        }
        return graph[rules.rules[index].identifier]?.ordinal
    }

    /// Whether the declared type `ordinal` conforms to the declared type `supertype`, answered
    /// from its supertype list: the lists the first question already read, where the
    /// conformance table's row of each rule's type would be one more page each.
    private func conforms(_ ordinal: Int, to supertype: Int) -> Bool {
        ordinal == supertype || graph.supertypeOrdinals(of: ordinal).contains(Int32(supertype))
    }

    /// The ranks in `rules` (ascending) of the rules that can refine a strong answer of `type`:
    /// priority 40 or more, and a type of the graph that is a proper subtype of `type`. `nil`
    /// for a type outside the graph (every rule then has to be weighed).
    func refiningRanks(of type: UniformType, in rules: MagicRuleSet) -> [Int32]? {
        guard let ordinal = type.ordinal else { return nil }
        let builtIn = rules.isBuiltIn
        if builtIn, let known = refinements.withLock({ $0.ranks(for: ordinal) }) { return known }
        let ranks = rules.ranked.indices.compactMap { rank -> Int32? in
            let index = Int(rules.ranked[rank].rule)
            guard rules.rules.priority(index) >= 40, let ruleType = ruleOrdinal(index, in: rules, builtIn: builtIn), ruleType != ordinal,
                conforms(ruleType, to: ordinal)
            else { return nil }
            return Int32(rank)
        }
        if builtIn { refinements.withLock { $0.remember(ranks, for: ordinal) } }
        return ranks
    }

    /// The ranks in `rules` (ascending) of the rules that can change a weak answer of the text
    /// type `type`: priority 40 or more, a type of the graph that is `type` or a kind of it,
    /// or any kind of `text` — at priority 80 or more when a name agrees with `type`
    /// (`hasName`), and only at 80 or more when that name says plain text and nothing more
    /// (`nameIsPlainText`: `notes.txt` opening with `Module` is no Visual Basic module, as it
    /// is no language the text classifier might see in it); never a kind of `desktopEntry`
    /// unless `nameIsDesktopEntry`. `nil` for a type outside the graph.
    func textChangingRanks(
        of type: UniformType, text: UniformType, desktopEntry: UniformType?, hasName: Bool, nameIsPlainText: Bool, nameIsDesktopEntry: Bool,
        in rules: MagicRuleSet
    ) -> [Int32]? {
        guard let ordinal = type.ordinal else { return nil }
        let key = ordinal * 8 + (nameIsPlainText ? 4 : 0) + (hasName ? 2 : 0) + (nameIsDesktopEntry ? 1 : 0)
        let builtIn = rules.isBuiltIn
        if builtIn, let known = textChanges.withLock({ $0.ranks(for: key) }) { return known }
        let ranks = rules.ranked.indices.compactMap { rank -> Int32? in
            let index = Int(rules.ranked[rank].rule)
            let priority = rules.rules.priority(index)
            guard priority >= 40, let ruleType = ruleOrdinal(index, in: rules, builtIn: builtIn) else { return nil }
            if let desktopEntry = desktopEntry?.ordinal, conforms(ruleType, to: desktopEntry), !nameIsDesktopEntry { return nil }
            let isText = text.ordinal.map { conforms(ruleType, to: $0) } ?? false
            guard priority >= 80 || !nameIsPlainText else { return nil }
            guard conforms(ruleType, to: ordinal) || ((priority >= 80 || !hasName) && isText) else { return nil }
            return Int32(rank)
        }
        if builtIn { textChanges.withLock { $0.remember(ranks, for: key) } }
        return ranks
    }
}
