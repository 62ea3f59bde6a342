import DeclarationFormats
import Testing
import UniformTypes

@testable import OpenInBroker

@Suite("Catch-all roots: told by ordinal, as by identifier")
struct CatchAllRootsTests {
    private static let rootIdentifiers: Set<String> = ["public.data", "public.item", "public.content"]

    @Test("In the system graph, exactly public.data, public.item and public.content are roots")
    func systemGraph() {
        let graph = SystemTypeCatalog.graph
        let roots = CatchAllRoots(graph)
        let found = graph.declaredTypes.filter { roots.contains($0) }.map(\.identifier.rawValue)
        #expect(Set(found) == Self.rootIdentifiers)
        #expect(found.count == 3)
        for identifier in Self.rootIdentifiers {
            let ordinal = graph[TypeIdentifier(identifier)]?.ordinal
            #expect(ordinal.map { roots.contains(ordinal: Int32($0)) } == true, "\(identifier)")
        }
        #expect(!roots.contains(ordinal: -1))
        #expect(!roots.contains(graph.dynamicType(for: DynamicTypeIdentifier(tagClass: .filenameExtension, tag: "qzq"))))
    }

    @Test("A graph that leaves a root undeclared has no such root, and nothing else becomes one")
    func graphWithoutSomeRoots() throws {
        let graph = try TypeGraph(declarations: [
            TypeDeclaration(identifier: "public.item", conformsTo: []),
            TypeDeclaration(identifier: "com.example.thing", conformsTo: ["public.item"]),
        ])
        let roots = CatchAllRoots(graph)
        #expect(graph.declaredTypes.filter { roots.contains($0) }.map(\.identifier.rawValue) == ["public.item"])
    }
}
