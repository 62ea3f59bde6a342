import DeclarationFormats
public import UniformTypes

extension DocumentCatalog {
    /// Brings the catalog up to date with the machine before a query (policy: ``CatalogFreshness``):
    /// the system import on first use; afterwards, when a watched location changed since the last
    /// import, an import of just what changed. Nothing is read or written when nothing changed,
    /// and nothing at all on a read-only catalog.
    ///
    /// - Returns: the report of the import that ran, or `nil`.
    /// - Throws: ``CatalogError`` when the catalog cannot be read or written; a refused file does
    ///   not stop the import (it is in the report).
    @discardableResult
    public func followMachine(environment: [String: String]) throws(CatalogError) -> ImportReport? {
        if isReadOnly { return nil }
        if try info("system_imported_at") == nil { return try importSystem(environment: environment) }
        let stored = try read { db in try FreshnessStamp.fetchAll(db) }
        if CatalogFreshness.isCurrent(stored, environment: environment) { return nil }
        return try importChanges(since: stored, environment: environment)
    }

    /// Whether the catalog at `location`, as its stored snapshot describes it, still follows the
    /// machine an environment names: the check of ``CatalogFreshness`` alone, without opening the
    /// database. `false` when there is no current stored snapshot.
    public static func storedSnapshotFollowsMachine(location: CatalogLocation, environment: [String: String]) -> Bool {
        guard let rows = SnapshotImage.read(location: location) else { return false }
        return CatalogFreshness.isCurrent(rows.freshnessStamps, environment: environment)
    }

    /// The snapshot a query answers with, following the machine: the stored snapshot when it is
    /// current and nothing watched changed (no database opened, a handful of `stat` calls); else
    /// the catalog is opened (created on first use), brought up to date with
    /// ``followMachine(environment:)`` and its snapshot returned.
    ///
    /// - Throws: ``CatalogError`` as ``init(location:systemGraph:readOnly:busyTimeout:)`` and
    ///   ``followMachine(environment:)`` do.
    public static func currentSnapshot(location: CatalogLocation, environment: [String: String]) throws(CatalogError) -> CatalogSnapshot {
        try currentSnapshot(location: location, variable: { environment[$0] }, environment: { environment })
    }

    /// ``currentSnapshot(location:environment:)`` for an environment read one variable at a time
    /// (`getenv`) for the freshness check; `environment` gives every variable, and is asked only
    /// when the catalog must follow the machine.
    ///
    /// - Throws: ``CatalogError`` as ``currentSnapshot(location:environment:)`` does.
    public static func currentSnapshot(
        location: CatalogLocation, variable: (String) -> String?, environment: () -> [String: String]
    ) throws(CatalogError) -> CatalogSnapshot {
        if let rows = SnapshotImage.read(location: location), CatalogFreshness.isCurrent(rows.freshnessStamps, variable: variable),
            let snapshot = storedSnapshot(rows: rows, location: location)
        {
            return snapshot
        }
        return try followedSnapshot(location: location, environment: environment())
    }

    /// The type graph a query answers with: the graph of ``currentSnapshot(location:environment:)``,
    /// without building the rest of the snapshot (apps, claims, defaults) when the stored one is
    /// current — what a type lookup needs, for the cost of mapping the graph image.
    ///
    /// `variable` reads one environment variable (`getenv`) for the freshness check; `environment`
    /// gives every variable, and is asked only when the catalog must follow the machine.
    ///
    /// - Throws: ``CatalogError`` as ``currentSnapshot(location:environment:)`` does.
    public static func currentGraph(
        location: CatalogLocation, variable: (String) -> String?, environment: () -> [String: String]
    ) throws(CatalogError) -> TypeGraph {
        if let rows = SnapshotImage.read(location: location, typesOnly: true), CatalogFreshness.isCurrent(rows.freshnessStamps, variable: variable),
            let graph = storedGraph(rows: rows, location: location)
        {
            return graph
        }
        return try followedSnapshot(location: location, environment: environment()).graph
    }

    /// The snapshot of the catalog at `location` once it follows the machine `environment`
    /// names: opened (created on first use), brought up to date, its snapshot loaded.
    private static func followedSnapshot(location: CatalogLocation, environment: [String: String]) throws(CatalogError) -> CatalogSnapshot {
        let catalog = try DocumentCatalog(location: location)
        try catalog.followMachine(environment: environment)
        return try catalog.snapshot()
    }

