import Benchmark
import DeclarationFormats
import DocumentCatalog
import OpenInBroker
import SuiteSupport
import UniformTypes

// The share sheet: ranking 10 items (images, a movie, a PDF, text, web URLs) against 100
// extensions whose rules mix every form (counts by kind, type lists, predicates, TRUEPREDICATE).
// One measured iteration is one ranking; the bound is 20 µs.
let shareSheetBenchmarks: @Sendable () -> Void = {
    let graph = SystemTypeCatalog.graph
    let sheet = Fixture { () -> (ShareActivityIndex, ShareItemSet) in
        var extensions: [RegisteredShareExtension] = []
        let typeLists: [[String]] = [["public.image"], ["public.png", "public.jpeg"], ["com.adobe.pdf"], ["public.movie", "public.image"], ["public.data"], ["public.content", "public.url"]]
        for number in 0..<100 {
            let rule: ShareActivationRule
            switch number % 4 {
            case 0: rule = ShareActivationRule(maxFiles: 20, maxImages: 10, maxMovies: 2, maxText: 1, maxWebURLs: 3)
            case 1: rule = ShareActivationRule(form: .predicate, maxAttachments: 12, acceptedTypes: typeLists[number % typeLists.count])
            case 2: rule = ShareActivationRule(maxImages: 5 + number % 7, maxText: ShareActivationRule.unlimited, maxWebURLs: 1)
            default: rule = number % 8 == 3 ? ShareActivationRule(form: .anything) : ShareActivationRule(maxAttachments: 15, acceptedTypes: ["public.item"])
            }
            let declaration = ShareExtensionDeclaration(
                identifier: "org.example.app\(number).share", kind: number % 3 == 0 ? .action : .share, title: "Extension \(number)", rule: rule,
                source: "/apps/App\(number).app/PlugIns/Share.appex/Info.plist")
            extensions.append(RegisteredShareExtension(appID: "org.example.app\(number)", declaration: declaration))
        }
        let items: [ResolvedShareItem] = [
            ("a.png", "public.png"), ("b.jpg", "public.jpeg"), ("c.heic", "public.heic"), ("d.png", "public.png"), ("e.gif", "com.compuserve.gif"),
            ("f.mp4", "public.mpeg-4"), ("g.pdf", "com.adobe.pdf"),
        ].map { ResolvedShareItem(item: .file("/home/user/Pictures/" + $0.0), type: graph.identity(TypeIdentifier($0.1))) }
            + [
                ResolvedShareItem(item: .text("Look at these"), type: graph.identity(.plainText)),
                ResolvedShareItem(item: .webURL("https://example.com/a"), type: graph.identity("public.url")),
                ResolvedShareItem(item: .webURL("https://example.com/b"), type: graph.identity("public.url")),
            ]
        return (ShareActivityIndex(extensions, graph: graph), ShareItemSet(items, graph: graph))
    }

    Benchmark("ShareRank10Items100Extensions", configuration: OpenWithSuite.lookup(scaling: .one)) { benchmark in
        let (index, set) = sheet.value
        for _ in benchmark.scaledIterations { blackHole(index.rank(set)) }
    } setup: {
        try sheet.setUp()
    } teardown: {
        sheet.tearDown()
    }
}
