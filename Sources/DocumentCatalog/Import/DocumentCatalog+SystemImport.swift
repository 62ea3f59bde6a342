import DeclarationFormats
import UniformTypes

extension DocumentCatalog {
    /// Imports the machine's desktop integration from the XDG folders — the full rebuild: every
    /// desktop entry in `applications/` (desktop-file ids, the first folder in precedence order wins), every
    /// shared-mime-info package in `mime/packages/` other than the freedesktop database (which
    /// is compiled in), and the `mimeapps.list` files in the spec's precedence order.
    ///
    /// Idempotent: everything a previous system import stored is replaced in one transaction,
    /// so entries whose files disappeared are removed; apps registered by hand are kept. No
    /// import deletes user state: apps are updated in place (their defaults, URL settings,
    /// last-used times, provider registrations and keys stay), and an app that disappeared
    /// while the user has such state on it is kept, absent — hidden from listings and ranking —
    /// until its entry comes back. A file
    /// that cannot be read or parsed is skipped and reported; it does not stop the import.
    /// It stores the stamps of every watched location, so later queries refresh only what
    /// changes (see ``CatalogFreshness`` and ``followMachine(environment:)``).
    public func importSystem(environment: [String: String]) throws(CatalogError) -> ImportReport {
        var report = ImportReport()
        let directories = XDGDirectories(environment: environment)
        let roots = CatalogFreshness.rootLocations(environment: environment)
        // Every location is stamped before it is read: a change made meanwhile shows in the next check.
        let trees = roots.filter { $0.kind == .applications }.map { ApplicationsTree(root: $0.path) }
        let otherStamps = roots.filter { $0.kind != .applications }.map { FreshnessStamp(taking: $0.path, kind: $0.kind, isRoot: true) }
        let systemApps = try systemDesktopEntries(trees, report: &report)
        let declarations = sharedMimeInfoPackages(directories, report: &report)
        let associations = mimeAppsAssociations(environment, report: &report)
        let stamps = trees.flatMap(\.folderStamps) + otherStamps

        let previous = Set(try read { db in try String.fetchAll(db, sql: "SELECT id FROM apps WHERE origin = 'system' AND absent_since IS NULL") }.map { $0.lowercased() })
        try write(action: "import-system", subject: directories.dataHome, detail: "\(systemApps.count) apps, \(declarations.count) types, \(associations.count) associations") { db in
            for app in systemApps { try DocumentCatalog.insert(app, into: db) }
            try DocumentCatalog.retireDisappearedSystemApps(keeping: Set(systemApps.map { $0.id.lowercased() }), in: db)
            try DocumentCatalog.replaceSystemDeclarations(declarations, in: db)
            try DocumentCatalog.replaceAssociations(associations, in: db)
            try FreshnessStamp.store(stamps, in: db)
            try db.execute(sql: "INSERT OR REPLACE INTO catalog_info(key, value) VALUES ('system_imported_at', ?)", arguments: [String(WallClock.now())])
        }
        report.registeredApps = systemApps.map(\.id)
        report.removedApps = previous.subtracting(systemApps.map { $0.id.lowercased() }).sorted()
        report.declaredTypes = declarations.map(\.0.identifier.rawValue)
        report.associationCount = associations.count
        return report
    }

    /// Replaces the types shared-mime-info packages declare (those no app declares).
    static func replaceSystemDeclarations(_ declarations: [(TypeDeclaration, String)], in db: SQLiteConnection) throws {
        try db.execute(sql: "DELETE FROM type_declarations WHERE app_id IS NULL")
        for (declaration, path) in declarations { try DocumentCatalog.insert(declaration, appID: nil, sourcePath: path, into: db) }
    }

