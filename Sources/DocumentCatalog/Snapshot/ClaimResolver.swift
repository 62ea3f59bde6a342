import DeclarationFormats
import UniformTypes

/// Resolves a snapshot's claim rows to types of its graph and indexes them by type and by app.
///
/// Many apps claim the same values (every image viewer claims `image/png`), so each (kind,
/// value) is resolved once, found again by the value's number (``SnapshotRows/Claim/value``), as
/// a *slot* — one resolved type, the value, and the claims that named it by that kind and value
/// (the claims share the slots, see ``ClaimSlots``). A claim whose value resolves to no type is
/// skipped.
struct ClaimResolver {
    private let graph: TypeGraph
    private let data: UniformType
    private let item: UniformType
    /// By value number × 4 + kind: the slot, -1 for a value that resolves to no type, or
    /// ``unresolved``.
    private var slotByNumber: [Int32] = []
    private static let unresolved: Int32 = -2
    private var slotTypes: [UniformType] = []
    private var slotValues: [String] = []

    init(graph: TypeGraph) {
        self.graph = graph
        data = graph.identity(.data)
        item = graph.identity(.item)
    }

    /// The resolved claims, in row order, and their indexes; `sharedStrings` holds the values
    /// and type names the rows name by number.
    mutating func resolve(
        _ rows: [SnapshotRows.Claim], sharedStrings: [String], appCount: Int
    ) -> (claims: [ResolvedClaim], indexes: CatalogSnapshot.ClaimIndexes) {
        slotByNumber = [Int32](repeating: Self.unresolved, count: sharedStrings.count &* 4)
        // First each row's slot, then the claims, which all share the finished slots.
        var kept: [(row: Int32, slot: Int32)] = []
        kept.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            let slot = slot(kind: row.kind, number: Int(row.value), sharedStrings: sharedStrings)
            if slot >= 0 { kept.append((Int32(index), slot)) }
        }
        let slots = ClaimSlots(types: slotTypes, values: slotValues)
        var claims: [ResolvedClaim] = []
        claims.reserveCapacity(kept.count)
        for entry in kept {
            let row = rows[Int(entry.row)]
            claims.append(ResolvedClaim(
                app: row.app, kind: row.kind, role: row.role, rank: row.rank, typeName: row.typeNameText(in: sharedStrings),
                position: Int(row.position),
                slot: entry.slot, slots: slots))
        }
        var indexes = CatalogSnapshot.ClaimIndexes(byOrdinal: [[Int32]](repeating: [], count: graph.count))
        indexes.orderByApp(claims, appCount: appCount)
        index(kept.map(\.slot), into: &indexes)
        return (claims, indexes)
    }

    /// The slot of a (kind, value), the value given by its number in `sharedStrings`: found
    /// again, else made; -1 when the value resolves to no type (or the number names no value).
    private mutating func slot(kind: DocumentClaim.Kind, number: Int, sharedStrings: [String]) -> Int32 {
        guard number >= 0, number < sharedStrings.count else { return -1 }
        let kindNumber = switch kind {
        case .contentType: 0
        case .mime: 1
        case .extension: 2
        case .wildcard: 3
        }
        let key = number &* 4 &+ kindNumber
        if slotByNumber[key] != Self.unresolved { return slotByNumber[key] }
        let made = newSlot(kind: kind, value: sharedStrings[number])
        slotByNumber[key] = made
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
        var undeclaredKeys: [String] = []
        var undeclaredClaims: [[Int32]] = []
        for (slot, type) in slotTypes.enumerated() {
            if let ordinal = type.ordinal {
                indexes.byOrdinal[ordinal] = indexes.byOrdinal[ordinal].isEmpty
                    ? Array(slotClaims[slot]) : (indexes.byOrdinal[ordinal] + slotClaims[slot]).sorted()
            } else {
                undeclaredKeys.append(type.identifier.folded)
                undeclaredClaims.append(Array(slotClaims[slot]))
            }
        }
        indexes.onUndeclaredTypes = UndeclaredTypeClaims(keys: undeclaredKeys, claims: undeclaredClaims)
    }
}
