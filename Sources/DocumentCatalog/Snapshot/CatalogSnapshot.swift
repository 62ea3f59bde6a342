public import DeclarationFormats
import Glibc
import Synchronization
public import UniformTypes

/// An immutable, in-memory view of the catalog at one moment, indexed for lookups: the type
/// graph (system types plus every app-declared type), the apps, their claims resolved to
/// types, defaults, mimeapps.list associations, last-used times and URL handlers.
///
/// Snapshots are `Sendable` and never change: readers use one without locks while a writer
/// changes the catalog; ``DocumentCatalog/snapshot()`` hands out a new one after a change.
public final class CatalogSnapshot: Sendable {
    /// The catalog change counter this snapshot reflects.
    public let generation: Int
    /// The type graph: system types plus the types apps and packages declare.
    public let graph: TypeGraph
    /// The registered apps, in id order; ``CatalogApp/index`` is the position here.
    public let apps: [CatalogApp]
    /// Every document claim, resolved to a type.
    public let claims: [ResolvedClaim]
    /// The URL scheme claims.
    public let urlClaims: [ResolvedURLClaim]

    let appIDs: AppIDIndex
    /// Each app's position when apps are sorted by name, then id: the stable tie-breaker of ranking.
    let nameOrder: [Int32]
    let claimsByOrdinal: [[Int32]]
    let claimsOnUndeclaredTypes: UndeclaredTypeClaims
    /// The claim indices ordered by app; app `a`'s are those from `claimStartByApp[a]` up to
    /// `claimStartByApp[a + 1]`.
    let claimsInAppOrder: [Int32]
    let claimStartByApp: [Int32]
    let urlClaimsByScheme: [String: [Int32]]
    let userDefaults: [DefaultKey: Int32]
    let associationDefaults: [FoldedKey: [String]]
    /// The `mimeapps.list` file of each entry of ``associationDefaults``, in the same order.
    let associationDefaultFiles: [FoldedKey: [String]]
    let associationAdded: [FoldedKey: [String]]
    let associationRemoved: [FoldedKey: Set<FoldedKey>]
    let lastUsedTimes: [String: Double]
    let queried: [Int32: Set<String>]
    /// The watched locations as the last import saw them (see ``CatalogFreshness``).
    let freshnessStamps: [FreshnessStamp]
    /// Whether each app's programs are there, once checked.
    private let availability: ProgramAvailability
    /// Whether each app's entry is hidden, by app index: read without touching the app's record.
    private let hiddenApps: [Bool]

    init(
        generation: Int, graph: TypeGraph, apps: [CatalogApp], appIDs: AppIDIndex, nameOrder: [Int32],
        claims: [ResolvedClaim], claimIndexes: ClaimIndexes, urlClaims: [ResolvedURLClaim],
        userDefaults: [DefaultKey: Int32], associationDefaults: [FoldedKey: [String]], associationAdded: [FoldedKey: [String]],
        associationRemoved: [FoldedKey: Set<FoldedKey>], lastUsedTimes: [String: Double], queried: [Int32: Set<String>],
        associationDefaultFiles: [FoldedKey: [String]], freshnessStamps: [FreshnessStamp]
    ) {
        self.generation = generation
        self.graph = graph
        self.apps = apps
        self.claims = claims
        self.urlClaims = urlClaims
        self.appIDs = appIDs
        self.nameOrder = nameOrder
        claimsByOrdinal = claimIndexes.byOrdinal
        claimsOnUndeclaredTypes = claimIndexes.onUndeclaredTypes
        claimsInAppOrder = claimIndexes.inAppOrder
        claimStartByApp = claimIndexes.startByApp
        var byScheme: [String: [Int32]] = [:]
        for (index, claim) in urlClaims.enumerated() { byScheme[claim.scheme, default: []].append(Int32(index)) }
        urlClaimsByScheme = byScheme
        self.userDefaults = userDefaults
        self.associationDefaults = associationDefaults
        self.associationAdded = associationAdded
        self.associationRemoved = associationRemoved
        self.lastUsedTimes = lastUsedTimes
        self.queried = queried
        self.associationDefaultFiles = associationDefaultFiles
        self.freshnessStamps = freshnessStamps
        availability = ProgramAvailability(count: apps.count)
        hiddenApps = apps.map(\.record.hidden)
    }