    /// Imports what changed since `stored` were taken: the desktop entries of changed
    /// `applications/` folders (and entries whose winning folder changed), every package when a
    /// package folder changed, every `mimeapps.list` when one changed. One transaction, with the
    /// new stamps; user state is never touched.
    func importChanges(since stored: [FreshnessStamp], environment: [String: String]) throws(CatalogError) -> ImportReport {
        var report = ImportReport()
        let roots = CatalogFreshness.rootLocations(environment: environment)
        func changed(_ kind: WatchedLocation.Kind) -> Bool {
            let old = stored.filter { $0.kind == kind }
            return old.filter(\.isRoot).map(\.path) != roots.filter { $0.kind == kind }.map(\.path) || old.contains { !$0.isCurrent() }
        }
        let listsChanged = changed(.mimeAppsList)
        let packagesChanged = changed(.mimePackages)
        var stamps: [FreshnessStamp] = []
        var apps: SystemAppChanges?
        if changed(.applications) {
            let trees = roots.filter { $0.kind == .applications }.map { ApplicationsTree(root: $0.path) }
            let before = Dictionary(stored.filter { $0.kind == .applications }.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let changedFolders = Set(trees.flatMap(\.folderStamps).filter { before[$0.path] != $0 }.map(\.path))
            apps = try systemAppChanges(trees, changedFolders: changedFolders, report: &report)
            stamps += trees.flatMap(\.folderStamps)
        } else {
            stamps += stored.filter { $0.kind == .applications }
        }
        for kind in [WatchedLocation.Kind.mimeAppsList, .mimePackages] {
            stamps += (kind == .mimeAppsList ? listsChanged : packagesChanged)
                ? roots.filter { $0.kind == kind }.map { FreshnessStamp(taking: $0.path, kind: kind, isRoot: true) }
                : stored.filter { $0.kind == kind }
        }
        let declarations = packagesChanged ? sharedMimeInfoPackages(XDGDirectories(environment: environment), report: &report) : []
        let associations = listsChanged ? mimeAppsAssociations(environment, report: &report) : []
        let detail = "\(apps?.updated.count ?? 0) apps updated, \(apps?.removed.count ?? 0) removed"
            + (packagesChanged ? ", \(declarations.count) types" : "") + (listsChanged ? ", \(associations.count) associations" : "")
        try write(action: "refresh-system", subject: XDGDirectories(environment: environment).dataHome, detail: detail) { db in
            if let apps {
                for app in apps.updated { try DocumentCatalog.insert(app, into: db) }
                try DocumentCatalog.retireDisappearedSystemApps(keeping: apps.present, in: db)
            }
            if packagesChanged { try DocumentCatalog.replaceSystemDeclarations(declarations, in: db) }
            if listsChanged { try DocumentCatalog.replaceAssociations(associations, in: db) }
            try FreshnessStamp.store(stamps, in: db)
        }
        report.registeredApps = apps?.updated.map(\.id) ?? []
        report.removedApps = apps?.removed ?? []
        report.declaredTypes = declarations.map(\.0.identifier.rawValue)
        report.associationCount = associations.count
        return report
    }

    /// What changed among the system's desktop entries: the entries to store again and the ids
    /// (lowercased) that stay.
    struct SystemAppChanges {
        var updated: [AppRegistration] = []
        var present: Set<String> = []
        var removed: [String] = []
    }

    /// The desktop entries to read again: for each desktop-file id, the first entry in precedence
    /// order that reads is the app, as in a full import; it is read only when its folder changed or
    /// it is not the entry the catalog holds. An id registered by hand is left to the user.
    private func systemAppChanges(_ trees: [ApplicationsTree], changedFolders: Set<String>, report: inout ImportReport) throws(CatalogError) -> SystemAppChanges {
        let held = try read { db in
            try SQLiteRow.fetchAll(db, sql: "SELECT id, source_path FROM apps WHERE origin = 'system' AND absent_since IS NULL").map {
                (($0[0] as String).lowercased(), $0[1] as String)
            }
        }
        let heldSources = Dictionary(held, uniquingKeysWith: { first, _ in first })
        let userApps = try userAppIDs()
        var candidates: [String: [(path: String, root: String)]] = [:]
        var order: [String] = []
        for tree in trees {
            for path in tree.desktopFiles {
                let id = (DesktopFileID.make(path: path, applicationsDirectory: tree.root) ?? String(path.split(separator: "/").last ?? "")).lowercased()
                if userApps.contains(id) { continue }
                if candidates[id] == nil { order.append(id) }
                candidates[id, default: []].append((path, tree.root))
            }
        }
        var changes = SystemAppChanges()
        for id in order {
            for (path, root) in candidates[id] ?? [] {
                if heldSources[id] == path && !changedFolders.contains(Self.folder(of: path)) {
                    changes.present.insert(id)
                    break
                }
                report.filesRead += 1
                do {
                    let (registration, warnings) = try DesktopEntryImporter.registration(path: path, applicationsFolder: root, origin: "system")
                    report.warnings += warnings
                    changes.updated.append(registration)
                    changes.present.insert(registration.id.lowercased())
                    break
                } catch {
                    report.refusedFiles.append(error)
                }
            }
        }
        changes.removed = heldSources.keys.filter { !changes.present.contains($0) }.sorted()
        return changes
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

extension CatalogSnapshot {
    /// Whether the machine an environment names is as the import this snapshot reflects saw it:
    /// the check of ``CatalogFreshness`` — one `stat` call per watched location, nothing read or
    /// written. A program that keeps a snapshot calls it before a query and, when it is `false`,
    /// asks the catalog for a new one after ``DocumentCatalog/followMachine(environment:)``.
    public func followsMachine(environment: [String: String]) -> Bool {
        CatalogFreshness.isCurrent(freshnessStamps, environment: environment)
    }
}
