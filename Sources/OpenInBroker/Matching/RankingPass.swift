import DeclarationFormats
import DocumentCatalog
import UniformTypes

/// One ranking of one type for one role: the working state of ``HandlerRanking``'s policy, with
/// one method per policy step.
///
/// The steps run in policy order and each places apps after the ones already placed: a per-file
/// override, the user's default, mimeapps.list defaults, apps claiming the name's dynamic type
/// (an extension no declared type owns), apps claiming the exact type, apps claiming each
/// supertype breadth-first, apps claiming a catch-all root. An app is placed once,
/// in its best place; an app left out keeps the first reason found, unless a later step places it.
struct RankingPass {
    private let snapshot: CatalogSnapshot
    private let desktops: [String]
    /// Whether no current desktop was given (`OnlyShowIn`/`NotShowIn` then hide nobody).
    private let showsInEveryDesktop: Bool
    /// `public.data`, `public.item` and `public.content`, whose claims come last.
    private let catchAllRoots: CatchAllRoots
    private let type: UniformType
    /// The dynamic type of the file's extension, when no declared type owns it.
    private let nameType: UniformType?
    private let role: RequestedRole
    private let includeAll: Bool
    /// Stop after the first step that places anyone (the default handler needs no more).
    private let firstOnly: Bool
    private let usesMimeApps: Bool
    /// The type's MIME types, when mimeapps.list has associations at all.
    private let mimeTypes: [String]
    /// The type's supertypes in breadth-first order, built when first needed.
    private lazy var supertypes: [UniformType] = type.supertypes

    private var chosen: [HandlerCandidate] = []
    /// Apps already placed.
    private var placed: AppIndexSet
    private var excluded: [ExcludedHandler] = []
    /// Apps already left out (the apps of ``excluded``).
    private var excludedApps: AppIndexSet
    /// The apps of the level being built (see ``claimsLevel(on:distance:group:)``).
    private var inLevel: AppIndexSet
    /// Storage reused from level to level.
    private var entryBuffer: [LevelEntry] = []

    init(
        snapshot: CatalogSnapshot, desktops: [String], catchAllRoots: CatchAllRoots,
        type: UniformType, nameType: UniformType?, role: RequestedRole, includeAll: Bool, firstOnly: Bool
    ) {
        self.snapshot = snapshot
        self.desktops = desktops
        showsInEveryDesktop = desktops.isEmpty
        self.catchAllRoots = catchAllRoots
        self.type = type
        // The name's type only adds something when it is not the type itself (a file resolved by
        // its name alone is already of it).
        self.nameType = nameType == type ? nil : nameType
        self.role = role
        self.includeAll = includeAll
        self.firstOnly = firstOnly
        usesMimeApps = snapshot.hasMimeAppsAssociations
        mimeTypes = usesMimeApps ? type.tags[.mimeType] ?? [] : []
        placed = AppIndexSet(capacity: snapshot.apps.count)
        excludedApps = placed
        inLevel = placed
    }

    /// Runs every step in policy order and returns the list.
    mutating func run(path: String?) -> HandlerList {
        if !firstOnly { reserveRoom(mayAddDefaults: path != nil || snapshot.hasUserDefaults || usesMimeApps) }
        if let path { placeFileOverride(path) }
        placeUserDefault()
        placeMimeAppsDefaults()
        if !isSettled { placeNameTypeClaims() }
        if !isSettled { placeExactTypeClaims() }
        if !isSettled { placeSupertypeClaims() }
        if !isSettled { placeCatchAllRootClaims() }
        return finished()
    }

    /// Makes room, once, for every candidate the claims on the type, the name's type and the
    /// supertypes could place, and for the largest of their levels: the answer and the level
    /// storage are then allocated once and never grow by copying. A few places more when
    /// defaults or mimeapps.list may add apps that claim nothing; never more than the apps, nor
    /// than ``reservedRoomLimit`` (claims a role or rank refuses would otherwise reserve room
    /// for thousands of candidates that never come; past the limit the list grows).
    private mutating func reserveRoom(mayAddDefaults: Bool) {
        var total = 0
        var largest = 0
        func add(_ count: Int) {
            total += count
            largest = Swift.max(largest, count)
        }
        if let ordinal = type.ordinal { add(snapshot.claimCount(ordinal: ordinal)) } else { add(snapshot.claimIndices(exactly: type).count) }
        if let nameType { add(snapshot.claimIndices(exactly: nameType).count) }
        if let ordinals = type.supertypeOrdinals {
            for ordinal in ordinals { add(snapshot.claimCount(ordinal: Int(ordinal))) }
        }
        let extra = mayAddDefaults ? 4 : 0
        let limit = Swift.min(snapshot.apps.count, Self.reservedRoomLimit)
        if total + extra > 0 { chosen.reserveCapacity(Swift.min(total + extra, limit)) }
        if largest + extra > 0 { entryBuffer.reserveCapacity(Swift.min(largest + extra, limit)) }
    }