    /// The claims of a snapshot indexed by claimed type and by app.
    struct ClaimIndexes {
        /// For each type of the graph (by ordinal), the claims on it.
        var byOrdinal: [[Int32]]
        /// For each type outside the graph (by folded identifier), the claims on it.
        var onUndeclaredTypes = UndeclaredTypeClaims()
        /// The claims ordered by app (see ``CatalogSnapshot/claimStartByApp``).
        var inAppOrder: [Int32] = []
        var startByApp: [Int32] = []

        /// Orders the claims by app, each app's claims in claim order.
        mutating func orderByApp(_ claims: [ResolvedClaim], appCount: Int) {
            (inAppOrder, startByApp) = Self.countingSort(claims.map(\.app), groupCount: appCount)
        }

        /// For each group, the indices of `groups` that name it, in order.
        static func group(_ groups: [Int32], into groupCount: Int) -> [ArraySlice<Int32>] {
            let (ordered, start) = countingSort(groups, groupCount: groupCount)
            return (0..<groupCount).map { ordered[Int(start[$0])..<Int(start[$0 + 1])] }
        }

        /// The indices of `groups` ordered by the group each names, stably, and where each
        /// group's run starts (one more entry than there are groups).
        static func countingSort(_ groups: [Int32], groupCount: Int) -> (ordered: [Int32], start: [Int32]) {
            var start = [Int32](repeating: 0, count: groupCount + 1)
            for group in groups { start[Int(group) + 1] += 1 }
            for group in 0..<groupCount { start[group + 1] += start[group] }
            var next = start
            var ordered = [Int32](repeating: 0, count: groups.count)
            for (index, group) in groups.enumerated() {
                ordered[Int(next[Int(group)])] = Int32(index)
                next[Int(group)] += 1
            }
            return (ordered, start)
        }
    }

    /// Each app's position when apps are sorted by name, then id.
    static func nameOrder(of apps: [CatalogApp]) -> [Int32] {
        var order = [Int32](repeating: 0, count: apps.count)
        let sorted = apps.indices.sorted { a, b in
            apps[a].name != apps[b].name ? apps[a].name < apps[b].name : apps[a].id < apps[b].id
        }
        for (position, index) in sorted.enumerated() { order[index] = Int32(position) }
        return order
    }

    // MARK: Apps

    /// The app with this id (case-insensitive), or `nil`.
    public func app(id: String) -> CatalogApp? {
        appIDs.index(of: id).map { apps[Int($0)] }
    }

    /// Whether an app can be launched here: not hidden, its `TryExec` program (if any) exists
    /// and is executable, and so does the program its `Exec` line runs (found on `PATH` when it
    /// is a bare name), as GIO requires. Checked once per snapshot.
    public func isAvailable(_ app: Int32) -> Bool {
        let record = apps[Int(app)]
        if record.hidden { return false }
        return missingProgram(app) == nil
    }

    /// Whether an app is known to be launchable here: not hidden, and its programs already
    /// checked and found. `false` also when they were not checked yet; ``isAvailable(_:)``
    /// checks them. A cheap first question for code that asks about many apps.
    @inline(__always)
    public func isKnownAvailable(_ app: Int32) -> Bool {
        app >= 0 && Int(app) < hiddenApps.count && !hiddenApps[Int(app)] && availability.isKnownAvailable(app)
    }

    /// Why an app that is not hidden cannot be launched here: the `TryExec` or `Exec` program
    /// that is missing, with which key named it; `nil` when both are there (or the app is a
    /// bundle, which is not launched by a command line).
    public func missingProgram(_ app: Int32) -> (key: String, program: String)? {
        switch availability.state(of: app) {
        case .available: return nil
        case .missing(let key, let program): return (key, program)
        case .unchecked: break
        }
        let record = apps[Int(app)]
        let tryExec = record.tryExec.flatMap { $0.isEmpty ? nil : $0 }
        let exec = record.kind == .desktop ? record.exec.flatMap { $0.isEmpty ? nil : $0 } : nil
        var found: (key: String, program: String)?
        if let tryExec, !ExecutableLookup.exists(tryExec) {
            found = ("TryExec", tryExec)
        } else if let exec {
            let program = (try? DesktopExecSyntax(exec, unescapingStringValue: false))?.program ?? exec
            if !ExecutableLookup.exists(program) { found = ("Exec", program) }
        }
        availability.record(found, for: app)
        return found
    }

    // MARK: Claims

