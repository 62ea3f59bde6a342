import DeclarationFormats
import UniformTypes

/// The catalog rows a snapshot is built from, read in one transaction: app-declared types,
/// apps, claims, URL claims, queried schemes, defaults, mimeapps.list associations and
/// last-used times, and the freshness stamps of the last import. Plain values, so they can also be stored in a ``SnapshotImage``.
struct SnapshotRows {
    /// A document claim of one of the rows' apps, all numbers: its strings are in
    /// ``SnapshotRows/sharedStrings``, so 400,000 claims hold no reference to any of them and
    /// claims of equal value have equal numbers (the value is resolved to a type once).
    struct Claim {
        /// The claiming app's position among ``SnapshotRows/apps``.
        var app: Int32
        var kind: DocumentClaim.Kind
        /// The value as written, by its number in ``SnapshotRows/sharedStrings``.
        var value: Int32
        var role: DocumentRole
        var rank: HandlerRank
        /// The document type's name, by its number in ``SnapshotRows/sharedStrings``; -1 for none.
        var typeName: Int32
        var position: Int32

        /// The document type's name, read from `strings` (the rows' ``SnapshotRows/sharedStrings``);
        /// `nil` for none, or for a number `strings` does not hold.
        func typeNameText(in strings: [String]) -> String? {
            typeName >= 0 && Int(typeName) < strings.count ? strings[Int(typeName)] : nil
        }

        /// A claim kind as stored; an unknown one names a type (`contentType`).
        static func kind(_ text: String) -> DocumentClaim.Kind { DocumentClaim.Kind(rawValue: text) ?? .contentType }
        /// A role as stored (or as an Info.plist spells it); an unknown one is `viewer`.
        static func role(_ text: String) -> DocumentRole { DocumentRole(rawValue: text) ?? DocumentRole(plistValue: text) ?? .viewer }
        /// A rank as stored (or as an Info.plist spells it); an unknown one is `default`.
        static func rank(_ text: String) -> HandlerRank { HandlerRank(rawValue: text) ?? HandlerRank(plistValue: text) ?? .default }

        // Kinds, roles and ranks by a one-byte code, which is what the reading memos keep: byte
        // arrays, where arrays of each optional enum would each be a generic type the runtime
        // makes on first use in every process that loads a snapshot.

        /// The code of the kind `text` stores.
        static func kindCode(_ text: String) -> UInt8 {
            switch kind(text) {
            case .contentType: 0
            case .mime: 1
            case .extension: 2
            case .wildcard: 3
            }
        }

        /// The kind of a code of ``kindCode(_:)``.
        static func kind(code: UInt8) -> DocumentClaim.Kind {
            switch code {
            case 1: .mime
            case 2: .extension
            case 3: .wildcard
            default: .contentType
            }
        }

        /// The code of the role `text` stores.
        static func roleCode(_ text: String) -> UInt8 {
            switch role(text) {
            case .editor: 0
            case .viewer: 1
            case .shell: 2
            case .none: 3
            case .qlGenerator: 4
            }
        }

        /// The role of a code of ``roleCode(_:)``.
        static func role(code: UInt8) -> DocumentRole {
            switch code {
            case 0: .editor
            case 2: .shell
            case 3: .none
            case 4: .qlGenerator
            default: .viewer
            }
        }

        /// The code of the rank `text` stores.
        static func rankCode(_ text: String) -> UInt8 {
            switch rank(text) {
            case .owner: 0
            case .default: 1
            case .alternate: 2
            case .none: 3
            }
        }

        /// The rank of a code of ``rankCode(_:)``.
        static func rank(code: UInt8) -> HandlerRank {
            switch code {
            case 0: .owner
            case 2: .alternate
            case 3: .none
            default: .default
            }
        }
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
    /// The apps, each made once here and shared by the snapshot built from these rows; an app's
    /// ``CatalogApp/index`` is its position.
    var apps: [CatalogApp] = []
    /// The apps by id, made with them: what rows naming an app by id are matched with, here and
    /// in the snapshot built from these rows.
    var appIDs = AppIDIndex([])
    var claims: [Claim] = []
    var urlClaims: [URLClaim] = []
    var queried: [(appID: String, scheme: String)] = []
    var defaults: [Default] = []
    var associations: [Association] = []
    var lastUsed: [LastUse] = []
    var freshnessStamps: [FreshnessStamp] = []
    /// Each app's position when apps are sorted by name, then id, as a stored snapshot keeps it
    /// (see ``CatalogSnapshot/nameRank(_:)``); `nil` for rows read from the database.
    var nameOrder: [Int32]?
    /// The claims' values and type names, each once, by the number ``Claim`` names it by (for
    /// rows read from a stored snapshot, its ``SnapshotStringTable`` numbering).
    var sharedStrings: [String] = []

