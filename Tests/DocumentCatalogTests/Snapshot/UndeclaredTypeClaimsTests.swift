import Testing

@testable import DocumentCatalog

/// Claims on types outside the graph, found by folded identifier.
@Suite("Claims on undeclared types: found by identifier, merged when one is given twice")
struct UndeclaredTypeClaimsTests {
    @Test("every identifier finds its own claims, in claim order; an identifier nobody claims finds none")
    func lookup() {
        // 300 identifiers in no order, each with claims of its own.
        let keys = (0..<300).map { "dyn.ext.k\(($0 * 7919) % 300)" }
        let claims = keys.indices.map { [Int32($0), Int32($0 + 1000)] }
        let table = UndeclaredTypeClaims(keys: keys, claims: claims)
        #expect(table.keys == table.keys.sorted())
        for (index, key) in keys.enumerated() {
            #expect(table.claims(on: key) == [Int32(index), Int32(index + 1000)], "\(key)")
        }
        for absent in ["", "dyn.ext.k", "dyn.ext.k300", "dyn.ext.k99x", "zzz", "a"] {
            #expect(table.claims(on: absent).isEmpty, "\(absent)")
        }
        #expect(UndeclaredTypeClaims().claims(on: "dyn.ext.kdbx").isEmpty)
    }

    @Test("an identifier given twice (two spellings of one extension) has its claims merged in claim order")
    func merged() {
        let table = UndeclaredTypeClaims(
            keys: ["dyn.ext.kdbx", "dyn.mime.application-x-foo", "dyn.ext.kdbx"], claims: [[4, 9], [1], [2, 7]])
        #expect(table.keys == ["dyn.ext.kdbx", "dyn.mime.application-x-foo"])
        #expect(table.claims(on: "dyn.ext.kdbx") == [2, 4, 7, 9])
        #expect(table.claims(on: "dyn.mime.application-x-foo") == [1])
    }
}
