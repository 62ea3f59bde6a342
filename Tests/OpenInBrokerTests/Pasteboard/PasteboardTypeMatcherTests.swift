import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("Pasteboard reads by conformance")
struct PasteboardTypeMatcherTests {
    let graph = SystemTypeCatalog.graph

    /// A board of `items`, each a list of (type, text) representations, written to a fresh store.
    func board(_ items: [[(TypeIdentifier, String)]]) throws -> PasteboardContents {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        return try store.write(items.map { PasteboardItemData($0.map { PasteboardRepresentationData(type: $0.0, text: $0.1) }) }, to: .general)
    }

    func best(_ contents: PasteboardContents, _ type: TypeIdentifier, item: Int? = nil, in graph: TypeGraph? = nil) -> PasteboardMatch? {
        let graph = graph ?? self.graph
        return PasteboardTypeMatcher(contents: contents, graph: graph).bestRepresentation(conformingTo: graph.identity(type), item: item)
    }

    @Test("the exact type comes first, wherever it stands in the item")
    func exactFirst() throws {
        let contents = try board([[("public.html", "<p>hi</p>"), ("public.utf8-plain-text", "hi"), ("public.plain-text", "hi")]])
        #expect(best(contents, "public.plain-text")?.representation.type == "public.plain-text")
        #expect(best(contents, "public.plain-text")?.isExact == true)
        #expect(best(contents, "public.utf8-plain-text")?.index == 1)
    }

    @Test("then the representation whose type is nearest below the type asked for, counted in conformance steps")
    func nearestSupertype() throws {
        // The graph's facts the answer stands on: HTML is text directly; UTF-8 text is plain text, which is text.
        let text = graph.identity("public.text")
        #expect(graph.identity("public.html").parents.contains(text))
        #expect(graph.identity("public.utf8-plain-text").parents == [graph.identity("public.plain-text")])
        let contents = try board([[("public.utf8-plain-text", "hi"), ("public.html", "<p>hi</p>")]])
        let match = try #require(best(contents, "public.text"))
        #expect(match.representation.type == "public.html")
        #expect(match.distance == 1)
        #expect(best(contents, "public.plain-text")?.representation.type == "public.utf8-plain-text")
    }

    @Test("equal distances keep the writer's order")
    func ties() throws {
        let pngFirst = try board([[("public.png", "p"), ("public.jpeg", "j")]])
        let jpegFirst = try board([[("public.jpeg", "j"), ("public.png", "p")]])
        #expect(best(pngFirst, "public.image")?.representation.type == "public.png")
        #expect(best(jpegFirst, "public.image")?.representation.type == "public.jpeg")
    }

    @Test("distances follow the graph: a made-up chain of types")
    func chain() throws {
        let declarations = SystemTypeCatalog.graph.declarations + [
            TypeDeclaration(identifier: "com.example.top", conformsTo: ["public.data"]),
            TypeDeclaration(identifier: "com.example.middle", conformsTo: ["com.example.top"]),
            TypeDeclaration(identifier: "com.example.leaf", conformsTo: ["com.example.middle"]),
            TypeDeclaration(identifier: "com.example.near", conformsTo: ["com.example.top"]),
        ]
        let graph = try TypeGraph(declarations: declarations)
        let contents = try board([[("com.example.leaf", "3"), ("com.example.near", "1"), ("public.png", "x")]])
        let top = try #require(best(contents, "com.example.top", in: graph))
        #expect(top.representation.type == "com.example.near")
        #expect(top.distance == 1)
        let middle = try #require(best(contents, "com.example.middle", in: graph))
        #expect(middle.representation.type == "com.example.leaf")
        #expect(middle.distance == 1)
        #expect(best(contents, "com.example.leaf", in: graph)?.distance == 0)
    }

    @Test("the first item with a conforming representation answers, unless an item is named")
    func items() throws {
        let contents = try board([[("public.utf8-plain-text", "caption")], [("public.png", "p1")], [("public.jpeg", "j2")]])
        let first = try #require(best(contents, "public.image"))
        #expect(first.item == 1)
        #expect(first.representation.type == "public.png")
        #expect(best(contents, "public.image", item: 2)?.representation.type == "public.jpeg")
        #expect(best(contents, "public.image", item: 0) == nil)
    }

    @Test("nothing conforming is no answer; an undeclared type conforms only to itself")
    func noAnswer() throws {
        let contents = try board([[("public.utf8-plain-text", "x"), ("com.example.private-clip", "y")]])
        #expect(best(contents, "public.image") == nil)
        #expect(best(contents, "com.example.private-clip")?.index == 1)
        #expect(best(contents, "public.data")?.representation.type == "public.utf8-plain-text")
    }

    @Test("the broker's read says what the board holds when nothing conforms, and when it is empty")
    func brokerErrors() throws {
        let contents = try board([[("public.utf8-plain-text", "x")]])
        let error = #expect(throws: HandOverError.self) { try HandOverBroker.readPasteboard(contents: contents, conformingTo: "public.image", graph: graph) }
        #expect(error?.code == .noConformingRepresentation)
        #expect(error?.reason.contains("public.utf8-plain-text") == true)
        let reading = try HandOverBroker.readPasteboard(contents: contents, conformingTo: "public.text", graph: graph)
        #expect(reading.data == Array("x".utf8))
        let empty = makePasteboardStore(TemporaryDirectory("pasteboard"))
        let emptyError = #expect(throws: HandOverError.self) { try HandOverBroker.readPasteboard(contents: try empty.contents(of: .general), conformingTo: "public.text", graph: graph) }
        #expect(emptyError?.code == .pasteboardEmpty)
        let itemError = #expect(throws: HandOverError.self) { try HandOverBroker.readPasteboard(contents: contents, conformingTo: "public.text", item: 3, graph: graph) }
        #expect(itemError?.code == .pasteboardEmpty)
    }
}
