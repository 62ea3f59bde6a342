import DeclarationFormats

extension DocumentCatalog {
    /// Every app group: those a present app declares and those whose container is kept without
    /// members, sorted by id (ignoring case).
    public func appGroups() throws(CatalogError) -> [AppGroup] {
        try read { db in try DocumentCatalog.loadAppGroups(db, matching: nil) }
    }

    /// One app group, with its members and container.
    ///
    /// - Throws: ``CatalogError`` `.invalidRequest` when `groupID` cannot be a group id (see
    ///   `AppGroupIdentifier`); `.notFound` when no app declares the group and it has no container,
    ///   with the group it most likely meant.
    public func appGroup(id groupID: String) throws(CatalogError) -> AppGroup {
        try DocumentCatalog.checkGroupID(groupID, path: location.path)
        let found = try read { db in try DocumentCatalog.loadAppGroups(db, matching: groupID).first }
        guard let found else {
            let known = (try? appGroups().map(\.id)) ?? []
            let suggestion = AppIDSuggestion.best(for: groupID, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw CatalogError(.notFound, path: location.path, key: groupID, reason: "no app declares this group and it has no container\(suggestion)")
        }
        return found
    }

    /// Records that a group's shared container was made at `folder`; the group keeps that folder
    /// from then on. Recording it again does nothing. Audited as `group-container-create`.
    public func recordGroupContainer(groupID: String, folder: String) throws(CatalogError) {
        try DocumentCatalog.checkGroupID(groupID, path: location.path)
        guard try read({ db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM app_group_containers WHERE group_id = ?)", arguments: [groupID]) }) != true else { return }
        try write(action: "group-container-create", subject: groupID, detail: folder) { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO app_group_containers(group_id, folder, created_at) VALUES (?, ?, ?)",
                arguments: [groupID, folder, WallClock.now()])
        }
    }

    /// Forgets a group's container record once its folder is gone. Audited as
    /// `group-container-remove`.
    ///
    /// Policy: a container is kept while a member remains; this refuses while one does.
    ///
    /// - Throws: ``CatalogError`` `.invalidRequest` naming the members while the group has any;
    ///   `.notFound` when the group has no container.
    public func forgetGroupContainer(groupID: String) throws(CatalogError) {
        try DocumentCatalog.checkGroupID(groupID, path: location.path)
        try write(action: "group-container-remove", subject: groupID) { db in
            let members = try String.fetchAll(db, sql: """
                SELECT m.app_id FROM app_group_members m JOIN apps a ON a.id = m.app_id
                WHERE m.group_id = ? AND a.absent_since IS NULL ORDER BY m.app_id
                """, arguments: [groupID])
            guard members.isEmpty else {
                throw CatalogError(
                    .invalidRequest, path: location.path, key: groupID,
                    reason: "the container is kept while a member remains (\(members.joined(separator: ", ")))")
            }
            try db.execute(sql: "DELETE FROM app_group_containers WHERE group_id = ?", arguments: [groupID])
            if db.changesCount == 0 {
                throw CatalogError(.notFound, path: location.path, key: groupID, reason: "the group has no container")
            }
        }
    }

    /// The audit entries of one group, newest first: members joining and leaving
    /// (`group-join`, `group-leave`, detail the app), its container made and removed.
    ///
    /// - Throws: ``CatalogError`` `.invalidRequest` when `groupID` cannot be a group id.
    public func appGroupHistory(groupID: String, limit: Int = 100) throws(CatalogError) -> [AuditEntry] {
        try DocumentCatalog.checkGroupID(groupID, path: location.path)
        return try read { db in
            try SQLiteRow.fetchAll(db, sql: """
                SELECT at, action, subject, detail FROM audit_log
                WHERE subject = ? COLLATE NOCASE AND action LIKE 'group-%' ORDER BY id DESC LIMIT ?
                """, arguments: [groupID, limit]).map {
                AuditEntry(at: $0["at"], action: $0["action"], subject: $0["subject"], detail: $0["detail"])
            }
        }
    }

    // MARK: - Storage

    /// Brings an app's stored memberships to those it declares now: groups it left are deleted,
    /// groups it joined are inserted, the others are left alone (so re-importing an unchanged app
    /// audits nothing). Called by `insert(_:into:)`, inside the registration's transaction.
    ///
    /// - Throws: ``CatalogError`` `.importRefused` naming the app's file when a declared id cannot
    ///   be a group id (the registration then stores nothing).
    static func storeAppGroups(of app: AppRegistration, into db: SQLiteConnection) throws {
        var declared: [String: String] = [:]
        for groupID in app.appGroups {
            if let problem = AppGroupIdentifier.problem(in: groupID) {
                throw CatalogError(
                    .importRefused, path: app.sourcePath, key: AppGroupDeclarations.entitlementKey,
                    reason: "'\(AppGroupIdentifier.visible(groupID))': \(problem)")
            }
            if declared[groupID.lowercased()] == nil { declared[groupID.lowercased()] = groupID }
        }
        let stored = try String.fetchAll(db, sql: "SELECT group_id FROM app_group_members WHERE app_id = ?", arguments: [app.id])
        for groupID in stored where declared.removeValue(forKey: groupID.lowercased()) == nil {
            try db.execute(sql: "DELETE FROM app_group_members WHERE group_id = ? AND app_id = ?", arguments: [groupID, app.id])
        }
        for groupID in declared.values.sorted() {
            try db.execute(
                sql: "INSERT INTO app_group_members(group_id, app_id, joined_at) VALUES (?, ?, ?)",
                arguments: [groupID, app.id, WallClock.now()])
        }
    }

    /// The groups an app belongs to, as stored.
    static func loadAppGroupIDs(ofApp appID: String, _ db: SQLiteConnection) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT group_id FROM app_group_members WHERE app_id = ? ORDER BY group_id", arguments: [appID])
    }