    /// Indices in ``claims`` of the claims on exactly `type` (not its supertypes).
    @inline(__always)
    public func claimIndices(exactly type: UniformType) -> [Int32] {
        if let ordinal = type.ordinal { return claimsByOrdinal[ordinal] }
        return claimsOnUndeclaredTypes.claims(on: type.identifier.folded)
    }

    /// Whether any claim names exactly the declared type `ordinal` (a cheaper question than
    /// ``claimIndices(exactly:)`` for the many supertypes nobody claims).
    package func hasClaims(ordinal: Int) -> Bool { claimCount(ordinal: ordinal) > 0 }

    /// How many claims name exactly the declared type `ordinal` (0 for an ordinal outside the
    /// graph): what a ranking sizes its answer by before placing anyone.
    package func claimCount(ordinal: Int) -> Int {
        ordinal >= 0 && ordinal < claimsByOrdinal.count ? claimsByOrdinal[ordinal].count : 0
    }

    /// The app's position in name order (then id): compare these instead of names.
    @inline(__always)
    public func nameRank(_ app: Int32) -> Int32 { nameOrder[Int(app)] }

    /// Indices in ``claims`` of one app's claims.
    public func claimIndices(app: Int32) -> [Int32] {
        Array(claimsInAppOrder[Int(claimStartByApp[Int(app)])..<Int(claimStartByApp[Int(app) + 1])])
    }

    /// The claims on URL scheme `scheme` (lower case).
    public func urlHandlers(scheme: String) -> [ResolvedURLClaim] {
        (urlClaimsByScheme[scheme.lowercased()] ?? []).map { urlClaims[Int($0)] }
    }

    /// The URL schemes an app declared it queries (`LSApplicationQueriesSchemes`).
    public func queriedSchemes(app: Int32) -> Set<String> { queried[app] ?? [] }

    // MARK: Defaults and associations

    /// The user's default app for a scope, key and role, if set.
    @inline(__always)
    public func userDefault(scope: DefaultScope, key: String, role: RequestedRole) -> Int32? {
        if userDefaults.isEmpty { return nil }
        return userDefaults[DefaultKey(scope: scope, key: key, role: role)]
    }

    /// Whether the user set any default at all (a fast path for ranking).
    public var hasUserDefaults: Bool { !userDefaults.isEmpty }

    /// Whether mimeapps.list associations exist at all (a fast path for ranking).
    public var hasMimeAppsAssociations: Bool { !associationDefaults.isEmpty || !associationAdded.isEmpty || !associationRemoved.isEmpty }

    /// mimeapps.list `Default Applications` for a MIME type, highest precedence first.
    public func mimeAppsDefaults(mimeType: String) -> [String] {
        associationDefaults.isEmpty ? [] : associationDefaults[FoldedKey(mimeType)] ?? []
    }
    /// mimeapps.list `Default Applications` for a MIME type, highest precedence first, each with
    /// the `mimeapps.list` file that names it: where a default set outside the catalog lives.
    public func mimeAppsDefaultSources(mimeType: String) -> [(appID: String, file: String)] {
        let key = FoldedKey(mimeType)
        guard let ids = associationDefaults[key] else { return [] }
        let files = associationDefaultFiles[key] ?? []
        return ids.enumerated().map { ($0.element, $0.offset < files.count ? files[$0.offset] : "") }
    }
    /// mimeapps.list `Added Associations` for a MIME type.
    public func mimeAppsAdded(mimeType: String) -> [String] {
        associationAdded.isEmpty ? [] : associationAdded[FoldedKey(mimeType)] ?? []
    }
    /// Whether mimeapps.list removes the association of an app with a MIME type.
    public func mimeAppsRemoves(mimeType: String, appID: String) -> Bool {
        if associationRemoved.isEmpty { return false }
        return associationRemoved[FoldedKey(mimeType)]?.contains(FoldedKey(appID)) ?? false
    }

    /// When an app last opened a type, if it has.
    @inline(__always)
    public func lastUsed(app: Int32, type: UniformType) -> Double? {
        if lastUsedTimes.isEmpty { return nil }
        return lastUsedTimes[apps[Int(app)].id.lowercased() + "\u{1}" + type.identifier.folded]
    }

    // MARK: Loading