    /// The most candidates (and level entries) room is made for before any is placed.
    static let reservedRoomLimit = 512

    /// Whether a first-only pass has its answer.
    private var isSettled: Bool { firstOnly && !chosen.isEmpty }

    // MARK: - Overrides and defaults

    /// Step 1a: the app chosen for this one file, for the requested role, then for any role.
    private mutating func placeFileOverride(_ path: String) {
        placeDefault(snapshot.userDefault(scope: .file, key: path, role: role), group: .fileOverride, reason: "chosen for this file")
        if role != .any {
            placeDefault(snapshot.userDefault(scope: .file, key: path, role: .any), group: .fileOverride, reason: "chosen for this file")
        }
    }

    /// Step 1b: the user's default for the name's dynamic type (`openwith default set .kdbx`),
    /// then for the exact type, each for the requested role, then for any role: a default set
    /// for the file's very extension is the more specific choice.
    private mutating func placeUserDefault() {
        guard snapshot.hasUserDefaults else { return }
        if let nameType { placeUserDefault(for: nameType) }
        placeUserDefault(for: type)
    }

    private mutating func placeUserDefault(for type: UniformType) {
        let (identifier, role) = (type.identifier, role)
        placeDefault(
            snapshot.userDefault(scope: .type, key: identifier.rawValue, role: role), group: .userDefault,
            reason: "your default for \(identifier) (\(role.rawValue))")
        if role != .any {
            placeDefault(
                snapshot.userDefault(scope: .type, key: identifier.rawValue, role: .any), group: .userDefault,
                reason: "your default for \(identifier)")
        }
    }

    /// Step 1c: mimeapps.list `Default Applications` for the type's MIME types, in the spec's
    /// file precedence. Like GLib, an app named there is accepted even when it does not list the
    /// type; one that mimeapps.list also removes is skipped.
    private mutating func placeMimeAppsDefaults() {
        for mime in mimeTypes {
            for id in snapshot.mimeAppsDefaults(mimeType: mime) {
                guard let app = snapshot.app(id: id) else { continue }
                if removedByMimeApps(app.index) { continue }
                placeDefault(app.index, group: .mimeAppsDefault, reason: "mimeapps.list default for \(mime)")
            }
        }
    }

    /// Places a default (an override, the user's, mimeapps.list's) with the app's best claim on
    /// the type or its nearest supertype, if it has one: a forced default may claim nothing.
    private mutating func placeDefault(_ app: Int32?, group: HandlerCandidate.Group, reason: @autoclosure () -> String) {
        guard let app, !placed.contains(app) else { return }
        if let why = unavailability(app) {
            exclude(app, why)
            return
        }
        var matched = type
        var distance = 0
        var claim = bestClaim(of: app, on: type)
        if claim == nil, let nameType, let found = bestClaim(of: app, on: nameType) {
            claim = found
            matched = nameType
        }
        if claim == nil {
            for (level, ancestor) in supertypes.enumerated() {
                if let found = bestClaim(of: app, on: ancestor) {
                    claim = found
                    matched = ancestor
                    distance = level + 1
                    break
                }
            }
        }
        placed.insert(app)
        chosen.append(HandlerCandidate(
            app: snapshot.apps[Int(app)], group: group, matchedType: matched, distance: distance,
            role: claim?.role ?? .viewer, rank: claim?.rank ?? .default, claimValue: claim?.value ?? "",
            lastUsed: snapshot.lastUsed(app: app, type: type), isDefault: false, note: reason()))
    }

    // MARK: - Claims

    /// Step 2a: apps claiming the name's dynamic type — the legacy claim of an extension no
    /// declared type owns (`CFBundleTypeExtensions` `kdbx`) — are *recommended*, before the
    /// claims on the exact type: Launch Services gives the file that type, and the claim is as
    /// exact as a claim on a declared type of that extension, which would refine the content's
    /// type. The reason says so ("claims the extension .kdbx, which no declared type owns").
    private mutating func placeNameTypeClaims() {
        guard let nameType else { return }
        place(claimsLevel(on: nameType, distance: 0, group: .recommended))
    }