    /// The groups with present members or a container, all of them or the one `groupID` names.
    static func loadAppGroups(_ db: SQLiteConnection, matching groupID: String?) throws -> [AppGroup] {
        let filter = groupID == nil ? "" : "WHERE group_id = ?"
        let arguments: SQLiteArguments = groupID.map { [$0] } ?? []
        var groups: [String: AppGroup] = [:]
        for row in try SQLiteRow.fetchAll(db, sql: "SELECT group_id, folder, created_at FROM app_group_containers \(filter)", arguments: arguments) {
            let id: String = row["group_id"]
            groups[id.lowercased()] = AppGroup(id: id, members: [], container: AppGroupContainer(folder: row["folder"], createdAt: row["created_at"]))
        }
        let memberFilter = groupID == nil ? "" : "AND m.group_id = ?"
        for row in try SQLiteRow.fetchAll(db, sql: """
            SELECT m.group_id, m.app_id, m.joined_at, a.name, a.source_path FROM app_group_members m JOIN apps a ON a.id = m.app_id
            WHERE a.absent_since IS NULL \(memberFilter) ORDER BY m.rowid
            """, arguments: arguments) {
            let id: String = row["group_id"]
            let member = AppGroupMember(appID: row["app_id"], name: row["name"], sourcePath: row["source_path"], joinedAt: row["joined_at"])
            groups[id.lowercased(), default: AppGroup(id: id, members: [], container: nil)].members.append(member)
        }
        return groups.values.map { group in
            var sorted = group
            sorted.members.sort { $0.appID.lowercased() < $1.appID.lowercased() }
            return sorted
        }.sorted { $0.id.lowercased() < $1.id.lowercased() }
    }

    /// Refuses an id that cannot be a group id.
    static func checkGroupID(_ groupID: String, path: String) throws(CatalogError) {
        if let problem = AppGroupIdentifier.problem(in: groupID) {
            throw CatalogError(.invalidRequest, path: path, key: AppGroupIdentifier.visible(groupID), reason: problem)
        }
    }
}
