import DeclarationFormats
import UniformTypes

/// Resolves a snapshot's claim rows to types of its graph and indexes them by type and by app.
///
/// Many apps claim the same values (every image viewer claims `image/png`), so each (kind,
/// value) is resolved once: remembered by the value's number in a stored snapshot
/// (``SnapshotRows/Claim/valueNumber``), else by the value itself, as a *slot* — one resolved
/// type, the value, and the claims that named it by that kind and value (the claims share the
/// slots, see ``ClaimSlots``). A claim whose app the rows do not
/// hold, or whose value resolves to no type, is skipped.
struct ClaimResolver {
    private let graph: TypeGraph
    private let data: UniformType
    private let item: UniformType
    /// By value number × 4 + kind: the slot, -1 for a value that resolves to no type, or
    /// ``unresolved``.
    private var slotByNumber: [Int32] = []
    private static let unresolved: Int32 = -2
    private var slotByValue: [DocumentClaim.Kind: [String: Int32]] = [:]
    private var slotTypes: [UniformType] = []
    private var slotValues: [String] = []

    init(graph: TypeGraph) {
        self.graph = graph
        data = graph.identity(.data)
        item = graph.identity(.item)
    }

    /// The resolved claims, in row order, and their indexes; `appIDs` finds a row's app by its
    /// id when the row does not number it, and
    /// `sharedStrings` holds the values rows read from a stored snapshot name by number.
    mutating func resolve(
        _ rows: [SnapshotRows.Claim], sharedStrings: [String], appIDs: AppIDIndex, appCount: Int
    ) -> (claims: [ResolvedClaim], indexes: CatalogSnapshot.ClaimIndexes) {
        // First each row's app and slot (rows are read in place: copying one would retain its
        // strings), then the claims, which all share the finished slots.
        var kept: [(row: Int32, app: Int32, slot: Int32, kind: DocumentClaim.Kind)] = []
        kept.reserveCapacity(rows.count)
        rows.withUnsafeBufferPointer { rows in
            var lastAppID = ""
            var lastApp: Int32?
            for index in rows.indices {
                let app: Int32
                if let number = rows[index].appNumber {
                    app = number
                } else {
                    if rows[index].appID != lastAppID {
                        lastAppID = rows[index].appID
                        lastApp = appIDs.index(of: lastAppID)
                    }
                    guard let found = lastApp else { continue }
                    app = found
                }
                let kind = rows[index].kind
                let slot = slot(kind: kind, number: rows[index].valueNumber, value: rows[index].value, sharedStrings: sharedStrings)
                guard slot >= 0 else { continue }
                kept.append((Int32(index), app, slot, kind))
            }
        }
        let slots = ClaimSlots(types: slotTypes, values: slotValues)
        var claims: [ResolvedClaim] = []
        claims.reserveCapacity(kept.count)
        rows.withUnsafeBufferPointer { rows in
            for entry in kept {
                let row = Int(entry.row)
                claims.append(ResolvedClaim(
                    app: entry.app, kind: entry.kind,
                    role: rows[row].role, rank: rows[row].rank,
                    typeName: rows[row].typeName, position: rows[row].position, slot: entry.slot, slots: slots))
            }
        }
        var indexes = CatalogSnapshot.ClaimIndexes(byOrdinal: [[Int32]](repeating: [], count: graph.count))
        indexes.orderByApp(claims, appCount: appCount)
        index(kept.map(\.slot), into: &indexes)
        return (claims, indexes)
    }

    /// The slot of a (kind, value), the value given by its number in `sharedStrings` or as
    /// text: found again, else made; -1 when the value resolves to no type.
    private mutating func slot(kind: DocumentClaim.Kind, number: Int?, value: String, sharedStrings: [String]) -> Int32 {
        if let number, number >= 0, number < sharedStrings.count {
            let kindNumber = switch kind {
            case .contentType: 0
            case .mime: 1
            case .extension: 2
            case .wildcard: 3
            }
            if slotByNumber.isEmpty { slotByNumber = [Int32](repeating: Self.unresolved, count: sharedStrings.count &* 4) }
            let key = number &* 4 &+ kindNumber
            if slotByNumber[key] != Self.unresolved { return slotByNumber[key] }
            let made = newSlot(kind: kind, value: sharedStrings[number])
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
        slotValues.append(value)
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