    /// Replaces the stored `mimeapps.list` associations.
    static func replaceAssociations(_ associations: [SystemAssociation], in db: SQLiteConnection) throws {
        try db.execute(sql: "DELETE FROM associations")
        let statement = try db.makeStatement(sql: """
            INSERT INTO associations(kind, mime_type, app_id, source_path, precedence, position) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for item in associations {
            try statement.execute(arguments: [item.kind, item.mime, item.app, item.source, item.precedence, item.position])
        }
    }

    /// The desktop entries of every `applications/` tree, in precedence order: the first
    /// occurrence of a desktop-file id wins, and an id registered by hand is left to the user.
    private func systemDesktopEntries(_ trees: [ApplicationsTree], report: inout ImportReport) throws(CatalogError) -> [AppRegistration] {
        var apps: [String: AppRegistration] = [:]
        var order: [String] = []
        for tree in trees {
            let root = tree.root
            for path in tree.desktopFiles {
                report.filesRead += 1
                do {
                    let (registration, warnings) = try DesktopEntryImporter.registration(path: path, applicationsFolder: root, origin: "system")
                    report.warnings += warnings
                    if apps[registration.id.lowercased()] == nil {
                        apps[registration.id.lowercased()] = registration
                        order.append(registration.id.lowercased())
                    }
                } catch {
                    report.refusedFiles.append(error)
                }
            }
        }
        let userApps = try userAppIDs()
        return order.compactMap { apps[$0] }.filter { !userApps.contains($0.id.lowercased()) }
    }

    /// The ids of apps registered by hand, lowercased.
    func userAppIDs() throws(CatalogError) -> Set<String> {
        Set(try read { db in try String.fetchAll(db, sql: "SELECT id FROM apps WHERE origin = 'user'") }.map { $0.lowercased() })
    }

    /// The types the shared-mime-info packages in every `mime/packages/` folder declare (not the
    /// freedesktop database itself, which is compiled in), lowest precedence first, each with
    /// its file. A package whose types would form a conformance cycle is refused.
    func sharedMimeInfoPackages(_ directories: XDGDirectories, report: inout ImportReport) -> [(TypeDeclaration, String)] {
        var declarations: [(TypeDeclaration, String)] = []
        var graph = systemGraph
        for base in directories.dataSearchPath.reversed() {
            let folder = base + "/mime/packages"
            for name in FileReading.entries(folder) where name.hasSuffix(".xml") && name != "freedesktop.org.xml" {
                let path = folder + "/" + name
                report.filesRead += 1
                do {
                    let (found, warnings) = try SharedMimeInfoImporter.declarations(path: path, graph: graph)
                    report.warnings += warnings
                    // A package that declares nothing new (only globs for known types) needs no recompile.
                    if found.isEmpty { continue }
                    if let extended = try? graph.adding(found) {
                        graph = extended
                        declarations += found.map { ($0, path) }
                    } else {
                        report.refusedFiles.append(CatalogFormatError(code: .malformedSharedMimeInfo, source: path, reason: "its types would form a conformance cycle"))
                    }
                } catch {
                    report.refusedFiles.append(error)
                }
            }
        }
        return declarations
    }

    /// The associations of the `mimeapps.list` files, highest precedence first, each numbered
    /// by its file's precedence and its position in the file (defaults, then added, then removed).
    func mimeAppsAssociations(_ environment: [String: String], report: inout ImportReport) -> [SystemAssociation] {
        var associations: [SystemAssociation] = []
        let locations = MimeAppsListLocations(environment: environment)
        for (precedence, path) in locations.files.enumerated() where FileReading.exists(path) {
            report.filesRead += 1
            do {
                let list = try MimeAppsListParser.parse(try FileReading.read(path, limit: 4 << 20), source: path)
                report.warnings += list.warnings
                var position = 0
                for (kind, entries) in [("default", list.defaults), ("added", list.added), ("removed", list.removed)] {
                    for entry in entries {
                        for app in entry.desktopIDs {
                            associations.append((kind, entry.mimeType, app, path, precedence, position))
                            position += 1
                        }
                    }
                }
            } catch {
                report.refusedFiles.append(error)
            }
        }
        return associations
    }

    /// System apps whose entries disappeared (not in `present`, lowercased): gone, unless the
    /// user has state on them; then kept, absent, without their declarations, until they come back.
    static func retireDisappearedSystemApps(keeping present: Set<String>, in db: SQLiteConnection) throws {
        for id in try String.fetchAll(db, sql: "SELECT id FROM apps WHERE origin = 'system' AND absent_since IS NULL") where !present.contains(id.lowercased()) {
            if try DocumentCatalog.hasUserState(appID: id, in: db) {
                try DocumentCatalog.removeDeclarations(ofApp: id, from: db)
                try db.execute(sql: "UPDATE apps SET absent_since = ? WHERE id = ?", arguments: [WallClock.now(), id])
            } else {
                try db.execute(sql: "DELETE FROM apps WHERE id = ?", arguments: [id])
            }
        }
    }

    /// Runs the system import once, on the catalog's first use, so that a fresh catalog knows
    /// the machine's apps. Later calls do nothing. Returns the report when it ran.
    @discardableResult
    public func importSystemOnFirstUse(environment: [String: String]) throws(CatalogError) -> ImportReport? {
        if isReadOnly { return nil }
        if try info("system_imported_at") != nil { return nil }
        return try importSystem(environment: environment)
    }
}

/// One `mimeapps.list` association as the system import stores it: its kind (`default`,
/// `added`, `removed`), MIME type, desktop-file id, file, the file's precedence and the
/// association's position in it.
typealias SystemAssociation = (kind: String, mime: String, app: String, source: String, precedence: Int, position: Int)
