public import DocumentCatalog
public import UniformTypes

/// Ranks the apps that can open a type, with the reason for every place.
///
/// Policy:
/// 1. a per-file override (for the role, then for any role); then the user's default for the
///    exact type and role (then any role); then mimeapps.list `Default Applications` for the
///    type's MIME types, in the spec's file precedence;
/// 2. apps that claim the exact type — and apps mimeapps.list `Added Associations` add for
///    its MIME types — are *recommended*, ordered by rank (Owner > Default > Alternate), then
///    role fit, then most recently used, then name and id (a stable order);
/// 3. then apps claiming each supertype, in breadth-first conformance order (*fallback*),
///    ordered the same way inside each level; claims on the catch-all roots `public.data`,
///    `public.item` and `public.content` come last;
/// 4. an app appears once, in its best place; claims with rank None or role None are listed only
///    when `includeAll` is set and never become the default;
/// 5. left out, with the reason: hidden entries, entries whose `TryExec` program is missing,
///    entries not shown in the current desktop (`OnlyShowIn`/`NotShowIn`), associations
///    mimeapps.list removes, and claims whose role does not fit the requested one.
///
/// Role fit: asking for `viewer` accepts Viewer and Editor claims (Viewer first); `editor`
/// accepts Editor only; `shell` accepts Shell only; `any` accepts all three (Editor first).
public struct HandlerRanking: Sendable {
    /// The snapshot ranked against.
    public let snapshot: CatalogSnapshot
    /// The current desktops (`XDG_CURRENT_DESKTOP`), for `OnlyShowIn`/`NotShowIn`.
    public let desktops: [String]

    private let catchAll: [UniformType]
    private let memo: RankingMemo?

    /// Creates a ranking over a snapshot.
    ///
    /// A ranking remembers its answers: the snapshot never changes, so the same type, role and
    /// options always rank the same (a per-file override is looked up every time). A process
    /// that asks once and exits passes `remembersAnswers: false` and skips the memo.
    public init(snapshot: CatalogSnapshot, desktops: [String] = [], remembersAnswers: Bool = true) {
        self.snapshot = snapshot
        self.desktops = desktops
        memo = remembersAnswers ? RankingMemo() : nil
        let graph = snapshot.graph
        catchAll = [TypeIdentifier.data, .item, .content].compactMap { graph[$0] }
    }

    /// The ranked handlers of `type`.
    ///
    /// - Parameters:
    ///   - type: the document's type.
    ///   - role: the role asked for.
    ///   - path: the document's absolute path, for a per-file override.
    ///   - includeAll: also list rank None and role None claims.
    public func handlers(for type: UniformType, role: RequestedRole = .any, path: String? = nil, includeAll: Bool = false) -> HandlerList {
        memoized(type, role: role, path: path, includeAll: includeAll, firstOnly: false)
    }

    /// The answer for a declared type without a per-file override comes from the memo when it
    /// was ranked before; everything else is ranked afresh.
    private func memoized(_ type: UniformType, role: RequestedRole, path: String?, includeAll: Bool, firstOnly: Bool) -> HandlerList {
        guard let memo, let ordinal = type.ordinal, !hasFileOverride(path, role: role) else {
            return rank(type, role: role, path: path, includeAll: includeAll, firstOnly: firstOnly)
        }
        let key = RankingMemo.Key(type: Int32(ordinal), role: role, includeAll: includeAll, firstOnly: firstOnly)
        if let known = memo.list(for: key) { return known }
        let list = rank(type, role: role, path: nil, includeAll: includeAll, firstOnly: firstOnly)
        memo.store(list, for: key)
        return list
    }

    private func hasFileOverride(_ path: String?, role: RequestedRole) -> Bool {
        guard let path else { return false }
        return snapshot.userDefault(scope: .file, key: path, role: role) != nil
            || snapshot.userDefault(scope: .file, key: path, role: .any) != nil
    }

    /// Ranks, stopping after the first candidate when `firstOnly` (the default handler needs no more).
    private func rank(_ type: UniformType, role: RequestedRole, path: String?, includeAll: Bool, firstOnly: Bool) -> HandlerList {
        var pass = RankingPass(
            snapshot: snapshot, desktops: desktops, catchAll: catchAll,
            type: type, role: role, includeAll: includeAll, firstOnly: firstOnly)
        return pass.run(path: path)
    }

    /// The default handler of `type` for `role`, or `nil`.
    public func defaultHandler(for type: UniformType, role: RequestedRole = .any, path: String? = nil) -> HandlerCandidate? {
        memoized(type, role: role, path: path, includeAll: false, firstOnly: true).defaultHandler
    }
}
