import Testing

@testable import DocumentCatalog

/// A snapshot finds its apps by id without regard to case, as the rest of the catalog compares
/// ids.
@Suite("App ids: found without regard to case")
struct AppIDIndexTests {
    static func apps(_ ids: [String]) -> [CatalogApp] {
        ids.enumerated().map { CatalogApp(index: Int32($0.offset), record: AppRecord(id: $0.element, kind: .desktop, name: $0.element, sourcePath: "/apps/\($0.offset)")) }
    }

    @Test("every id is found in any ASCII case; an id no app has is not")
    func asciiCase() {
        let ids = (0..<500).map { "org.Example.App\($0).desktop" }
        let index = AppIDIndex(Self.apps(ids))
        for (position, id) in ids.enumerated() {
            #expect(index.index(of: id) == Int32(position))
            #expect(index.index(of: id.uppercased()) == Int32(position))
            #expect(index.index(of: id.lowercased()) == Int32(position))
        }
        #expect(index.index(of: "org.example.app500.desktop") == nil)
        #expect(index.index(of: "") == nil)
    }

    @Test("ids with other letters compare lowercased, also against ASCII ids")
    func unicodeCase() {
        // U+212A KELVIN SIGN lowercases to an ASCII k.
        let index = AppIDIndex(Self.apps(["Éditeur.desktop", "\u{212A}ate.desktop", "plain.desktop"]))
        #expect(index.index(of: "éditeur.desktop") == 0)
        #expect(index.index(of: "ÉDITEUR.DESKTOP") == 0)
        #expect(index.index(of: "kate.desktop") == 1)
        #expect(index.index(of: "KATE.desktop") == 1)
        #expect(index.index(of: "editeur.desktop") == nil)
    }

    @Test("of two ids equal without case, the later app is found")
    func laterWins() {
        let index = AppIDIndex(Self.apps(["viewer.desktop", "other.desktop", "Viewer.desktop"]))
        #expect(index.index(of: "viewer.desktop") == 2)
        #expect(index.index(of: "VIEWER.DESKTOP") == 2)
        #expect(index.index(of: "other.desktop") == 1)
    }

    @Test("an empty snapshot finds nothing")
    func empty() {
        #expect(AppIDIndex([]).index(of: "viewer.desktop") == nil)
    }
}
