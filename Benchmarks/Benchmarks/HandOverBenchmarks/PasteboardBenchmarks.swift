import Benchmark
import BenchmarkSupport
import DocumentCatalog
import OpenInBroker
import SuiteSupport
import UniformTypes

// The typed pasteboard: a read by conformance on a board of 6 items, the last holding 5
// representations (RTF, HTML, UTF-8 text, PNG, JPEG), as a rich copy from a document would.
// PasteboardReadByConformance is the bound (5 µs): choosing the representation for
// public.image, the exact type first, then the nearest subtype, from a board already read,
// without copying the bytes. PasteboardMatcherBuild is resolving the board's types in the graph
// (once per board change), PasteboardReadFromFile the whole read a short-lived process does:
// the file, its header, the matcher and the choice.
let pasteboardBenchmarks: @Sendable () -> Void = {
    let graph = SystemTypeCatalog.graph
    let board = Fixture({ () throws -> (TemporaryFolder, PasteboardStore, PasteboardContents, PasteboardTypeMatcher) in
        let folder = try TemporaryFolder(prefix: "pasteboard")
        let store = PasteboardStore(location: CatalogLocation(path: folder.path + "/catalog.sqlite"))
        var items = (0..<5).map { PasteboardItemData([PasteboardRepresentationData(type: "public.utf8-plain-text", text: "line \($0)")]) }
        let rich: [(TypeIdentifier, Int)] = [("public.rtf", 2_000), ("public.html", 1_500), ("public.utf8-plain-text", 400), ("public.png", 40_000), ("public.jpeg", 20_000)]
        items.append(PasteboardItemData(rich.map { PasteboardRepresentationData(type: $0.0, bytes: [UInt8](repeating: 0x41, count: $0.1)) }))
        let contents = try store.write(items, to: .general)
        return (folder, store, contents, PasteboardTypeMatcher(contents: contents, graph: graph))
    }, tearDown: { $0.0.remove() })
    let image = graph.identity("public.image")

    Benchmark("PasteboardReadByConformance", configuration: OpenWithSuite.lookup()) { benchmark in
        let matcher = board.value.3
        for _ in benchmark.scaledIterations { blackHole(matcher.bestRepresentation(conformingTo: image)) }
    } setup: {
        try board.setUp()
    } teardown: {
        board.tearDown()
    }

    Benchmark("PasteboardMatcherBuild", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(1))) { benchmark in
        let contents = board.value.2
        for _ in benchmark.scaledIterations { blackHole(PasteboardTypeMatcher(contents: contents, graph: graph)) }
    } setup: {
        try board.setUp()
    } teardown: {
        board.tearDown()
    }

    Benchmark("PasteboardReadFromFile", configuration: OpenWithSuite.io(maxIterations: 2_000)) { benchmark in
        let store = board.value.1
        benchmark.startMeasurement()
        let contents = try? store.contents(of: .general)
        blackHole(contents.map { PasteboardTypeMatcher(contents: $0, graph: graph).bestRepresentation(conformingTo: image) })
        benchmark.stopMeasurement()
    } setup: {
        try board.setUp()
    } teardown: {
        board.tearDown()
    }
}
