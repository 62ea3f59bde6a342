import DeclarationFormats
import UniformTypes

/// Resolves a snapshot's claim rows to types of its graph and indexes them by type and by app.
///
/// Many apps claim the same values (every image viewer claims `image/png`), so each (kind,
/// value) is resolved once: remembered by the value's number in a stored snapshot
/// (``SnapshotRows/Claim/valueNumber``), else by the value itself, as a *slot* — one resolved
/// type and the claims that named it by that kind and value. A claim whose app the rows do not
/// hold, or whose value resolves to no type, is skipped.
struct ClaimResolver {
    private let graph: TypeGraph
    private let data: UniformType
    private let item: UniformType
    private var slotByNumber: [Int: Int32] = [:]
    private var slotByValue: [DocumentClaim.Kind: [String: Int32]] = [:]
    private var slotTypes: [UniformType] = []

    init(graph: TypeGraph) {
        self.graph = graph
        data = graph.identity(.data)
        item = graph.identity(.item)
    }

    /// The resolved claims, in row order, and their indexes; `indexByID` finds a row's app by
    /// its id (see ``CatalogSnapshot/indexKey(appID:)``) when the row does not number it.
    mutating func resolve(
        _ rows: [SnapshotRows.Claim], indexByID: [String: Int32], appCount: Int
    ) -> (claims: [ResolvedClaim], indexes: CatalogSnapshot.ClaimIndexes) {
        var claims: [ResolvedClaim] = []
        claims.reserveCapacity(rows.count)
        var claimSlots: [Int32] = []
        claimSlots.reserveCapacity(rows.count)
        var lastAppID = ""
        var lastApp: Int32?
        for row in rows {
            let app: Int32
            if let number = row.appNumber {
                app = number
            } else {
                if row.appID != lastAppID {
                    lastAppID = row.appID
                    lastApp = indexByID[CatalogSnapshot.indexKey(appID: row.appID)]
                }
                guard let found = lastApp else { continue }
                app = found
            }
            let kind = DocumentClaim.Kind(rawValue: row.kind) ?? .contentType
            let slot = slot(kind: kind, value: row.value, number: row.valueNumber)
            guard slot >= 0 else { continue }
            claimSlots.append(slot)
            claims.append(ResolvedClaim(
                app: app, type: slotTypes[Int(slot)], kind: kind, value: row.value,
                role: DocumentRole(rawValue: row.role) ?? DocumentRole(plistValue: row.role) ?? .viewer,
                rank: HandlerRank(rawValue: row.rank) ?? HandlerRank(plistValue: row.rank) ?? .default, typeName: row.typeName,
                position: row.position))
        }
        var indexes = CatalogSnapshot.ClaimIndexes(byOrdinal: [[Int32]](repeating: [], count: graph.count))
        indexes.orderByApp(claims, appCount: appCount)
        index(claimSlots, into: &indexes)
        return (claims, indexes)
    }

    /// The slot of a (kind, value): found again by the value's number or the value, else made;
    /// -1 when the value resolves to no type.
    private mutating func slot(kind: DocumentClaim.Kind, value: String, number: Int?) -> Int32 {
        if let number {
            let kindNumber = switch kind {
            case .contentType: 0
            case .mime: 1
            case .extension: 2
            case .wildcard: 3
            }
            let key = number &* 4 &+ kindNumber
            if let known = slotByNumber[key] { return known }
            let made = newSlot(kind: kind, value: value)
            slotByNumber[key] = made
            return made
        }
        if let known = slotByValue[kind]?[value] { return known }
        let made = newSlot(kind: kind, value: value)
        slotByValue[kind, default: [:]][value] = made
        return made
    }

    private mutating func newSlot(kind: DocumentClaim.Kind, value: String) -> Int32 {
        let type: UniformType? = switch kind {
        case .contentType: graph.identity(TypeIdentifier(value))
        case .mime: graph.type(mimeType: value)
        case .extension: graph.type(filenameExtension: value)
        case .wildcard: value == "****" ? item : data
        }
        guard let type else { return -1 }
        slotTypes.append(type)
        return Int32(slotTypes.count - 1)
    }

    /// Each type's claims in claim order: the slots of one type (`image/png` and `png`) merge.
    private func index(_ claimSlots: [Int32], into indexes: inout CatalogSnapshot.ClaimIndexes) {
        let slotClaims = CatalogSnapshot.ClaimIndexes.group(claimSlots, into: slotTypes.count)
        for (slot, type) in slotTypes.enumerated() {
            if let ordinal = type.ordinal {
                indexes.byOrdinal[ordinal] = indexes.byOrdinal[ordinal].isEmpty
                    ? Array(slotClaims[slot]) : (indexes.byOrdinal[ordinal] + slotClaims[slot]).sorted()
            } else {
                let key = type.identifier.folded
                indexes.byIdentifier[key] = indexes.byIdentifier[key].map { ($0 + slotClaims[slot]).sorted() } ?? Array(slotClaims[slot])
            }
        }
    }
}
