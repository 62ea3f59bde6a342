import Synchronization
import UniformTypes

/// The types some magic rule's type is a proper subtype of: the only strong answers the magic
/// rules can refine (PNG, since APNG is one; not PDF). The rules' types are looked up in the
/// graph on the first question, and each answer is kept, so a process that never asks pays
/// nothing and one that asks once pays one pass over the rules' types.
final class MagicRefinableTypes: Sendable {
    private let graph: TypeGraph
    /// The distinct types the rules name, once looked up, and the answers given so far by
    /// ordinal.
    private let state = Mutex<(ruleTypes: [UniformType]?, answers: [Int: Bool])>((nil, [:]))
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
        return state.withLock { state in
            if let known = state.answers[ordinal] { return known }
            if state.ruleTypes == nil {
                var seen = Set<Int>()
                state.ruleTypes = MagicRuleSet.freedesktopIdentifiers.map { graph.identity($0) }.filter { $0.ordinal.map { seen.insert($0).inserted } ?? true }
            }
            let answer = state.ruleTypes!.contains { $0 != type && $0.conforms(to: type) }
            state.answers[ordinal] = answer
            return answer
        }
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
