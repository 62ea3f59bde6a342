import Synchronization
import UniformTypes

/// A rule set's rules by type, built the first time something asks which rules a type has or
/// which types the rules know: building it hashes every rule's identifier, which a process
/// that only evaluates the rules (`openwith type` on most files) never needs.
final class MagicRuleTypeIndex: Sendable {
    /// The index itself.
    struct Value: Sendable {
        /// The rules of each type, as indexes into the rule list, by folded identifier.
        var rulesByType: [String: [Int]]
        /// Every type a rule names, each once, in table order.
        var types: [TypeIdentifier]
    }

    private let rules: MagicRuleTable
    private let built = Mutex<Value?>(nil)

    init(rules: MagicRuleTable) {
        self.rules = rules
    }

    /// The index, built on the first call (under a lock, so once).
    var value: Value {
        built.withLock { built in
            if let built { return built }
            var byType: [String: [Int]] = [:]
            byType.reserveCapacity(rules.count)
            var types: [TypeIdentifier] = []
            for (position, rule) in rules.enumerated() {
                let key = rule.identifier.folded
                if byType[key] == nil { types.append(rule.identifier) }
                byType[key, default: []].append(position)
            }
            let value = Value(rulesByType: byType, types: types)
            built = value
            return value
        }
    }
}
