@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing

/// Some of a compiled database's rules in a database of their own (``MagicRuleSubset``): the
/// entries taken, in order, from a database in memory or read from its file.
@Suite("MagicRuleSubset (the rules loaded for one call)")
struct MagicRuleSubsetTests {
    typealias Layout = CompiledMagicFile.Layout

    @Test("all named rules: the header, the chosen entries in order, then every named rule; counts that do not fit are refused")
    func subsetImage() throws {
        let named = [MagicTextDatabaseTests.entry(type: Layout.nameType, value: "helper"), MagicTextDatabaseTests.entry(level: 1, mime: "text/x-h")]
        let image = MagicTextDatabaseTests.database(main: MagicTextRuleSelectionTests.written, named: named)
        let size = Layout.entrySize
        try image.withUnsafeBytes { cut in
            let subset = try #require(MagicRuleSubset.image(main: [1..<3, 4..<5], named: nil, of: cut, mainCount: 7, namedCount: 2))
            defer { subset.deallocate() }
            #expect(subset.count == (1 + 3 + 2) * size)
            #expect(subset.load(fromByteOffset: 0, as: UInt32.self) == Layout.magicNumber)
            #expect(subset.load(fromByteOffset: 8, as: UInt32.self) == 3)
            #expect(subset.load(fromByteOffset: 12, as: UInt32.self) == 2)
            for (slot, entry) in [1, 2, 4, 7, 8].enumerated() {
                #expect(Array(subset[((1 + slot) * size)..<((2 + slot) * size)]) == Array(cut[((1 + entry) * size)..<((2 + entry) * size)]), "slot \(slot)")
            }
            #expect(MagicRuleSubset.image(main: [0..<1], named: nil, of: cut, mainCount: 6, namedCount: 3) == nil, "another cut's counts")
            #expect(MagicRuleSubset.image(main: [5..<8], named: nil, of: cut, mainCount: 7, namedCount: 2) == nil, "past the rules run")
        }
        let directory = TemporaryDirectory("magic-subset")
        let path = directory.path + "/cut.mgc"
        try Data(image).write(to: URL(fileURLWithPath: path))
        let fromFile = try #require(MagicRuleSubset.image(main: [1..<3, 4..<5], named: nil, ofFileAt: path, mainCount: 7, namedCount: 2))
        defer { fromFile.deallocate() }
        let fromMemory = try #require(image.withUnsafeBytes { MagicRuleSubset.image(main: [1..<3, 4..<5], named: nil, of: $0, mainCount: 7, namedCount: 2) })
        defer { fromMemory.deallocate() }
        #expect(Array(fromFile) == Array(fromMemory))
        #expect(MagicRuleSubset.image(main: [0..<1], named: nil, ofFileAt: path, mainCount: 7, namedCount: 1) == nil, "another cut's counts")
        #expect(MagicRuleSubset.image(main: [0..<1], named: nil, ofFileAt: directory.path + "/missing.mgc", mainCount: 7, namedCount: 2) == nil)
    }

    @Test("some named rules: only those picked, after the rules run, in order; a pick past the named rules is refused")
    func someNamedRules() throws {
        let named = (0..<4).map { MagicTextDatabaseTests.entry(type: Layout.nameType, value: "n\($0)") }
        let image = MagicTextDatabaseTests.database(main: MagicTextRuleSelectionTests.written, named: named)
        let size = Layout.entrySize
        try image.withUnsafeBytes { whole in
            let subset = try #require(MagicRuleSubset.image(main: [0..<1], named: [1..<2, 3..<4], of: whole, mainCount: 7, namedCount: 4))
            defer { subset.deallocate() }
            #expect(subset.count == (1 + 1 + 2) * size)
            #expect(subset.load(fromByteOffset: 8, as: UInt32.self) == 1)
            #expect(subset.load(fromByteOffset: 12, as: UInt32.self) == 2)
            for (slot, entry) in [0, 8, 10].enumerated() {
                #expect(Array(subset[((1 + slot) * size)..<((2 + slot) * size)]) == Array(whole[((1 + entry) * size)..<((2 + entry) * size)]), "slot \(slot)")
            }
            #expect(MagicRuleSubset.image(main: [], named: [3..<5], of: whole, mainCount: 7, namedCount: 4) == nil)
        }
    }

    @Test("read from a file: ranges close together in one piece, far ones apart, a long one whole; the same bytes as from memory")
    func spansFromFile() throws {
        let main = (0..<400).map { MagicTextDatabaseTests.entry(value: "rule \($0)") }
        let named = (0..<3).map { MagicTextDatabaseTests.entry(type: Layout.nameType, value: "n\($0)") }
        let image = MagicTextDatabaseTests.database(main: main, named: named)
        let directory = TemporaryDirectory("magic-subset-spans")
        let path = directory.path + "/database.mgc"
        try Data(image).write(to: URL(fileURLWithPath: path))
        let picks: [[Range<Int>]] = [[0..<1, 2..<3, 5..<9], [0..<1, 200..<202, 250..<251, 399..<400], [10..<300], [3..<4, 7..<200]]
        for pick in picks {
            let fromFile = try #require(MagicRuleSubset.image(main: pick, named: [1..<3], ofFileAt: path, mainCount: 400, namedCount: 3))
            defer { fromFile.deallocate() }
            let fromMemory = try #require(image.withUnsafeBytes { MagicRuleSubset.image(main: pick, named: [1..<3], of: $0, mainCount: 400, namedCount: 3) })
            defer { fromMemory.deallocate() }
            #expect(Array(fromFile) == Array(fromMemory), "\(pick)")
            #expect(fromFile.count == (1 + pick.reduce(0) { $0 + $1.count } + 2) * Layout.entrySize)
        }
    }
}
