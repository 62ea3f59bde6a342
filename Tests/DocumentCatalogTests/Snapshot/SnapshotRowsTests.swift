import DeclarationFormats
import Testing

@testable import DocumentCatalog

/// How a stored snapshot's claims read their kind, role and rank.
@Suite("Snapshot rows: claim kinds, roles and ranks by code")
struct SnapshotRowsTests {
    @Test("every kind, role and rank, in every spelling a snapshot stores or an Info.plist writes, reads back as itself through its code")
    func codesRoundTrip() {
        typealias Claim = SnapshotRows.Claim
        let kinds = ["content-type", "mime", "extension", "wildcard", "something else", ""]
        for text in kinds {
            #expect(Claim.kind(code: Claim.kindCode(text)) == Claim.kind(text), "\(text)")
        }
        for role in DocumentRole.allCases {
            for text in [role.rawValue, role.rawValue.lowercased(), role.rawValue.uppercased()] {
                #expect(Claim.role(code: Claim.roleCode(text)) == Claim.role(text), "\(text)")
            }
        }
        #expect(Claim.role(code: Claim.roleCode("Printer")) == .viewer)
        for rank in HandlerRank.allCases {
            for text in [rank.rawValue, rank.rawValue.lowercased()] {
                #expect(Claim.rank(code: Claim.rankCode(text)) == Claim.rank(text), "\(text)")
            }
        }
        #expect(Claim.rank(code: Claim.rankCode("Best")) == .default)
        // Distinct values have distinct codes.
        #expect(Set(DocumentRole.allCases.map { Claim.roleCode($0.rawValue) }).count == DocumentRole.allCases.count)
        #expect(Set(HandlerRank.allCases.map { Claim.rankCode($0.rawValue) }).count == HandlerRank.allCases.count)
    }
}