    /// Step 2b: apps claiming the exact type, and apps mimeapps.list `Added Associations` adds
    /// for its MIME types, are *recommended* (or *catch-all* when the type is itself a root).
    private mutating func placeExactTypeClaims() {
        var level = claimsLevel(on: type, distance: 0, group: catchAllRoots.contains(type) ? .catchAll : .recommended)
        addMimeAppsAssociations(to: &level)
        place(level)
    }

    /// Step 3: apps claiming each supertype, in breadth-first conformance order, are *fallback*;
    /// the catch-all roots wait for the last step.
    private mutating func placeSupertypeClaims() {
        placeSupertypeLevels(atRoots: false, group: .fallback)
    }

    /// Step 4: apps claiming a catch-all root (`public.data`, `public.item`, `public.content`)
    /// come last, in breadth-first order.
    private mutating func placeCatchAllRootClaims() {
        placeSupertypeLevels(atRoots: true, group: .catchAll)
    }

    /// Places the claims on each supertype that is (or is not) a catch-all root, nearest first,
    /// at its distance from the type. A supertype nobody claims is passed over without making it.
    private mutating func placeSupertypeLevels(atRoots: Bool, group: HandlerCandidate.Group) {
        guard let ordinals = type.supertypeOrdinals else {
            for (index, ancestor) in supertypes.enumerated() where catchAllRoots.contains(ancestor) == atRoots {
                place(claimsLevel(on: ancestor, distance: index + 1, group: group))
                if isSettled { return }
            }
            return
        }
        for (index, ordinal) in ordinals.enumerated() where snapshot.hasClaims(ordinal: Int(ordinal)) {
            if catchAllRoots.contains(ordinal: ordinal) != atRoots { continue }
            place(claimsLevel(on: type.declaredType(ordinal: ordinal), distance: index + 1, group: group))
            if isSettled { return }
        }
    }

    /// The apps claiming exactly `target` that are not placed yet, one entry each with its best
    /// rank, in claim order; the others are left out with their reason.
    ///
    /// The claims are read field by field where they lie, and an entry holds only numbers: a
    /// candidate (with its app, type and value) is made once, when ``place(_:)`` places it.
    private mutating func claimsLevel(on target: UniformType, distance: Int, group: HandlerCandidate.Group) -> ClaimsLevel {
        let claims = snapshot.claims
        let indices = snapshot.claimIndices(exactly: target)
        // At most one entry a claim: the level never grows by copying.
        var level = ClaimsLevel(target: target, distance: distance, group: group, entries: Self.emptied(&entryBuffer, capacity: indices.count))
        for index in indices {
            let app = claims[Int(index)].app
            if placed.contains(app) { continue }
            let (role, rank) = (claims[Int(index)].role, claims[Int(index)].rank)
            if let why = refusal(app: app, role: role, rank: rank, on: target) {
                exclude(app, why)
                continue
            }
            if inLevel.contains(app) {
                // A second claim of the app on this type: its entry keeps the better rank.
                if let existing = level.entries.firstIndex(where: { $0.app == app }), rank < level.entries[existing].rank {
                    level.entries[existing].rank = rank
                }
                continue
            }
            inLevel.insert(app)
            level.entries.append(LevelEntry(
                app: app, source: index, role: role, rank: rank, lastUsed: snapshot.lastUsed(app: app, type: type)))
        }
        return level
    }

    /// Why a claim on `target` is not offered, in policy order, or `nil`: a role that does not
    /// fit (role None is listed when `includeAll`), rank None (listed only when `includeAll`),
    /// an app that cannot be offered, an association mimeapps.list removes.
    private func refusal(app: Int32, role claimed: DocumentRole, rank: HandlerRank, on target: UniformType) -> String? {
        let listsRoleNone = includeAll && claimed == .none
        if Self.roleFit(claimed, role) == nil && !listsRoleNone {
            return "its claim on \(target.identifier) is for role \(claimed.rawValue), not \(role.rawValue)"
        }
        if rank == .none && !includeAll {
            return "its claim on \(target.identifier) has rank None"
        }
        if let why = unavailability(app) { return why }
        if removedByMimeApps(app) {
            return "mimeapps.list removes its association with \(mimeTypes.first ?? type.identifier.rawValue)"
        }
        return nil
    }

