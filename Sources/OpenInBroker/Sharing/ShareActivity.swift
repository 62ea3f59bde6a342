public import DeclarationFormats

/// One extension weighed against a set of items, with its reasons: an activity the share sheet
/// offers, or one it leaves out and why.
///
/// ```swift
/// for activity in try broker.shareActivities(for: items).offered { print(activity.title, "—", activity.reason) }
/// ```
public struct ShareActivity: Sendable, Equatable {
    /// The extension's id (what `share --to` takes).
    public var extensionID: String
    /// The app that declares it.
    public var appID: String
    /// Share or action.
    public var kind: ShareExtensionDeclaration.Kind
    /// The name shown.
    public var title: String
    /// Whether it takes the set, with its score or the refusal.
    public var verdict: ShareRuleVerdict
    /// Why it takes the set, or why not, in one line.
    public var reason: String
    /// For each item, in order: which part of the rule took or refused it.
    public var itemReasons: [String]
    /// The file the extension was declared in.
    public var source: String
}

/// The share sheet for a set of items: the items with their types, the activities offered (best
/// first) and the extensions left out.
public struct ShareActivities: Sendable, Equatable {
    /// The items, with their types.
    public var items: [ResolvedShareItem]
    /// The extensions that take the whole set, ranked.
    public var offered: [ShareActivity]
    /// The extensions that refuse it, by id.
    public var refused: [ShareActivity]
}
