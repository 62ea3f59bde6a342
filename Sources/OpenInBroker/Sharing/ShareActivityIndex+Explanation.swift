import DeclarationFormats
import UniformTypes

extension ShareActivityIndex {
    /// The whole share sheet for `set`: the offered activities in rank order and the refused
    /// extensions, each with its reason and a reason per item.
    public func activities(for set: ShareItemSet) -> ShareActivities {
        let ranked = rank(set)
        let offered = ranked.map { activity(at: $0.extensionIndex, verdict: .accepted(score: $0.score), set: set) }
        let taken = Set(ranked.map(\.extensionIndex))
        let refused = extensions.indices.filter { !taken.contains($0) }.map { activity(at: $0, verdict: verdict(ofRuleAt: $0, for: set), set: set) }
        return ShareActivities(items: set.items, offered: offered, refused: refused)
    }

    /// The extension at `index` weighed against `set`, with its reasons.
    public func activity(at index: Int, verdict: ShareRuleVerdict, set: ShareItemSet) -> ShareActivity {
        let registered = extensions[index]
        let declaration = registered.declaration
        let keys = ShareRuleKeys(desktop: declaration.source.hasSuffix(".desktop"))
        let reason: String
        switch verdict {
        case .accepted: reason = acceptance(rules[index], set: set, keys: keys)
        case .refused(let refusal): reason = describe(refusal, rule: rules[index], set: set, keys: keys)
        }
        return ShareActivity(
            extensionID: registered.identifier, appID: registered.appID, kind: declaration.kind, title: declaration.title ?? registered.identifier,
            verdict: verdict, reason: reason, itemReasons: set.items.indices.map { itemReason($0, rule: rules[index], set: set, keys: keys) },
            source: declaration.source)
    }

    /// What an accepting rule took: "takes 2 images (at most 5) and 1 web URL (at most 1)".
    func acceptance(_ rule: CompiledShareRule, set: ShareItemSet, keys: ShareRuleKeys) -> String {
        if rule.acceptsAnything { return "takes any items (TRUEPREDICATE)" }
        var parts: [String] = []
        if rule.countsByKind {
            var counts: [ShareItemSet.Category: Int] = [:]
            for category in set.categories where rule.limit(of: rule.countingCategory(of: category)) >= 0 {
                counts[rule.countingCategory(of: category), default: 0] += 1
            }
            for category in [ShareItemSet.Category.image, .movie, .file, .text, .webURL] {
                guard let counted = counts[category] else { continue }
                parts.append("\(ShareItemKind(category).counted(counted)) (\(bound(rule.limit(of: category))))")
            }
        }
        if !rule.acceptedTypes.isEmpty {
            parts.append("\(set.count) item\(set.count == 1 ? "" : "s") conforming to \(rule.acceptedTypes.map(\.identifier.rawValue).joined(separator: " or "))")
        }
        if parts.isEmpty { parts.append("\(set.count) attachment\(set.count == 1 ? "" : "s")") }
        var text = "takes " + parts.joined(separator: " and ")
        if rule.maxAttachments >= 0 { text += ", \(bound(rule.maxAttachments)) in all" }
        return text
    }

    /// A refusal in words, naming the rule's key.
    func describe(_ refusal: ShareRefusal, rule: CompiledShareRule, set: ShareItemSet, keys: ShareRuleKeys) -> String {
        switch refusal {
        case .tooFew(let count, let minimum):
            return count == 0 ? "nothing to share" : "takes at least \(minimum) items (\(keys.minimum)); \(count) given"
        case .notConforming(let index):
            return "\(label(index, set)) conforms to none of \(rule.acceptedTypes.map(\.identifier.rawValue).joined(separator: ", ")) (\(keys.types))"
        case .kindNotTaken(let index):
            let kind = ShareItemKind(rule.countingCategory(of: set.categories[index]))
            return "\(label(index, set)) is \(kind == .image ? "an" : "a") \(kind.rawValue), which the rule does not take (no \(keys.name(of: kind)))"
        case .tooManyOfKind(let kind, let count, let limit):
            return "\(kind.counted(count)), but \(keys.name(of: kind)) is \(limit)"
        case .tooMany(let count, let limit):
            return "\(count) items, but at most \(limit) in all (\(keys.all))"
        case .appCannotLaunch(let key, let program):
            return key == "TryExec"
                ? "its app cannot be launched here: its TryExec program '\(program)' is not installed"
                : "its app cannot be launched here: its Exec program '\(program)' is not found on PATH"
        }
    }

