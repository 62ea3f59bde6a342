import UniformTypes

/// The catalog rows a snapshot is built from, read in one transaction: app-declared types,
/// apps, claims, URL claims, queried schemes, defaults, mimeapps.list associations and
/// last-used times, and the freshness stamps of the last import. Plain values, so they can also be stored in a ``SnapshotImage``.
struct SnapshotRows {
    struct Claim {
        var appID, kind, value, role, rank: String
        var typeName: String?
        var position: Int
    }
    struct URLClaim {
        var appID, scheme, role, rank: String
        var name: String?
        var requiresSignature: Bool
        var allowedSources: String
    }
    struct Default {
        var scope, key, role, appID: String
    }
    struct Association {
        var kind, mimeType, appID, sourcePath: String
    }
    struct LastUse {
        var appID, typeIdentifier: String
        var usedAt: Double
    }

    var generation = 0
    var declarations: [TypeDeclaration] = []
    var apps: [AppRecord] = []
    var claims: [Claim] = []
    var urlClaims: [URLClaim] = []
    var queried: [(appID: String, scheme: String)] = []
    var defaults: [Default] = []
    var associations: [Association] = []
    var lastUsed: [LastUse] = []
    var freshnessStamps: [FreshnessStamp] = []

    /// Reads the rows in the read transaction `db`.
    init(_ db: SQLiteConnection) throws {
        generation = try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM catalog_info WHERE key = 'generation'") ?? 0
        declarations = try DocumentCatalog.loadDeclarations(db)
        apps = try SQLiteRow.fetchAll(db, sql: "SELECT \(AppRecord.columns) FROM apps WHERE absent_since IS NULL ORDER BY id").map(AppRecord.init(row:))
        claims = try SQLiteRow.fetchAll(db, sql: "SELECT app_id, claim_kind, value, role, rank, type_name, position FROM document_claims ORDER BY app_id, position").map { row in
            Claim(appID: row[0], kind: row[1], value: row[2], role: row[3], rank: row[4], typeName: row[5], position: row[6])
        }
        urlClaims = try SQLiteRow.fetchAll(db, sql: "SELECT app_id, scheme, role, rank, name, requires_signature, allowed_sources FROM url_claims WHERE app_id IN (SELECT id FROM apps WHERE absent_since IS NULL) ORDER BY app_id, id").map { row in
            URLClaim(appID: row[0], scheme: row[1], role: row[2], rank: row[3], name: row[4], requiresSignature: row[5], allowedSources: row[6])
        }
        queried = try SQLiteRow.fetchAll(db, sql: "SELECT app_id, scheme FROM queried_schemes").map { ($0[0], $0[1]) }
        defaults = try SQLiteRow.fetchAll(db, sql: "SELECT scope, key, role, app_id FROM defaults WHERE app_id IN (SELECT id FROM apps WHERE absent_since IS NULL)").map { row in
            Default(scope: row[0], key: row[1], role: row[2], appID: row[3])
        }
        associations = try SQLiteRow.fetchAll(db, sql: "SELECT kind, mime_type, app_id, source_path FROM associations ORDER BY precedence, position").map { row in
            Association(kind: row[0], mimeType: row[1], appID: row[2], sourcePath: row[3])
        }
        lastUsed = try SQLiteRow.fetchAll(db, sql: "SELECT app_id, type_identifier, used_at FROM last_used WHERE app_id IN (SELECT id FROM apps WHERE absent_since IS NULL)").map { row in
            LastUse(appID: row[0], typeIdentifier: row[1], usedAt: row[2])
        }
        freshnessStamps = try FreshnessStamp.fetchAll(db)
    }

    // MARK: Compact records

