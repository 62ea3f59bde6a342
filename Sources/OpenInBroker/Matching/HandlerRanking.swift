import DeclarationFormats
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
        catchAll = ["public.data", "public.item", "public.content"].compactMap { graph[$0] }
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
        var chosen: [HandlerCandidate] = []
        // Apps already placed or left out; lists stay short, so arrays beat sets here.
        var placed: [Int32] = []
        var excluded: [ExcludedHandler] = []
        var excludedApps: [Int32] = []

        func exclude(_ app: Int32, _ reason: @autoclosure () -> String) {
            if placed.contains(app) || excludedApps.contains(app) { return }
            excludedApps.append(app)
            excluded.append(ExcludedHandler(app: snapshot.apps[Int(app)], reason: reason()))
        }

        /// Why an app cannot be offered at all, or `nil`.
        func unavailability(_ app: Int32) -> String? {
            let record = snapshot.apps[Int(app)]
            if record.hidden { return "its desktop entry is Hidden" }
            if let missing = snapshot.missingProgram(app) {
                return missing.key == "TryExec"
                    ? "its TryExec program '\(missing.program)' is not installed"
                    : "its Exec program '\(missing.program)' is not found on PATH"
            }
            if !desktops.isEmpty && !record.isShown(inDesktops: desktops) { return "not shown in the current desktop (\(desktops.joined(separator: ":")))" }
            return nil
        }

        let usesMimeApps = snapshot.hasMimeAppsAssociations
        let mimeTypes = usesMimeApps ? type.tags[.mimeType] ?? [] : []
        func removedByMimeApps(_ app: Int32) -> Bool {
            if !usesMimeApps { return false }
            let id = snapshot.apps[Int(app)].id
            return mimeTypes.contains { snapshot.mimeAppsRemoves(mimeType: $0, appID: id) }
        }

        /// The best claim of `app` on `target` that fits the role, if any.
        func bestClaim(of app: Int32, on target: UniformType) -> ResolvedClaim? {
            var best: ResolvedClaim?
            for index in snapshot.claimIndices(app: app) {
                let claim = snapshot.claims[Int(index)]
                guard claim.type == target, roleFit(claim.role, role) != nil else { continue }
                if best == nil || claim.rank < best!.rank { best = claim }
            }
            return best
        }

        // 1. Overrides and defaults.
        func placeDefault(_ app: Int32?, group: HandlerCandidate.Group, reason: @autoclosure () -> String) {
            guard let app, !placed.contains(app) else { return }
            if let why = unavailability(app) {
                exclude(app, why)
                return
            }
            // A default app's claim, if it has one (a forced default may claim nothing).
            var matched = type
            var distance = 0
            var claim = bestClaim(of: app, on: type)
            if claim == nil {
                for (level, ancestor) in type.supertypes.enumerated() {
                    if let found = bestClaim(of: app, on: ancestor) {
                        claim = found
                        matched = ancestor
                        distance = level + 1
                        break
                    }
                }
            }
            placed.append(app)
            chosen.append(HandlerCandidate(
                app: snapshot.apps[Int(app)], group: group, matchedType: matched, distance: distance,
                role: claim?.role ?? .viewer, rank: claim?.rank ?? .default, claimValue: claim?.value ?? "",
                lastUsed: snapshot.lastUsed(app: app, type: type), isDefault: false, note: reason()))
        }
        if let path {
            placeDefault(snapshot.userDefault(scope: .file, key: path, role: role), group: .fileOverride, reason: "chosen for this file")
            if role != .any {
                placeDefault(snapshot.userDefault(scope: .file, key: path, role: .any), group: .fileOverride, reason: "chosen for this file")
            }
        }
        placeDefault(snapshot.userDefault(scope: .type, key: type.identifier.rawValue, role: role), group: .userDefault, reason: "your default for \(type.identifier) (\(role.rawValue))")
        if role != .any {
            placeDefault(snapshot.userDefault(scope: .type, key: type.identifier.rawValue, role: .any), group: .userDefault, reason: "your default for \(type.identifier)")
        }
        for mime in mimeTypes {
            for id in snapshot.mimeAppsDefaults(mimeType: mime) {
                guard let app = snapshot.app(id: id) else { continue }
                if removedByMimeApps(app.index) { continue }
                // mimeapps.list may name an app that does not list the type; like GLib, it is accepted.
                placeDefault(app.index, group: .mimeAppsDefault, reason: "mimeapps.list default for \(mime)")
            }
        }

        func finished() -> HandlerList {
            excluded.removeAll { placed.contains($0.app.index) }
            if let first = chosen.indices.first, chosen[first].rank != .none, chosen[first].role != .none {
                chosen[first].isDefault = true
            }
            return HandlerList(type: type, role: role, candidates: chosen, excluded: excluded)
        }
        if firstOnly && !chosen.isEmpty { return finished() }

        // 2–3. Claims on the type, then each supertype breadth-first, catch-all roots last.
        var levels: [(UniformType, Int, HandlerCandidate.Group)] = [(type, 0, .recommended)]
        var roots: [(UniformType, Int)] = []
        for (index, ancestor) in type.supertypes.enumerated() {
            if catchAll.contains(ancestor) { roots.append((ancestor, index + 1)) } else { levels.append((ancestor, index + 1, .fallback)) }
        }
        if catchAll.contains(type) { levels[0].2 = .catchAll }
        levels += roots.map { ($0.0, $0.1, .catchAll) }

        for (target, distance, group) in levels {
            var level: [HandlerCandidate] = []
            var seenHere: [Int32] = []
            for index in snapshot.claimIndices(exactly: target) {
                let claim = snapshot.claims[Int(index)]
                let app = claim.app
                if placed.contains(app) { continue }
                let listsRoleNone = includeAll && claim.role == .none
                if roleFit(claim.role, role) == nil && !listsRoleNone {
                    exclude(app, "its claim on \(target.identifier) is for role \(claim.role.rawValue), not \(role.rawValue)")
                    continue
                }
                if claim.rank == .none && !includeAll {
                    exclude(app, "its claim on \(target.identifier) has rank None")
                    continue
                }
                if let why = unavailability(app) {
                    exclude(app, why)
                    continue
                }
                if removedByMimeApps(app) {
                    exclude(app, "mimeapps.list removes its association with \(mimeTypes.first ?? type.identifier.rawValue)")
                    continue
                }
                if let existing = level.firstIndex(where: { $0.app.index == app }) {
                    if claim.rank < level[existing].rank { level[existing].rank = claim.rank }
                    continue
                }
                seenHere.append(app)
                level.append(HandlerCandidate(
                    app: snapshot.apps[Int(app)], group: group, matchedType: target, distance: distance, role: claim.role,
                    rank: claim.rank, claimValue: claim.value, lastUsed: snapshot.lastUsed(app: app, type: type), isDefault: false,
                    note: nil))
            }
            if distance == 0 {
                for mime in mimeTypes {
                    for id in snapshot.mimeAppsAdded(mimeType: mime) {
                        guard let app = snapshot.app(id: id), !placed.contains(app.index), !seenHere.contains(app.index) else { continue }
                        if let why = unavailability(app.index) {
                            exclude(app.index, why)
                            continue
                        }
                        if removedByMimeApps(app.index) { continue }
                        seenHere.append(app.index)
                        level.append(HandlerCandidate(
                            app: app, group: .recommended, matchedType: type, distance: 0, role: .viewer, rank: .default,
                            claimValue: mime, lastUsed: snapshot.lastUsed(app: app.index, type: type), isDefault: false,
                            note: "mimeapps.list adds it for \(mime)"))
                    }
                }
            }
            // Sort small keys, then place the candidates once (moving whole candidates while
            // sorting would copy every reference they hold at each step).
            let order = level.indices.map { index in
                let candidate = level[index]
                return LevelKey(
                    rank: candidate.rank, fit: roleFit(candidate.role, role) ?? 9, lastUsed: candidate.lastUsed ?? 0,
                    nameRank: snapshot.nameRank(candidate.app.index), position: index)
            }.sorted()
            for key in order {
                placed.append(level[key.position].app.index)
                chosen.append(level[key.position])
            }
            if firstOnly && !chosen.isEmpty { return finished() }
        }
        return finished()
    }

    /// The default handler of `type` for `role`, or `nil`.
    public func defaultHandler(for type: UniformType, role: RequestedRole = .any, path: String? = nil) -> HandlerCandidate? {
        memoized(type, role: role, path: path, includeAll: false, firstOnly: true).defaultHandler
    }

    /// How well a claim's role fits the requested role: `nil` when it does not, else 0 (best),
    /// 1, 2.
    func roleFit(_ claimed: DocumentRole, _ requested: RequestedRole) -> Int? {
        switch (requested, claimed) {
        case (.viewer, .viewer): 0
        case (.viewer, .editor): 1
        case (.editor, .editor): 0
        case (.shell, .shell): 0
        case (.any, .editor): 0
        case (.any, .viewer): 1
        case (.any, .shell): 2
        default: nil
        }
    }
}

/// The order inside one level of the ranking: rank, role fit, most recent use, then name order.
private struct LevelKey: Comparable {
    var rank: HandlerRank
    var fit: Int
    var lastUsed: Double
    var nameRank: Int32
    var position: Int

    static func < (a: LevelKey, b: LevelKey) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        if a.fit != b.fit { return a.fit < b.fit }
        if a.lastUsed != b.lastUsed { return a.lastUsed > b.lastUsed }
        if a.nameRank != b.nameRank { return a.nameRank < b.nameRank }
        return a.position < b.position
    }
}