    /// Reads the rows in the read transaction `db`.
    init(_ db: SQLiteConnection) throws {
        generation = try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM catalog_info WHERE key = 'generation'") ?? 0
        declarations = try DocumentCatalog.loadDeclarations(db)
        apps = try SQLiteRow.fetchAll(db, sql: "SELECT \(AppRecord.columns) FROM apps WHERE absent_since IS NULL ORDER BY id").enumerated().map {
            CatalogApp(index: Int32($0.offset), record: AppRecord(row: $0.element))
        }
        appIDs = AppIDIndex(apps)
        // Claims of apps that are absent (not among the rows) are left out.
        var numbers: [String: Int32] = [:]
        func number(_ text: String) -> Int32 {
            if let known = numbers[text] { return known }
            numbers[text] = Int32(sharedStrings.count)
            sharedStrings.append(text)
            return Int32(sharedStrings.count - 1)
        }
        let claimRows = try SQLiteRow.fetchAll(db, sql: "SELECT app_id, claim_kind, value, role, rank, type_name, position FROM document_claims ORDER BY app_id, position")
        for row in claimRows {
            guard let app = appIDs.index(of: row[0]) else { continue }
            let typeName: String? = row[5]
            claims.append(Claim(
                app: app, kind: Claim.kind(row[1]), value: number(row[2]), role: Claim.role(row[3]), rank: Claim.rank(row[4]),
                typeName: typeName.map(number) ?? -1, position: Int32(truncatingIfNeeded: row[6] as Int)))
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
    /// first (all a type lookup reads, see ``init(reading:typesOnly:)``), then the rest, with
    /// `nameOrder` (see ``nameOrder``) after the apps. Repeated values are stored once (see
    /// ``SnapshotStringTable``) and rows name their app by its number among the app rows.
    func write(to out: inout CompactRecordWriter, nameOrder: [Int32]) {
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
        var table = SnapshotStringTable()
        out.write(apps.count)
        for app in apps { app.record.write(to: &out, table: &table) }
        for position in nameOrder { out.write(Int(position)) }
        // A row's app is the number of its app row, or -1 followed by the id of an app the rows
        // do not hold.
        func writeApp(_ appID: String) {
            if let number = appIDs.index(of: appID) {
                out.write(Int(number))
            } else {
                out.write(-1)
                out.write(appID)
            }
        }
        out.write(claims.count)
        for claim in claims {
            out.write(Int(claim.app))
            for text in [claim.kind.rawValue, sharedStrings[Int(claim.value)], claim.role.rawValue, claim.rank.rawValue] {
                table.write(text, to: &out)
            }
            table.write(claim.typeNameText(in: sharedStrings), to: &out)
            out.write(Int(claim.position))
        }
        out.write(urlClaims.count)
        for claim in urlClaims {
            writeApp(claim.appID)
            for text in [claim.scheme, claim.role, claim.rank] { table.write(text, to: &out) }
            out.write(claim.name)
            out.write(claim.requiresSignature)
            table.write(claim.allowedSources, to: &out)
        }
        out.write(queried.count)
        for entry in queried {
            writeApp(entry.appID)
            table.write(entry.scheme, to: &out)
        }
        out.write(defaults.count)
        for entry in defaults {
            for text in [entry.scope, entry.key, entry.role] { table.write(text, to: &out) }
            writeApp(entry.appID)
        }
        out.write(associations.count)
        for entry in associations { for text in [entry.kind, entry.mimeType, entry.appID, entry.sourcePath] { table.write(text, to: &out) } }
        out.write(lastUsed.count)
        for entry in lastUsed {
            writeApp(entry.appID)
            table.write(entry.typeIdentifier, to: &out)
            out.write(entry.usedAt)
        }
    }

    /// Reads rows written by ``write(to:)``; `nil` when the record is malformed. With
    /// `typesOnly`, reading stops after the declarations: the apps, claims, defaults and the rest
    /// stay empty and unread.
    init?(reading input: inout CompactRecordReader, typesOnly: Bool = false) {
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
        var table = SnapshotStringTable()
        guard let appCount = input.readCount() else { return nil }
        apps.reserveCapacity(appCount)
        for _ in 0..<appCount {
            guard let record = AppRecord(reading: &input, table: &table) else { return nil }
            apps.append(CatalogApp(index: Int32(apps.count), record: record))
        }
        appIDs = AppIDIndex(apps)
        var order: [Int32] = []
        order.reserveCapacity(appCount)
        for _ in 0..<appCount {
            guard let position = input.readInt(), position >= 0, position < appCount else { return nil }
            order.append(Int32(position))
        }
        nameOrder = order
        let appRows = apps
        // A row's app: its number among the app rows, or the id of an app the rows do not hold.
        func readAppReference() -> (number: Int32?, id: String)? {
            guard let number = input.readInt() else { return nil }
            if number == -1 { return input.readString().map { (nil, $0) } }
            guard number >= 0, number < appRows.count else { return nil }
            return (Int32(number), "")
        }
        // A row's app id.
        func readApp() -> String? {
            readAppReference().map { app in app.number.map { appRows[Int($0)].id } ?? app.id }
        }
        guard let claimCount = input.readCount() else { return nil }
        claims.reserveCapacity(claimCount)
        // Kinds, roles and ranks are a handful of strings repeated on every claim: each is
        // parsed once, by its number in the table.
        var kinds: [UInt8] = [], roles: [UInt8] = [], ranks: [UInt8] = []
        for _ in 0..<claimCount {
            guard let app = readAppReference(), let kind = table.readCode(from: &input, memo: &kinds, Claim.kindCode).map(Claim.kind(code:)),
                let value = table.readNumber(from: &input),
                let role = table.readCode(from: &input, memo: &roles, Claim.roleCode).map(Claim.role(code:)),
                let rank = table.readCode(from: &input, memo: &ranks, Claim.rankCode).map(Claim.rank(code:)),
                let typeName = table.readOptionalNumber(from: &input), let position = input.readInt()
            else { return nil }
            // A claim of an app the rows do not hold (written by an earlier version) is left out.
            guard let number = app.number else { continue }
            claims.append(Claim(
                app: number, kind: kind, value: Int32(value), role: role, rank: rank, typeName: typeName.map(Int32.init) ?? -1,
                position: Int32(truncatingIfNeeded: position)))
        }
        sharedStrings = table.strings
        guard let urlCount = input.readCount() else { return nil }
        for _ in 0..<urlCount {
            guard let appID = readApp(), let scheme = table.read(from: &input), let role = table.read(from: &input),
                let rank = table.read(from: &input), let name = input.readOptionalString(), let signed = input.readBool(),
                let sources = table.read(from: &input)
            else { return nil }
            urlClaims.append(URLClaim(
                appID: appID, scheme: scheme, role: role, rank: rank, name: name, requiresSignature: signed, allowedSources: sources))
        }
        guard let queriedCount = input.readCount() else { return nil }
        for _ in 0..<queriedCount {
            guard let appID = readApp(), let scheme = table.read(from: &input) else { return nil }
            queried.append((appID, scheme))
        }
        guard let defaultCount = input.readCount() else { return nil }
        for _ in 0..<defaultCount {
            guard let scope = table.read(from: &input), let key = table.read(from: &input), let role = table.read(from: &input),
                let appID = readApp()
            else { return nil }
            defaults.append(Default(scope: scope, key: key, role: role, appID: appID))
        }
        guard let associationCount = input.readCount() else { return nil }
        for _ in 0..<associationCount {
            guard let kind = table.read(from: &input), let mimeType = table.read(from: &input), let appID = table.read(from: &input),
                let sourcePath = table.read(from: &input)
            else { return nil }
            associations.append(Association(kind: kind, mimeType: mimeType, appID: appID, sourcePath: sourcePath))
        }
        guard let lastUsedCount = input.readCount() else { return nil }
        for _ in 0..<lastUsedCount {
            guard let app = readApp(), let type = table.read(from: &input), let usedAt = input.readDouble() else { return nil }
            lastUsed.append(LastUse(appID: app, typeIdentifier: type, usedAt: usedAt))
        }
    }
}