    /// Writes every row to `out`: the generation, the freshness stamps and the declarations
    /// first (all a type lookup reads, see ``init(reading:typesOnly:)``), then the rest.
    func write(to out: inout CompactRecordWriter) {
        out.write(generation)
        out.write(freshnessStamps.count)
        for stamp in freshnessStamps {
            out.write(stamp.path)
            out.write(stamp.kind.rawValue)
            out.write(stamp.isRoot)
            for number in [stamp.device, stamp.inode, stamp.size, stamp.modified] { out.write(Int(number)) }
        }
        out.write(declarations.count)
        for declaration in declarations { out.write(bytes: declaration.compactRecord) }
        out.write(apps.count)
        for app in apps { app.write(to: &out) }
        out.write(claims.count)
        for claim in claims {
            for text in [claim.appID, claim.kind, claim.value, claim.role, claim.rank] { out.write(text) }
            out.write(claim.typeName)
            out.write(claim.position)
        }
        out.write(urlClaims.count)
        for claim in urlClaims {
            for text in [claim.appID, claim.scheme, claim.role, claim.rank] { out.write(text) }
            out.write(claim.name)
            out.write(claim.requiresSignature)
            out.write(claim.allowedSources)
        }
        out.write(queried.count)
        for entry in queried { for text in [entry.appID, entry.scheme] { out.write(text) } }
        out.write(defaults.count)
        for entry in defaults { for text in [entry.scope, entry.key, entry.role, entry.appID] { out.write(text) } }
        out.write(associations.count)
        for entry in associations { for text in [entry.kind, entry.mimeType, entry.appID, entry.sourcePath] { out.write(text) } }
        out.write(lastUsed.count)
        for entry in lastUsed {
            out.write(entry.appID)
            out.write(entry.typeIdentifier)
            out.write(entry.usedAt)
        }
    }

    /// Reads rows written by ``write(to:)``; `nil` when the record is malformed. With
    /// `typesOnly`, reading stops after the declarations: the apps, claims, defaults and the rest
    /// stay empty and unread.
    init?(reading input: inout CompactRecordReader, typesOnly: Bool = false) {
        func strings(_ count: Int) -> [String]? {
            var result: [String] = []
            result.reserveCapacity(count)
            for _ in 0..<count {
                guard let text = input.readString() else { return nil }
                result.append(text)
            }
            return result
        }
        guard let generation = input.readInt(), let stampCount = input.readCount() else { return nil }
        self.generation = generation
        for _ in 0..<stampCount {
            guard let path = input.readString(), let kind = input.readString().flatMap(WatchedLocation.Kind.init(rawValue:)),
                let isRoot = input.readBool(), let device = input.readInt(), let inode = input.readInt(), let size = input.readInt(),
                let modified = input.readInt()
            else { return nil }
            freshnessStamps.append(FreshnessStamp(
                path: path, kind: kind, isRoot: isRoot, device: Int64(device), inode: Int64(inode), size: Int64(size), modified: Int64(modified)))
        }
        guard let declarationCount = input.readCount() else { return nil }
        for _ in 0..<declarationCount {
            guard let record = input.readBytes(), let declaration = TypeDeclaration(compactRecord: record) else { return nil }
            declarations.append(declaration)
        }
        if typesOnly { return }
        guard let appCount = input.readCount() else { return nil }
        for _ in 0..<appCount {
            guard let app = AppRecord(reading: &input) else { return nil }
            apps.append(app)
        }
        guard let claimCount = input.readCount() else { return nil }
        for _ in 0..<claimCount {
            guard let head = strings(5), let typeName = input.readOptionalString(), let position = input.readInt() else { return nil }
            claims.append(Claim(appID: head[0], kind: head[1], value: head[2], role: head[3], rank: head[4], typeName: typeName, position: position))
        }
        guard let urlCount = input.readCount() else { return nil }
        for _ in 0..<urlCount {
            guard let head = strings(4), let name = input.readOptionalString(), let signed = input.readBool(),
                let sources = input.readString()
            else { return nil }
            urlClaims.append(URLClaim(
                appID: head[0], scheme: head[1], role: head[2], rank: head[3], name: name, requiresSignature: signed, allowedSources: sources))
        }
        guard let queriedCount = input.readCount() else { return nil }
        for _ in 0..<queriedCount {
            guard let pair = strings(2) else { return nil }
            queried.append((pair[0], pair[1]))
        }
        guard let defaultCount = input.readCount() else { return nil }
        for _ in 0..<defaultCount {
            guard let fields = strings(4) else { return nil }
            defaults.append(Default(scope: fields[0], key: fields[1], role: fields[2], appID: fields[3]))
        }
        guard let associationCount = input.readCount() else { return nil }
        for _ in 0..<associationCount {
            guard let fields = strings(4) else { return nil }
            associations.append(Association(kind: fields[0], mimeType: fields[1], appID: fields[2], sourcePath: fields[3]))
        }
        guard let lastUsedCount = input.readCount() else { return nil }
        for _ in 0..<lastUsedCount {
            guard let app = input.readString(), let type = input.readString(), let usedAt = input.readDouble() else { return nil }
            lastUsed.append(LastUse(appID: app, typeIdentifier: type, usedAt: usedAt))
        }
    }
}
