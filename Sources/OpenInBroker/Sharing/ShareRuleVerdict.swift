/// Whether an extension's activation rule takes a set of items, and if not, the first reason why.
///
/// ```swift
/// if case .refused(let refusal) = activity.verdict { print(refusal) }
/// ```
public enum ShareRuleVerdict: Sendable, Equatable {
    /// The rule takes every item; `score` is the sum of the specificity of what each item was
    /// matched to (deeper types score higher).
    case accepted(score: Int)
    /// The rule refuses the set.
    case refused(ShareRefusal)

    /// Whether the set is taken.
    public var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}

/// Why an activation rule refuses a set of items.
public enum ShareRefusal: Sendable, Equatable {
    /// There are no items (or fewer than the rule's minimum).
    case tooFew(count: Int, minimum: Int)
    /// The item at `index` conforms to none of the rule's types.
    case notConforming(index: Int)
    /// The item at `index` is of a kind the rule does not take (text to an image-only rule).
    case kindNotTaken(index: Int)
    /// More items of a kind than the rule takes.
    case tooManyOfKind(kind: ShareItemKind, count: Int, limit: Int)
    /// More items in all than the rule takes.
    case tooMany(count: Int, limit: Int)
    /// The extension's app cannot be launched here: the program its `key` (`TryExec` or `Exec`)
    /// names is missing.
    case appCannotLaunch(key: String, program: String)
}

/// The kinds an activation rule's dictionary counts.
public enum ShareItemKind: String, Sendable, Equatable, Codable {
    /// Files not counted as images or movies.
    case file
    /// Files conforming to `public.image`.
    case image
    /// Files conforming to `public.movie`.
    case movie
    /// Text items.
    case text
    /// Web URLs.
    case webURL = "web URL"

    init(_ category: ShareItemSet.Category) {
        switch category {
        case .file: self = .file
        case .image: self = .image
        case .movie: self = .movie
        case .text: self = .text
        case .webURL: self = .webURL
        }
    }

    /// The plural for reasons ("3 images").
    func counted(_ count: Int) -> String {
        let noun = self == .webURL ? "web URL" : rawValue
        return "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
