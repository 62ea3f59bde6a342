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
}
