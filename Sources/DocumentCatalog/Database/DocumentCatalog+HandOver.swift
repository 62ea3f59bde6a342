
/// The catalog's records of the hand-over: grants, the transfer journal, pending open
/// requests, document providers and URL signing keys. The workflows in `OpenInBroker` decide
/// what to record; these calls store and read it, each in one transaction.
extension DocumentCatalog {
    // MARK: Grants

    /// Stores a grant and returns it with its id.
    public func insertGrant(_ grant: Grant) throws(CatalogError) -> Grant {
        try write(action: "grant", subject: grant.appID, detail: "\(grant.kind.rawValue) \(grant.path)") { db in
            try DocumentCatalog.insertGrant(grant, into: db)
        }
    }

    static func insertGrant(_ grant: Grant, into db: SQLiteConnection) throws -> Grant {
        try db.execute(
            sql: """
                INSERT INTO grants(app_id, path, kind, rights, source_app, original_path, size, sha256, annotation, created_at, device, inode)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                grant.appID, grant.path, grant.kind.rawValue, grant.rights.map(\.rawValue).sorted().joined(separator: ","),
                grant.sourceApp, grant.originalPath, grant.size, grant.sha256, grant.annotation, grant.createdAt,
                grant.device.map { Int64(bitPattern: $0) }, grant.inode.map { Int64(bitPattern: $0) },
            ])
        var stored = grant
        stored.id = db.lastInsertedRowID
        return stored
    }

    /// The live (not revoked) grants, optionally of one app, optionally for one path.
    public func grants(appID: String? = nil, path: String? = nil, includeRevoked: Bool = false) throws(CatalogError) -> [Grant] {
        try read { db in
            var conditions: [String] = []
            var arguments: SQLiteArguments = []
            if let appID { conditions.append("app_id = ?"); arguments += [appID] }
            if let path { conditions.append("path = ?"); arguments += [path] }
            if !includeRevoked { conditions.append("revoked_at IS NULL") }
            let clause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            return try SQLiteRow.fetchAll(db, sql: "SELECT * FROM grants \(clause) ORDER BY id", arguments: arguments).map(Grant.init(row:))
        }
    }

    /// One grant by id, revoked or not.
    public func grant(id: Int64) throws(CatalogError) -> Grant? {
        try read { db in try SQLiteRow.fetchOne(db, sql: "SELECT * FROM grants WHERE id = ?", arguments: [id]).map(Grant.init(row:)) }
    }

    /// Marks a grant revoked. Returns whether a live grant was revoked.
    @discardableResult
    public func revokeGrant(id: Int64, reason: String) throws(CatalogError) -> Bool {
        try write(action: "revoke", subject: String(id), detail: reason) { db in
            try db.execute(sql: "UPDATE grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", arguments: [WallClock.now(), id])
            return db.changesCount > 0
        }
    }

    /// Changes a grant's path (the receiver moved its inbox item) or kind and rights.
    public func updateGrant(id: Int64, path: String, kind: Grant.Kind, rights: Set<Grant.Right>) throws(CatalogError) {
        try write(action: "grant-update", subject: String(id), detail: path) { db in
            try db.execute(
                sql: "UPDATE grants SET path = ?, kind = ?, rights = ? WHERE id = ?",
                arguments: [path, kind.rawValue, rights.map(\.rawValue).sorted().joined(separator: ","), id])
        }
    }

    /// Adds `delta` to a security-scoped grant's open-access count and returns the new count.
    ///
    /// - Throws: `.invalidRequest` when the count would go below zero (a stop without a start)
    ///   or the grant is revoked or unknown.
    public func adjustAccessCount(grantID: Int64, by delta: Int) throws(CatalogError) -> Int {
        try write(action: delta > 0 ? "access-start" : "access-stop", subject: String(grantID)) { db in
            guard let row = try SQLiteRow.fetchOne(db, sql: "SELECT access_count, revoked_at FROM grants WHERE id = ?", arguments: [grantID]) else {
                throw CatalogError(.notFound, path: location.path, key: String(grantID), reason: "no such grant")
            }
            if (row["revoked_at"] as Double?) != nil && delta > 0 {
                throw CatalogError(.invalidRequest, path: location.path, key: String(grantID), reason: "the grant is revoked")
            }
            let count = (row["access_count"] as Int) + delta
            if count < 0 {
                throw CatalogError(.invalidRequest, path: location.path, key: String(grantID), reason: "stopAccessing without a matching startAccessing")
            }
            try db.execute(sql: "UPDATE grants SET access_count = ? WHERE id = ?", arguments: [count, grantID])
            return count
        }
    }

    // MARK: Transfer journal

    /// Writes a journal entry in state ``TransferJournalEntry/State/started``, before any byte is copied, and returns its id.
    ///
    /// - Parameters:
    ///   - staging: the staging folder when it is not the receiving container's own.
    ///   - keepsSourceUntilCommitted: a move that stages a *copy* of its source (the source is on
    ///     another file system): its source is removed only after the entry is committed, and
    ///     the entry records that removal as pending until it is done.
    ///   - grantID: the grant an operation moves (a move out of an inbox), if any.
    public func beginTransfer(
        operation: TransferJournalEntry.Operation, appID: String, sourcePath: String, folder: String, staging: String? = nil,
        keepsSourceUntilCommitted: Bool = false, grantID: Int64? = nil
    ) throws(CatalogError) -> Int64 {
        try write(action: "transfer-begin", subject: appID, detail: "\(operation.rawValue) \(sourcePath)") { db in
            try db.execute(
                sql: """
                    INSERT INTO transfer_journal(operation, app_id, source_path, folder, staging, source_disposal, grant_id, state, started_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    operation.rawValue, appID, sourcePath, folder, staging,
                    keepsSourceUntilCommitted ? TransferJournalEntry.SourceDisposal.pending.rawValue : nil, grantID,
                    TransferJournalEntry.State.started.rawValue, WallClock.now(),
                ])
            return db.lastInsertedRowID
        }
    }

    /// Records that the staged copy is complete: its name, and the identity the final file will keep.
    public func markTransferCopied(id: Int64, stagedName: String, device: UInt64, inode: UInt64, size: Int64, sha256: String) throws(CatalogError) {
        try write(action: "transfer-copied", subject: String(id), detail: stagedName) { db in
            try db.execute(
                sql: """
                    UPDATE transfer_journal SET state = ?, temporary_name = ?, staged_device = ?, staged_inode = ?,
                    staged_size = ?, staged_sha256 = ? WHERE id = ? AND state = ?
                    """,
                arguments: [
                    TransferJournalEntry.State.copied.rawValue, stagedName, Int64(bitPattern: device), Int64(bitPattern: inode), size, sha256, id,
                    TransferJournalEntry.State.started.rawValue,
                ])
        }
    }

    /// Closes a journal entry as committed and stores its grant, in one transaction. A move that
    /// kept its source stays listed by ``openTransfers()`` until ``markSourceDisposed(id:)``.
    public func commitTransfer(id: Int64, finalPath: String, grant: Grant) throws(CatalogError) -> Grant {
        try write(action: "transfer-commit", subject: String(id), detail: finalPath) { db in
            let stored = try DocumentCatalog.insertGrant(grant, into: db)
            try db.execute(
                sql: "UPDATE transfer_journal SET state = ?, final_name = ?, grant_id = ?, finished_at = ? WHERE id = ?",
                arguments: [TransferJournalEntry.State.committed.rawValue, finalPath, stored.id, WallClock.now(), id])
            return stored
        }
    }

    /// Closes a journal entry that moved an already granted file (out of an inbox) as committed,
    /// and points its grant at the new path with a new kind and rights, in one transaction.
    public func commitGrantMove(id: Int64, grantID: Int64, path: String, kind: Grant.Kind, rights: Set<Grant.Right>) throws(CatalogError) -> Grant {
        try write(action: "transfer-commit", subject: String(id), detail: path) { db in
            try db.execute(
                sql: "UPDATE grants SET path = ?, kind = ?, rights = ? WHERE id = ?",
                arguments: [path, kind.rawValue, rights.map(\.rawValue).sorted().joined(separator: ","), grantID])
            try db.execute(
                sql: "UPDATE transfer_journal SET state = ?, final_name = ?, finished_at = ? WHERE id = ?",
                arguments: [TransferJournalEntry.State.committed.rawValue, path, WallClock.now(), id])
            guard let row = try SQLiteRow.fetchOne(db, sql: "SELECT * FROM grants WHERE id = ?", arguments: [grantID]) else {
                throw CatalogError(.notFound, key: String(grantID), reason: "no grant with this id")
            }
            return Grant(row: row)
        }
    }

    /// Records that a committed move's source was removed (or kept because it changed).
    public func markSourceDisposed(id: Int64, detail: String) throws(CatalogError) {
        try write(action: "transfer-source", subject: String(id), detail: detail) { db in
            try db.execute(
                sql: "UPDATE transfer_journal SET source_disposal = 'done' WHERE id = ? AND source_disposal = 'pending'",
                arguments: [id])
        }
    }

    /// Closes a journal entry as rolled back.
    public func rollBackTransfer(id: Int64, reason: String) throws(CatalogError) {
        try write(action: "transfer-rollback", subject: String(id), detail: reason) { db in
            try db.execute(
                sql: "UPDATE transfer_journal SET state = ?, source_disposal = NULL, finished_at = ? WHERE id = ?",
                arguments: [TransferJournalEntry.State.rolledBack.rawValue, WallClock.now(), id])
        }
    }

    /// Journal entries with work left: not yet committed or rolled back, or committed moves
    /// whose source is still to be removed.
    public func openTransfers() throws(CatalogError) -> [TransferJournalEntry] {
        try read { db in
            try SQLiteRow.fetchAll(
                db,
                sql: """
                    SELECT * FROM transfer_journal
                    WHERE state IN (?, ?) OR (state = ? AND source_disposal = ?) ORDER BY id
                    """,
                arguments: [
                    TransferJournalEntry.State.started.rawValue, TransferJournalEntry.State.copied.rawValue,
                    TransferJournalEntry.State.committed.rawValue, TransferJournalEntry.SourceDisposal.pending.rawValue,
                ]
            ).map(TransferJournalEntry.init(row:))
        }
    }

    // MARK: Open requests

    /// Queues an open request for an app known from an `Info.plist`.
    public func queueOpenRequest(_ request: OpenRequest) throws(CatalogError) -> OpenRequest {
        try write(action: "open-request", subject: request.appID, detail: request.url) { db in try request.inserted(into: db) }
    }

    /// Takes an app's pending open requests, oldest first, marking them delivered.
    ///
    /// Policy: one immediate transaction reads and marks exactly the rows it returns, so two
    /// takers (in any processes) never get the same request. A damaged row is reported as
    /// ``CatalogError/Code/damaged`` and nothing is taken.
    public func drainOpenRequests(appID: String) throws(CatalogError) -> [OpenRequest] {
        let path = location.path
        return try write(action: "open-drain", subject: appID) { db in
            let rows = try SQLiteRow.fetchAll(db, sql: "SELECT * FROM open_requests WHERE app_id = ? AND delivered_at IS NULL ORDER BY id", arguments: [appID])
            let requests = try rows.map { row throws(CatalogError) in try OpenRequest(checkedRow: row, catalogPath: path) }
            let now = WallClock.now()
            for request in requests {
                try db.execute(sql: "UPDATE open_requests SET delivered_at = ? WHERE id = ?", arguments: [now, request.id])
            }
            return requests
        }
    }

    /// An app's pending open requests, oldest first, without taking them; a damaged row is
    /// reported as ``CatalogError/Code/damaged``.
    public func pendingOpenRequests(appID: String) throws(CatalogError) -> [OpenRequest] {
        let path = location.path
        return try read { db in
            try SQLiteRow.fetchAll(db, sql: "SELECT * FROM open_requests WHERE app_id = ? AND delivered_at IS NULL ORDER BY id", arguments: [appID])
                .map { row throws(CatalogError) in try OpenRequest(checkedRow: row, catalogPath: path) }
        }
    }

    // MARK: Providers

    /// Registers (or replaces) an app as a document provider with a storage root and the types it holds.
    public func registerProvider(appID: String, storageRoot: String, contentTypes: [String]) throws(CatalogError) {
        try write(action: "provider", subject: appID, detail: storageRoot) { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM apps WHERE id = ?", arguments: [appID]) == true else {
                throw CatalogError(.notFound, path: location.path, key: appID, reason: "no app with this id is registered")
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO providers(app_id, storage_root, content_types, registered_at) VALUES (?, ?, ?, ?)",
                arguments: [appID, storageRoot, contentTypes.joined(separator: ","), WallClock.now()])
        }
    }

    /// A provider's storage root and types, or `nil`.
    public func provider(appID: String) throws(CatalogError) -> (storageRoot: String, contentTypes: [String])? {
        try read { db in
            try SQLiteRow.fetchOne(db, sql: "SELECT storage_root, content_types FROM providers WHERE app_id = ?", arguments: [appID]).map {
                ($0["storage_root"], ($0["content_types"] as String).split(separator: ",").map(String.init))
            }
        }
    }

    // MARK: Signing keys

    /// Stores the HMAC key a URL handler verifies signed requests with, and marks its scheme
    /// claim as requiring signatures and accepting only `allowedSources` (empty: any).
    ///
    /// Every allowed source must be a registered app; it is stored under its registered id, the
    /// one routing compares against exactly.
    public func configureURLHandler(appID: String, scheme: String, key: [UInt8]?, allowedSources: [String]) throws(CatalogError) {
        try write(action: "url-handler", subject: appID, detail: scheme) { db in
            var canonical: [String] = []
            for source in allowedSources {
                guard let id = try String.fetchOne(db, sql: "SELECT id FROM apps WHERE id = ? AND absent_since IS NULL", arguments: [source]) else {
                    throw CatalogError(.notFound, path: location.path, key: source, reason: "an allowed source must be a registered app")
                }
                canonical.append(id)
            }
            try db.execute(
                sql: "UPDATE url_claims SET requires_signature = ?, allowed_sources = ? WHERE app_id = ? AND scheme = ?",
                arguments: [key != nil, canonical.joined(separator: ";"), appID, scheme.lowercased()])
            if db.changesCount == 0 {
                throw CatalogError(.invalidRequest, path: location.path, key: appID, reason: "\(appID) does not claim the \(scheme) scheme")
            }
            try db.execute(sql: "DELETE FROM signing_keys WHERE app_id = ? AND scheme = ?", arguments: [appID, scheme.lowercased()])
            if let key {
                try db.execute(
                    sql: "INSERT INTO signing_keys(app_id, scheme, key, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [appID, scheme.lowercased(), key, WallClock.now()])
            }
        }
    }

    /// Records a verified request signature as used, so that the same signed request is
    /// refused if it comes again before it expires; expired records are pruned on the way.
    ///
    /// - Returns: `false` when the signature was already recorded (a replay), `true` when it is new.
    public func recordSignatureUse(_ signature: String, appID: String, expiresAt: Double) throws(CatalogError) -> Bool {
        try write(action: "url-signature", subject: appID) { db in
            let now = WallClock.now()
            try db.execute(sql: "DELETE FROM seen_signatures WHERE expires_at < ?", arguments: [now])
            try db.execute(
                sql: "INSERT OR IGNORE INTO seen_signatures(signature, app_id, seen_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [signature, appID, now, expiresAt])
            return db.changesCount == 1
        }
    }

    /// The HMAC key of a URL handler, if it requires signed requests.
    public func signingKey(appID: String, scheme: String) throws(CatalogError) -> [UInt8]? {
        try read { db in
            try [UInt8].fetchOne(db, sql: "SELECT key FROM signing_keys WHERE app_id = ? AND scheme = ?", arguments: [appID, scheme.lowercased()])
        }
    }
}