    /// Adds the apps mimeapps.list `Added Associations` adds for the type's MIME types to the
    /// exact type's level, unless already there or placed.
    private mutating func addMimeAppsAssociations(to level: inout ClaimsLevel) {
        for (mimeIndex, mime) in mimeTypes.enumerated() {
            for id in snapshot.mimeAppsAdded(mimeType: mime) {
                guard let app = snapshot.app(id: id), !placed.contains(app.index), !inLevel.contains(app.index) else { continue }
                if let why = unavailability(app.index) {
                    exclude(app.index, why)
                    continue
                }
                if removedByMimeApps(app.index) { continue }
                inLevel.insert(app.index)
                level.entries.append(LevelEntry(
                    app: app.index, source: LevelEntry.addedByMimeApps(mimeIndex), role: .viewer, rank: .default,
                    lastUsed: snapshot.lastUsed(app: app.index, type: type)))
            }
        }
    }

    /// Places one level's entries in the order of ``LevelKey``, each as the candidate it stands for.
    ///
    /// The keys are ordered in storage of the call's own (on the stack for a level of the usual
    /// size), not in the entries: a key is a third of an entry's size.
    private mutating func place(_ level: consuming ClaimsLevel) {
        let level = consume level
        let count = level.entries.count
        // Room was made for every claim (``reserveRoom(mayAddDefaults:)``); past it, the list
        // grows geometrically (reserving just this level's room would copy it at each level).
        if chosen.capacity - chosen.count < count {
            chosen.reserveCapacity(Swift.max(chosen.count * 2, chosen.count + count, 8))
        }
        withUnsafeTemporaryAllocation(of: LevelKey.self, capacity: count) { storage in
            var order = storage
            for (position, entry) in level.entries.enumerated() {
                order.initializeElement(at: position, to: LevelKey(
                    rank: entry.rank, fit: Self.roleFit(entry.role, role) ?? 9, lastUsed: entry.lastUsed ?? 0,
                    nameRank: snapshot.nameRank(entry.app), position: Int32(position)))
            }
            if count > 1 { order.sort() }
            for key in order {
                let entry = level.entries[key.position]
                inLevel.remove(entry.app)
                placed.insert(entry.app)
                chosen.append(Self.candidate(entry, in: level, snapshot: snapshot, type: type, mimeTypes: mimeTypes))
            }
        }
        entryBuffer = level.entries
    }

    /// The candidate an entry of `level` stands for, in the ranking of `type` (whose MIME types
    /// are `mimeTypes`). Static, so that placing an entry never copies the pass.
    private static func candidate(
        _ entry: LevelEntry, in level: ClaimsLevel, snapshot: CatalogSnapshot, type: UniformType, mimeTypes: [String]
    ) -> HandlerCandidate {
        if let mimeIndex = entry.mimeAppsIndex {
            let mime = mimeTypes[mimeIndex]
            return HandlerCandidate(
                app: snapshot.apps[Int(entry.app)], group: .recommended, matchedType: type, distance: 0, role: .viewer,
                rank: .default, claimValue: mime, lastUsed: entry.lastUsed, isDefault: false, note: "mimeapps.list adds it for \(mime)")
        }
        return HandlerCandidate(
            app: snapshot.apps[Int(entry.app)], group: level.group, matchedType: level.target, distance: level.distance,
            role: entry.role, rank: entry.rank, claimValue: snapshot.claims[Int(entry.source)].value, lastUsed: entry.lastUsed,
            isDefault: false, note: nil)
    }

    /// `stored` taken out (left empty) and emptied, with room for `capacity` elements: the last
    /// level's storage, reused.
    private static func emptied<Element>(_ stored: inout [Element], capacity: Int) -> [Element] {
        var buffer: [Element] = []
        swap(&buffer, &stored)
        buffer.removeAll(keepingCapacity: true)
        if buffer.capacity < capacity { buffer.reserveCapacity(capacity) }
        return buffer
    }

    // MARK: - Availability and the result

    /// The best claim of `app` on `target` that fits the role, if any.
    private func bestClaim(of app: Int32, on target: UniformType) -> ResolvedClaim? {
        var best: ResolvedClaim?
        for index in snapshot.claimIndices(app: app) {
            let claim = snapshot.claims[Int(index)]
            guard claim.type == target, Self.roleFit(claim.role, role) != nil else { continue }
            if best == nil || claim.rank < best!.rank { best = claim }
        }
        return best
    }