    /// Reads the catalog's rows in one transaction and builds a snapshot of them.
    static func load(from catalog: DocumentCatalog) throws(CatalogError) -> (snapshot: CatalogSnapshot, rows: SnapshotRows) {
        let rows = try catalog.read { db in try SnapshotRows(db) }
        let graph: TypeGraph
        do {
            if let custom = catalog.customSystemGraph {
                graph = rows.declarations.isEmpty ? custom : try custom.adding(rows.declarations)
            } else {
                // System and catalog declarations compiled together, once, and kept as an image.
                graph = try CatalogGraphImage.graph(adding: rows.declarations, location: catalog.location, writable: !catalog.isReadOnly)
            }
        } catch {
            throw CatalogError(.databaseFailure, path: catalog.location.path, key: error.value, reason: "stored type declarations do not compile: \(error.reason)")
        }
        return (build(rows, graph: graph), rows)
    }

    /// Builds a snapshot from catalog rows and the graph of their declarations: claims are
    /// resolved to types, rows naming apps that do not exist are skipped.
    static func build(_ raw: SnapshotRows, graph: TypeGraph) -> CatalogSnapshot {
        // The rows' apps are the snapshot's: made once, when the rows were read.
        let apps = raw.apps
        let appIDs = raw.appIDs
        let nameOrder = raw.nameOrder.flatMap { $0.count == apps.count ? $0 : nil } ?? nameOrder(of: apps)
        var resolver = ClaimResolver(graph: graph)
        let (claims, indexes) = resolver.resolve(raw.claims, sharedStrings: raw.sharedStrings, appCount: apps.count)
        var urlClaims: [ResolvedURLClaim] = []
        for row in raw.urlClaims {
            guard let app = appIDs.index(of: row.appID) else { continue }
            urlClaims.append(ResolvedURLClaim(
                app: app, scheme: row.scheme.lowercased(), role: DocumentRole(plistValue: row.role) ?? .viewer,
                rank: HandlerRank(plistValue: row.rank) ?? .default, name: row.name, requiresSignature: row.requiresSignature,
                allowedSources: row.allowedSources.split(separator: ";").map(String.init)))
        }
        var queried: [Int32: Set<String>] = [:]
        for row in raw.queried {
            if let app = appIDs.index(of: row.appID) { queried[app, default: []].insert(row.scheme) }
        }
        var defaults: [DefaultKey: Int32] = [:]
        for row in raw.defaults {
            guard let scope = DefaultScope(rawValue: row.scope), let role = RequestedRole(rawValue: row.role),
                let app = appIDs.index(of: row.appID)
            else { continue }
            defaults[DefaultKey(scope: scope, key: row.key, role: role)] = app
        }
        var associationDefaults: [FoldedKey: [String]] = [:]
        var associationDefaultFiles: [FoldedKey: [String]] = [:]
        var associationAdded: [FoldedKey: [String]] = [:]
        var associationRemoved: [FoldedKey: Set<FoldedKey>] = [:]
        for row in raw.associations {
            let mime = FoldedKey(row.mimeType)
            let app = row.appID
            switch row.kind {
            case "default":
                associationDefaults[mime, default: []].append(app)
                associationDefaultFiles[mime, default: []].append(row.sourcePath)
            case "added": associationAdded[mime, default: []].append(app)
            default: associationRemoved[mime, default: []].insert(FoldedKey(app))
            }
        }
        var lastUsed: [String: Double] = [:]
        for row in raw.lastUsed {
            lastUsed[row.appID.lowercased() + "\u{1}" + row.typeIdentifier.lowercased()] = row.usedAt
        }
        return CatalogSnapshot(
            generation: raw.generation, graph: graph, apps: apps, appIDs: appIDs, nameOrder: nameOrder, claims: claims,
            claimIndexes: indexes, urlClaims: urlClaims, userDefaults: defaults,
            associationDefaults: associationDefaults, associationAdded: associationAdded, associationRemoved: associationRemoved,
            lastUsedTimes: lastUsed, queried: queried, associationDefaultFiles: associationDefaultFiles,
            freshnessStamps: raw.freshnessStamps)
    }
}

/// A registered app as a snapshot holds it: shared by reference, so ranking results copy one
/// pointer per candidate.
@dynamicMemberLookup
public final class CatalogApp: Sendable, Equatable {
    /// Its position in ``CatalogSnapshot/apps``.
    public let index: Int32
    /// Who the app is and how it is launched; its fields read as the app's own (`app.name`).
    public let record: AppRecord