    /// Which part of the rule takes or refuses the item at `index`.
    func itemReason(_ index: Int, rule: CompiledShareRule, set: ShareItemSet, keys: ShareRuleKeys) -> String {
        if rule.acceptsAnything { return "\(label(index, set)): taken (TRUEPREDICATE)" }
        var parts: [String] = []
        if !rule.acceptedTypes.isEmpty {
            let type = set.types[index]
            if let matched = rule.acceptedTypes.filter({ type.conforms(to: $0) }).max(by: { $0.supertypes.count < $1.supertypes.count }) {
                parts.append("conforms to \(matched.identifier.rawValue) (\(keys.types))")
            } else {
                parts.append("refused: conforms to none of \(rule.acceptedTypes.map(\.identifier.rawValue).joined(separator: ", ")) (\(keys.types))")
            }
        }
        if rule.countsByKind {
            let category = rule.countingCategory(of: set.categories[index])
            let kind = ShareItemKind(category)
            let limit = rule.limit(of: category)
            if limit > 0 {
                parts.append("counted as \(kind == .image ? "an" : "a") \(kind.rawValue) by \(keys.name(of: kind)) (\(bound(limit)))")
            } else if limit == 0 {
                parts.append("refused: \(keys.name(of: kind)) is 0")
            } else if rule.maxAttachments >= 0 {
                parts.append("taken as an attachment (\(keys.all) \(bound(rule.maxAttachments)))")
            } else if rule.acceptedTypes.isEmpty {
                parts.append("refused: \(kind.rawValue)s are not taken (no \(keys.name(of: kind)))")
            }
        } else if rule.acceptedTypes.isEmpty && rule.maxAttachments >= 0 {
            parts.append("taken as an attachment (\(keys.all) \(bound(rule.maxAttachments)))")
        }
        return "\(label(index, set)): " + parts.joined(separator: "; ")
    }

    func label(_ index: Int, _ set: ShareItemSet) -> String {
        "\(set.items[index].item.label) (\(set.types[index].identifier.rawValue))"
    }

    func bound(_ limit: Int) -> String {
        limit >= ShareActivationRule.unlimited ? "any number" : "at most \(limit)"
    }
}

/// The names of a rule's keys, as the file that declared it writes them.
struct ShareRuleKeys {
    let desktop: Bool

    func name(of kind: ShareItemKind) -> String {
        switch kind {
        case .file: desktop ? "X-OpenWith-Share-Max-Files" : "NSExtensionActivationSupportsFileWithMaxCount"
        case .image: desktop ? "X-OpenWith-Share-Max-Images" : "NSExtensionActivationSupportsImageWithMaxCount"
        case .movie: desktop ? "X-OpenWith-Share-Max-Movies" : "NSExtensionActivationSupportsMovieWithMaxCount"
        case .text: desktop ? "X-OpenWith-Share-Max-Text" : "NSExtensionActivationSupportsText"
        case .webURL: desktop ? "X-OpenWith-Share-Max-Web-URLs" : "NSExtensionActivationSupportsWebURLWithMaxCount"
        }
    }

    var all: String { desktop ? "X-OpenWith-Share-Max-Items" : "NSExtensionActivationSupportsAttachmentsWithMaxCount" }
    var minimum: String { desktop ? "X-OpenWith-Share-Min-Items" : "NSExtensionActivationSupportsAttachmentsWithMinCount" }
    var types: String { desktop ? "X-OpenWith-Share-Types" : "UTI-CONFORMS-TO" }
}