    /// Why an app cannot be offered at all (hidden, its program missing, not shown in the
    /// current desktop), or `nil`.
    private func unavailability(_ app: Int32) -> String? {
        // Most apps were checked before and are there: answered without reading their records.
        if showsInEveryDesktop && snapshot.isKnownAvailable(app) { return nil }
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

    /// Whether mimeapps.list `Removed Associations` removes the app for one of the type's MIME types.
    private func removedByMimeApps(_ app: Int32) -> Bool {
        if !usesMimeApps { return false }
        let id = snapshot.apps[Int(app)].id
        return mimeTypes.contains { snapshot.mimeAppsRemoves(mimeType: $0, appID: id) }
    }

    /// Leaves an app out with the first reason found, unless it is placed or already left out.
    private mutating func exclude(_ app: Int32, _ reason: @autoclosure () -> String) {
        if placed.contains(app) || excludedApps.contains(app) { return }
        excludedApps.insert(app)
        excluded.append(ExcludedHandler(app: snapshot.apps[Int(app)], reason: reason()))
    }

    /// The list: apps placed after being left out are no longer left out, and the first
    /// candidate is the default unless its rank or role is None.
    private mutating func finished() -> HandlerList {
        excluded.removeAll { placed.contains($0.app.index) }
        if let first = chosen.indices.first, chosen[first].rank != .none, chosen[first].role != .none {
            chosen[first].isDefault = true
        }
        // Moved out, not copied: the pass ends here.
        var candidates: [HandlerCandidate] = []
        swap(&candidates, &chosen)
        return HandlerList(type: type, role: role, candidates: candidates, excluded: excluded)
    }

    /// How well a claim's role fits the requested role: `nil` when it does not, else 0 (best),
    /// 1, 2.
    static func roleFit(_ claimed: DocumentRole, _ requested: RequestedRole) -> Int? {
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

/// One level of the ranking before it is ordered: the apps claiming one type (or added for it by
/// mimeapps.list), all in the same group at the same distance.
private struct ClaimsLevel {
    var target: UniformType
    var distance: Int
    var group: HandlerCandidate.Group
    var entries: [LevelEntry]
}

/// One app of a level: the claim that places it (by its index in the snapshot's claims) or the
/// MIME type mimeapps.list adds it for, and what orders it.
private struct LevelEntry {
    var app: Int32
    /// The claim's index in ``CatalogSnapshot/claims``, or (negative) the MIME type of the
    /// exact type that mimeapps.list `Added Associations` adds the app for.
    var source: Int32
    var role: DocumentRole
    var rank: HandlerRank
    var lastUsed: Double?

    static func addedByMimeApps(_ mimeIndex: Int) -> Int32 { -1 - Int32(mimeIndex) }

    /// The index in the pass's MIME types of the association that added the app, if it was added.
    var mimeAppsIndex: Int? { source < 0 ? Int(-1 - source) : nil }
}

/// The order inside one level of the ranking: rank, role fit, most recent use, then name order
/// (then claim order), packed into three words compared in turn.
private struct LevelKey: Comparable {
    /// Rank (strongest first), then role fit (best first).
    private var rankAndFit: UInt32
    /// The last use, latest first: a time's bits taken from all ones, so a later time is smaller
    /// (times are not negative; no use counts as time 0).
    private var recency: UInt64
    /// The app's name order, then its entry's position in the level.
    private var nameAndPosition: UInt64

    init(rank: HandlerRank, fit: Int, lastUsed: Double, nameRank: Int32, position: Int32) {
        let rankOrder: UInt32 = switch rank {
        case .owner: 0
        case .default: 1
        case .alternate: 2
        case .none: 3
        }
        rankAndFit = rankOrder << 8 | UInt32(truncatingIfNeeded: min(max(fit, 0), 255))
        recency = ~max(lastUsed, 0).bitPattern
        nameAndPosition = UInt64(UInt32(bitPattern: nameRank)) << 32 | UInt64(UInt32(bitPattern: position))
    }

    /// The entry's position in its level.
    var position: Int { Int(UInt32(truncatingIfNeeded: nameAndPosition)) }

    static func < (a: LevelKey, b: LevelKey) -> Bool {
        if a.rankAndFit != b.rankAndFit { return a.rankAndFit < b.rankAndFit }
        if a.recency != b.recency { return a.recency < b.recency }
        return a.nameAndPosition < b.nameAndPosition
    }
}
