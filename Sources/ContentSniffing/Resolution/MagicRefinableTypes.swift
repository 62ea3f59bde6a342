import Synchronization
import UniformTypes

/// The types some magic rule's type is a proper subtype of: the only strong answers the magic
/// rules can refine (PNG, since APNG is one; not PDF). Worked out on the first question, in one
/// pass over the rules' identifiers read in place from the compiled image, each looked up in the
/// graph and its supertypes marked; a process that never asks pays nothing.
final class MagicRefinableTypes: Sendable {
    private let graph: TypeGraph
    /// One bit per ordinal of the graph, set for each proper supertype of some rule's type; empty
    /// until the first question.
    private let refinable = Mutex<[UInt64]>([])
    /// The ranks that can refine each strong answer asked about so far, by ordinal.
    private let refinements = Mutex<[Int: [Int32]]>([:])
    /// The ranks that can change each weak text answer asked about so far, by ordinal times
    /// four, plus two when a name agrees with it, plus one when that name is a desktop entry's.
    private let textChanges = Mutex<[Int: [Int32]]>([:])

    /// The refinable types of `graph`.
    init(_ graph: TypeGraph) { self.graph = graph }

    /// Whether some magic rule names a proper subtype of `type`; `true` for a type outside the
    /// graph (it cannot be ruled out).
    func contains(_ type: UniformType) -> Bool {
        guard let ordinal = type.ordinal else { return true }
        return refinable.withLock { bits in
            if bits.isEmpty { bits = Self.supertypeBits(of: MagicRuleSet.freedesktopIdentifierBytes, in: graph) }
            return bits[ordinal >> 6] & (1 << UInt64(ordinal & 63)) != 0
        }
    }

    /// One bit per ordinal of `graph` (at least one word), set for each proper supertype of a
    /// declared type that `identifiers` (UTF-8) name.
    static func supertypeBits(of identifiers: [UnsafeRawBufferPointer], in graph: TypeGraph) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: max((graph.count + 63) >> 6, 1))
        var seen = bits
        for identifier in identifiers {
            guard let ordinal = graph.ordinal(identifierUTF8: identifier), seen[ordinal >> 6] & (1 << UInt64(ordinal & 63)) == 0 else {
                continue
            }
            seen[ordinal >> 6] |= 1 << UInt64(ordinal & 63)
            for supertype in graph.supertypeOrdinals(of: ordinal) { bits[Int(supertype) >> 6] |= 1 << UInt64(supertype & 63) }
        }
        return bits
    }

    /// The ranks in `rules` (ascending) of the rules that can refine a strong answer of `type`:
    /// priority 40 or more, and a type of the graph that is a proper subtype of `type`. `nil`
    /// for a type outside the graph (every rule then has to be weighed).
    func refiningRanks(of type: UniformType, in rules: MagicRuleSet) -> [Int32]? {
        guard let ordinal = type.ordinal else { return nil }
        if let known = refinements.withLock({ $0[ordinal] }) { return known }
        let ranks = rules.ranked.indices.compactMap { rank -> Int32? in
            let rule = rules.rules[Int(rules.ranked[rank].rule)]
            guard rule.priority >= 40, let ruleType = graph[rule.identifier], ruleType != type, ruleType.conforms(to: type) else { return nil }
            return Int32(rank)
        }
        refinements.withLock { $0[ordinal] = ranks }
        return ranks
    }

    /// The ranks in `rules` (ascending) of the rules that can change a weak answer of the text
    /// type `type`: priority 40 or more, a type of the graph that is `type` or a kind of it,
    /// or any kind of `text` — at priority 80 or more when a name agrees with `type`
    /// (`hasName`); never a kind of `desktopEntry` unless `nameIsDesktopEntry`. `nil` for a
    /// type outside the graph.
    func textChangingRanks(
        of type: UniformType, text: UniformType, desktopEntry: UniformType?, hasName: Bool, nameIsDesktopEntry: Bool, in rules: MagicRuleSet
    ) -> [Int32]? {
        guard let ordinal = type.ordinal else { return nil }
        let key = ordinal * 4 + (hasName ? 2 : 0) + (nameIsDesktopEntry ? 1 : 0)
        if let known = textChanges.withLock({ $0[key] }) { return known }
        let ranks = rules.ranked.indices.compactMap { rank -> Int32? in
            let rule = rules.rules[Int(rules.ranked[rank].rule)]
            guard rule.priority >= 40, let ruleType = graph[rule.identifier] else { return nil }
            if let desktopEntry, ruleType.conforms(to: desktopEntry), !nameIsDesktopEntry { return nil }
            guard ruleType.conforms(to: type) || ((rule.priority >= 80 || !hasName) && ruleType.conforms(to: text)) else { return nil }
            return Int32(rank)
        }
        textChanges.withLock { $0[key] = ranks }
        return ranks
    }
}
