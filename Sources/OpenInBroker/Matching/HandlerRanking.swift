public import DocumentCatalog
public import UniformTypes

/// Ranks the apps that can open a type, with the reason for every place.
///
/// Policy:
/// 1. a per-file override (for the role, then for any role); then the user's default for the
///    name's dynamic type (see below), then for the exact type, each for the role, then any
///    role; then mimeapps.list `Default Applications` for the type's MIME types, in the spec's
///    file precedence;
/// 2. apps that claim the name's dynamic type — an extension no declared type owns, claimed
///    by `CFBundleTypeExtensions` (`kdbx` for `vault.kdbx`) — are *recommended*, ahead of the
///    claims on the exact type; then apps that claim the exact type — and apps mimeapps.list
///    `Added Associations` add for its MIME types — are *recommended*; each level is ordered
///    by rank (Owner > Default > Alternate), then role fit, then most recently used, then
///    name and id (a stable order);
/// 3. then apps claiming each supertype, in breadth-first conformance order (*fallback*),
///    ordered the same way inside each level; claims on the catch-all roots `public.data`,
///    `public.item` and `public.content` come last;
/// 4. an app appears once, in its best place; claims with rank None or role None are listed only
///    when `includeAll` is set and never become the default;
/// 5. left out, with the reason: hidden entries, entries whose `TryExec` program is missing,
///    entries not shown in the current desktop (`OnlyShowIn`/`NotShowIn`), associations
///    mimeapps.list removes, and claims whose role does not fit the requested one.
///
/// The name's dynamic type (ContentSniffing's `Resolution.nameType`) is what Launch Services
/// gives a file whose extension no declared type owns, and the claim on it is the claim of
/// that exact extension: it ranks as a claim on a declared type of that extension would, which
/// refines the content's type (a declared `scad` type under plain text would put OpenSCAD at
/// distance 0 and text editors one step up). So it comes before the content type's own claims,
/// without demoting them: text editors stay *recommended* for `part.scad`, after OpenSCAD.
/// Only an extension that no declared type owns has such a type, so a legacy claim never takes
/// a declared extension from the apps claiming its type. A MIME type no declared type names
/// (`CFBundleTypeMIMETypes`, desktop `MimeType=`) is claimed as its `dyn.mime.` type and
/// matches a file resolved to that MIME type (a declared `--mime`, libmagic's answer).
///
/// Role fit: asking for `viewer` accepts Viewer and Editor claims (Viewer first); `editor`
/// accepts Editor only; `shell` accepts Shell only; `any` accepts all three (Editor first).
public struct HandlerRanking: Sendable {
    /// The snapshot ranked against.
    public let snapshot: CatalogSnapshot
    /// The current desktops (`XDG_CURRENT_DESKTOP`), for `OnlyShowIn`/`NotShowIn`.
    public let desktops: [String]

    private let catchAllRoots: CatchAllRoots
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
        catchAllRoots = CatchAllRoots(snapshot.graph)
    }

    /// The ranked handlers of `type`.
    ///
    /// - Parameters:
    ///   - type: the document's type.
    ///   - nameType: the dynamic type of the document's extension when no declared type owns
    ///     it (ContentSniffing's `Resolution.nameType`), whose claims come first.
    ///   - role: the role asked for.
    ///   - path: the document's absolute path, for a per-file override.
    ///   - includeAll: also list rank None and role None claims.
    public func handlers(
        for type: UniformType, nameType: UniformType? = nil, role: RequestedRole = .any, path: String? = nil, includeAll: Bool = false
    ) -> HandlerList {
        memoized(Subject(type: type, nameType: nameType), role: role, path: path, includeAll: includeAll, firstOnly: false)
    }

    /// The answer for a declared type without a per-file override comes from the memo when it
    /// was ranked before; everything else is ranked afresh.
    private func memoized(_ subject: Subject, role: RequestedRole, path: String?, includeAll: Bool, firstOnly: Bool) -> HandlerList {
        guard let memo, let ordinal = subject.type.ordinal, !hasFileOverride(path, role: role) else {
            return rank(subject, role: role, path: path, includeAll: includeAll, firstOnly: firstOnly)
        }
        let key = RankingMemo.Key(
            type: Int32(ordinal), nameType: subject.nameType?.identifier.folded, role: role, includeAll: includeAll, firstOnly: firstOnly)
        if let known = memo.list(for: key) { return known }
        let list = rank(subject, role: role, path: nil, includeAll: includeAll, firstOnly: firstOnly)
        memo.store(list, for: key)
        return list
    }

    private func hasFileOverride(_ path: String?, role: RequestedRole) -> Bool {
        guard let path else { return false }
        return snapshot.userDefault(scope: .file, key: path, role: role) != nil
            || snapshot.userDefault(scope: .file, key: path, role: .any) != nil
    }

    /// Ranks, stopping after the first candidate when `firstOnly` (the default handler needs no more).
    private func rank(_ subject: Subject, role: RequestedRole, path: String?, includeAll: Bool, firstOnly: Bool) -> HandlerList {
        var pass = RankingPass(
            snapshot: snapshot, desktops: desktops, catchAllRoots: catchAllRoots,
            type: subject.type, nameType: subject.nameType, role: role, includeAll: includeAll, firstOnly: firstOnly)
        return pass.run(path: path)
    }

    /// The default handler of `type` (and of the name's dynamic type, `nameType`, as
    /// ``handlers(for:nameType:role:path:includeAll:)`` ranks them) for `role`, or `nil`.
    public func defaultHandler(for type: UniformType, nameType: UniformType? = nil, role: RequestedRole = .any, path: String? = nil) -> HandlerCandidate? {
        memoized(Subject(type: type, nameType: nameType), role: role, path: path, includeAll: false, firstOnly: true).defaultHandler
    }

    /// What is ranked: the document's type, and the name's dynamic type beside it.
    private struct Subject {
        var type: UniformType
        var nameType: UniformType?
    }
}
