import Benchmark
import BenchmarkSupport
import SuiteSupport
import UniformTypes

// Lookups in the compiled system type graph: tags to types, names to types, conformance, and
// dynamic types. Each measured iteration does 1,000 lookups, cycling through the samples; the
// next sample is found by a compare, not by `i % count` (an integer division costs several
// nanoseconds, a share of the lookups measured here). Samples are read in place: copying a
// string longer than 15 bytes out of its array retains and releases it, which a caller holding
// its string does not pay.
let benchmarks: @Sendable () -> Void = {
    let graph = SystemTypeCatalog.graph

    let extensions = SampleNames.extensions
    Benchmark("ExtensionToType", configuration: OpenWithSuite.lookup()) { benchmark in
        extensions.withUnsafeBufferPointer { samples in
            var next = 0
            for _ in benchmark.scaledIterations {
                blackHole(graph.type(filenameExtension: samples[next]))
                next = next + 1 == samples.count ? 0 : next + 1
            }
        }
    }

    let unknownExtensions = SampleNames.unknownExtensions
    Benchmark("ExtensionToType.unknown", configuration: OpenWithSuite.lookup()) { benchmark in
        unknownExtensions.withUnsafeBufferPointer { samples in
            var next = 0
            for _ in benchmark.scaledIterations {
                blackHole(graph.type(filenameExtension: samples[next]))
                next = next + 1 == samples.count ? 0 : next + 1
            }
        }
    }

    let mimeTypes = SampleNames.mimeTypes
    Benchmark("MIMETypeToType", configuration: OpenWithSuite.lookup()) { benchmark in
        mimeTypes.withUnsafeBufferPointer { samples in
            var next = 0
            for _ in benchmark.scaledIterations {
                blackHole(graph.type(mimeType: samples[next]))
                next = next + 1 == samples.count ? 0 : next + 1
            }
        }
    }

    // The same lookups split: MIME types some declaration claims, and ones none does (each
    // lookup of those makes a dynamic type).
    let declaredMIMETypes = mimeTypes.filter { graph.types(mimeType: $0).first != nil }
    Benchmark("MIMETypeToType.declared", configuration: OpenWithSuite.lookup()) { benchmark in
        declaredMIMETypes.withUnsafeBufferPointer { samples in
            var next = 0
            for _ in benchmark.scaledIterations {
                blackHole(graph.type(mimeType: samples[next]))
                next = next + 1 == samples.count ? 0 : next + 1
            }
        }
    }
    let unknownMIMETypes = (0..<64).map { "application/x-qz\($0)-unknown" }
    Benchmark("MIMETypeToType.unknown", configuration: OpenWithSuite.lookup()) { benchmark in
        unknownMIMETypes.withUnsafeBufferPointer { samples in
            var next = 0
            for _ in benchmark.scaledIterations {
                blackHole(graph.type(mimeType: samples[next]))
                next = next + 1 == samples.count ? 0 : next + 1
            }
        }
    }

    let filenames = SampleNames.filenames
    Benchmark("FilenameToType", configuration: OpenWithSuite.lookup()) { benchmark in
        filenames.withUnsafeBufferPointer { samples in
            var next = 0
            for _ in benchmark.scaledIterations {
                blackHole(graph.match(filename: samples[next]))
                next = next + 1 == samples.count ? 0 : next + 1
            }
        }
    }

    // The type alone, as a folder listing asks: no pattern kept, no tied types listed; of bare
    // names, and of whole paths, whose last component is found past the folders.
    for (name, names) in [("FilenameToType.typeOnly", filenames), ("FilenameToType.typeOnly.paths", SampleNames.paths)] {
        Benchmark(name, configuration: OpenWithSuite.lookup()) { benchmark in
            names.withUnsafeBufferPointer { samples in
                var next = 0
                for _ in benchmark.scaledIterations {
                    blackHole(graph.type(filename: samples[next]))
                    next = next + 1 == samples.count ? 0 : next + 1
                }
            }
        }
    }

    let pairs: [(UniformType, UniformType)] = {
        let subjects = SyntheticApps.commonMIMETypes.compactMap { graph.type(mimeType: $0) }
        let supertypes = SampleNames.supertypes.compactMap { graph[TypeIdentifier($0)] }
        return subjects.flatMap { subject in supertypes.map { (subject, $0) } }
    }()
    Benchmark("ConformsTo", configuration: OpenWithSuite.lookup()) { benchmark in
        // The pairs are read in place: copying a type out of the array would retain and release
        // its graph twice, which a caller holding its types does not pay.
        pairs.withUnsafeBufferPointer { pairs in
            var next = 0
            for _ in benchmark.scaledIterations {
                blackHole(pairs[next].0.conforms(to: pairs[next].1))
                next = next + 1 == pairs.count ? 0 : next + 1
            }
        }
    }

    Benchmark("DynamicIdentifier.encode", configuration: OpenWithSuite.lookup()) { benchmark in
        for i in benchmark.scaledIterations {
            let tag = unknownExtensions[i % unknownExtensions.count]
            blackHole(DynamicTypeIdentifier(tagClass: .filenameExtension, tag: tag).identifier)
        }
    }

    let dynamicIdentifiers = (unknownExtensions.map { DynamicTypeIdentifier(tagClass: .filenameExtension, tag: $0) }
        + ["application/x-openwith-unknown", "video/x-unknown-codec"].map { DynamicTypeIdentifier(tagClass: .mimeType, tag: $0) })
        .map(\.identifier.rawValue)
    Benchmark("DynamicIdentifier.decodeToType", configuration: OpenWithSuite.lookup()) { benchmark in
        var next = 0
        for _ in benchmark.scaledIterations {
            blackHole(try? graph.type(withIdentifier: dynamicIdentifiers[next]))
            next = next + 1 == dynamicIdentifiers.count ? 0 : next + 1
        }
    }

    // The one-off cost a process pays before its first lookup.
    let declarations = Fixture { try SystemTypeCatalog.declarations() }
    Benchmark("SystemGraph.compile", configuration: OpenWithSuite.lookup(scaling: .one, maxDuration: .seconds(3))) { _ in
        blackHole(try? TypeGraph(declarations: declarations.value))
    } setup: {
        try declarations.setUp()
    } teardown: {
        declarations.tearDown()
    }

    Benchmark("SystemGraph.parseTable", configuration: OpenWithSuite.lookup(scaling: .one, maxDuration: .seconds(3))) { _ in
        blackHole(try? SystemTypeCatalog.declarations())
    }

    // What a process pays instead when the catalog keeps the compiled image: map and check it.
    final class MappedImage: @unchecked Sendable {
        let folder: TemporaryFolder
        let path: String
        init() throws {
            folder = try TemporaryFolder(prefix: "graph-image")
            path = folder.appending("types.image")
            try SystemTypeCatalog.graph.writeImage(to: path)
        }
    }
    let image = Fixture({ try MappedImage() }, tearDown: { $0.folder.remove() })
    // Ready to query: the graph is freed after the measurement stops, as a process keeps its
    // graph until it exits (unmapping and freeing cost about 11 us more).
    Benchmark("SystemGraph.mapImage", configuration: OpenWithSuite.lookup(scaling: .one, maxDuration: .seconds(3))) { benchmark in
        benchmark.startMeasurement()
        let graph = try? TypeGraph(imageAt: image.value.path, sourceDigest: SystemTypeCatalog.tableDigest)
        benchmark.stopMeasurement()
        blackHole(graph)
    } setup: {
        try image.setUp()
    } teardown: {
        image.tearDown()
    }
}