    init(index: Int32, record: AppRecord) {
        self.index = index
        self.record = record
    }

    /// A field of the app's ``record``.
    @inlinable
    public subscript<Value>(dynamicMember field: KeyPath<AppRecord, Value>) -> Value { record[keyPath: field] }

    public static func == (lhs: CatalogApp, rhs: CatalogApp) -> Bool {
        lhs === rhs || (lhs.index == rhs.index && lhs.id == rhs.id && lhs.sourcePath == rhs.sourcePath)
    }

    /// Whether the entry is shown in a desktop session whose `XDG_CURRENT_DESKTOP` names `desktops`,
    /// by the policy of `DesktopVisibility` (`OnlyShowIn` first, then `NotShowIn`).
    public func isShown(inDesktops desktops: [String]) -> Bool {
        DesktopVisibility.isShown(onlyShowIn: record.onlyShowIn, notShowIn: record.notShowIn, inDesktops: desktops)
    }
}

/// A document claim resolved to a type of the snapshot's graph.
///
/// Claims of equal kind and value (every image viewer's `image/png`) share one resolved type and
/// one copy of the value, kept once per snapshot, so a snapshot of many apps holds its claims as
/// numbers and a reference all of them share.
public struct ResolvedClaim: Sendable {
    /// The claiming app's index.
    public var app: Int32
    /// How the claim named its type.
    public var kind: DocumentClaim.Kind
    /// The role.
    public var role: DocumentRole
    /// The rank.
    public var rank: HandlerRank
    /// The document type's name.
    public var typeName: String?
    /// Its position among the app's claims.
    public var position: Int
    /// The (kind, value) this claim shares with claims of the same kind and value.
    let slot: Int32
    let slots: ClaimSlots

    /// The claimed type.
    public var type: UniformType { slots.types[Int(slot)] }
    /// The value as written.
    public var value: String { slots.values[Int(slot)] }
}

/// The resolved types and values of a snapshot's distinct claimed (kind, value) pairs, which its
/// ``ResolvedClaim``s name by number.
final class ClaimSlots: Sendable {
    let types: [UniformType]
    let values: [String]

    init(types: [UniformType], values: [String]) {
        self.types = types
        self.values = values
    }
}

/// A URL scheme claim of the snapshot.
public struct ResolvedURLClaim: Sendable, Equatable {
    /// The claiming app's index.
    public var app: Int32
    /// The scheme, lower case.
    public var scheme: String
    /// The role.
    public var role: DocumentRole
    /// The rank.
    public var rank: HandlerRank
    /// The URL type's name.
    public var name: String?
    /// Whether requests must be signed.
    public var requiresSignature: Bool
    /// Apps allowed to send URLs (empty: any).
    public var allowedSources: [String]

    /// Creates a claim.
    public init(app: Int32, scheme: String, role: DocumentRole, rank: HandlerRank, name: String?, requiresSignature: Bool, allowedSources: [String]) {
        self.app = app
        self.scheme = scheme
        self.role = role
        self.rank = rank
        self.name = name
        self.requiresSignature = requiresSignature
        self.allowedSources = allowedSources
    }
}

/// A string compared and hashed with ASCII case folding, without allocating a folded copy.
struct FoldedKey: Hashable, Sendable {
    let text: String
    init(_ text: String) { self.text = text }
    static func == (lhs: FoldedKey, rhs: FoldedKey) -> Bool { ASCIICaseFolding.equal(lhs.text, rhs.text) }
    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(ASCIICaseFolding.fold(byte)) }
    }
}

/// The key of a user default: scope, key (a type identifier or scheme, compared without case;
/// a file path, compared exactly) and role.
struct DefaultKey: Hashable, Sendable {
    let scope: DefaultScope
    let key: String
    let role: RequestedRole

    init(scope: DefaultScope, key: String, role: RequestedRole) {
        self.scope = scope
        self.key = key
        self.role = role
    }

    static func == (lhs: DefaultKey, rhs: DefaultKey) -> Bool {
        lhs.scope == rhs.scope && lhs.role == rhs.role
            && (lhs.scope == .file ? lhs.key == rhs.key : ASCIICaseFolding.equal(lhs.key, rhs.key))
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(scope)
        hasher.combine(role)
        if scope == .file { hasher.combine(key) } else { for byte in key.utf8 { hasher.combine(ASCIICaseFolding.fold(byte)) } }
    }
}
