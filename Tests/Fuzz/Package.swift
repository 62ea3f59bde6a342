// swift-tools-version: 6.1
import PackageDescription

// Fuzz targets for every parser and the resolver: a package of its own, built only by `run.sh`
// with `-sanitize=fuzzer,address` (libFuzzer + AddressSanitizer), never by the library's build.
//
// The library is a path dependency on the folder two levels up. A path dependency's identity is
// the name of that folder (whatever a clone is called), so it is derived from where this
// manifest is.
let rootPackage: String = {
    let components = Context.packageDirectory.split(separator: "/", omittingEmptySubsequences: true)
    return components.count >= 3 ? String(components[components.count - 3]) : "OpenWith"
}()

/// One fuzz target: `Targets/<name>/`, one file whose top-level code hands its input callback
/// to libFuzzer's driver (`FuzzDriver.run`).
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzDriver"] + products.map { .product(name: $0, package: rootPackage) },
        path: "Targets/\(name)"
    )
}

let package = Package(
    name: "OpenWithFuzz",
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "CFuzzerDriver", path: "Targets/CFuzzerDriver"),
        .target(name: "FuzzDriver", dependencies: ["CFuzzerDriver"], path: "Targets/FuzzDriver"),
        fuzzTarget("FuzzPropertyList", ["DeclarationFormats"]),
        fuzzTarget("FuzzInfoPlist", ["DeclarationFormats"]),
        fuzzTarget("FuzzDesktopEntry", ["DeclarationFormats"]),
        fuzzTarget("FuzzMimeAppsList", ["DeclarationFormats"]),
        fuzzTarget("FuzzSharedMimeInfo", ["DeclarationFormats"]),
        fuzzTarget("FuzzExecLine", ["OpenInBroker"]),
        fuzzTarget("FuzzURL", ["OpenInBroker"]),
        fuzzTarget("FuzzMagicRules", ["ContentSniffing"]),
        fuzzTarget("FuzzMagicRuleText", ["ContentSniffing"]),
        fuzzTarget("FuzzMagicRuleImage", ["ContentSniffing"]),
        fuzzTarget("FuzzMagicBinaryPrefilter", ["ContentSniffing"]),
        fuzzTarget("FuzzResolver", ["ContentSniffing", "UniformTypes"]),
        fuzzTarget("FuzzGraphImage", ["UniformTypes"]),
        fuzzTarget("FuzzFilenameGlob", ["UniformTypes"]),
        fuzzTarget("FuzzPreview", ["OpenInBroker"]),
    ],
    swiftLanguageModes: [.v6]
)
