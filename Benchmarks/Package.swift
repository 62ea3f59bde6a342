// swift-tools-version: 6.1
import PackageDescription

// The OpenWith benchmarks: a package of its own so that package-benchmark (and the release
// builds it needs) never slows down a build of the library itself.
//
// The library is a path dependency on the folder above. A path dependency's identity is the
// name of that folder — `main`, `OpenWith`, or whatever a fresh clone is called — not the
// manifest's `name:`, so it is derived from where this manifest is.
let rootPackage: String = {
    let components = Context.packageDirectory.split(separator: "/", omittingEmptySubsequences: true)
    return components.count >= 2 ? String(components[components.count - 2]) : "OpenWith"
}()

let library: [Target.Dependency] = [
    .product(name: "UniformTypes", package: rootPackage),
    .product(name: "ContentSniffing", package: rootPackage),
    .product(name: "DeclarationFormats", package: rootPackage),
    .product(name: "DocumentCatalog", package: rootPackage),
    .product(name: "OpenInBroker", package: rootPackage),
]

/// A benchmark suite: an executable target in `Benchmarks/<name>`, which is where the benchmark
/// plugin looks for them.
func suite(_ name: String, adding extra: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: library + extra + [
            "BenchmarkSupport",
            "SuiteSupport",
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "OpenWithBenchmarks",
    dependencies: [
        .package(path: ".."),
        // package-benchmark, under its current name (`ordo-one/benchmark`; the legacy
        // `package-benchmark` URL works too, but its plugin then warns on every run). Its default
        // traits pull a runtime interposer that is not needed for allocation counts:
        // MallocInterposer alone gives `mallocCountTotal`.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Fixtures shared by the suites and the side-by-side driver: byte prefixes, synthetic
        // apps and desktop entries, temporary folders.
        .target(
            name: "BenchmarkSupport",
            dependencies: library,
            path: "Sources/BenchmarkSupport"
        ),
        // The suites' shared configuration (thresholds on allocation counts only) and fixtures.
        .target(
            name: "SuiteSupport",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Sources/SuiteSupport"
        ),
        // Times a Swift call and the same call through the C library back to back.
        .target(
            name: "PairedTiming",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Sources/PairedTiming"
        ),
        // The OpenWith half of side-by-side/run.sh (not a benchmark suite: it lives outside
        // `Benchmarks/` so the plugin does not run it).
        .executableTarget(
            name: "SideBySide",
            dependencies: library + ["BenchmarkSupport"],
            path: "Sources/SideBySide"
        ),
        suite("TypeGraphBenchmarks"),
        suite("SniffingBenchmarks"),
        suite("CatalogBenchmarks"),
        suite("HandOverBenchmarks"),
        // The C boundary: libOpenWithC's exported functions against the same Swift calls.
        suite("EmbeddingBenchmarks", adding: [
            .product(name: "OpenWithKit", package: rootPackage),
            .product(name: "OpenWithC", package: rootPackage),
            "PairedTiming",
        ]),
        // The C boundary with one copy of the library: the Swift calls and the C calls both run
        // the code inside libOpenWithC.so (this suite links nothing else of the library).
        .executableTarget(
            name: "BoundaryBenchmarks",
            dependencies: [
                .product(name: "OpenWithC", package: rootPackage),
                "PairedTiming",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BoundaryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
