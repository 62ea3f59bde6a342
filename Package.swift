// swift-tools-version: 6.1
import PackageDescription

let strictFlags: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "OpenWith",
    products: [
        .library(name: "UniformTypes", targets: ["UniformTypes"]),
        .library(name: "ContentSniffing", targets: ["ContentSniffing"]),
        .library(name: "DeclarationFormats", targets: ["DeclarationFormats"]),
        .library(name: "DocumentCatalog", targets: ["DocumentCatalog"]),
        .library(name: "OpenInBroker", targets: ["OpenInBroker"]),
        .library(name: "OpenWithKit", targets: ["OpenWithKit"]),
        .library(name: "OpenWithC", type: .dynamic, targets: ["OpenWithC"]),
        .executable(name: "openwith", targets: ["openwith"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CMagic",
            pkgConfig: "libmagic",
            providers: [.apt(["libmagic-dev"])]
        ),
        .systemLibrary(name: "CFileAttributes"),
        .target(
            name: "FileSystemCalls",
            swiftSettings: strictFlags
        ),
        .target(
            name: "UniformTypes",
            dependencies: ["FileSystemCalls"],
            swiftSettings: strictFlags
        ),
        .target(
            name: "ContentSniffing",
            dependencies: ["UniformTypes", "CMagic", "CFileAttributes"],
            swiftSettings: strictFlags
        ),
        .target(
            name: "DeclarationFormats",
            swiftSettings: strictFlags
        ),
        .target(
            name: "DocumentCatalog",
            dependencies: [
                "FileSystemCalls",
                "UniformTypes",
                "DeclarationFormats",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictFlags
        ),
        .target(
            name: "OpenInBroker",
            dependencies: [
                "FileSystemCalls",
                "UniformTypes",
                "ContentSniffing",
                "DeclarationFormats",
                "DocumentCatalog",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictFlags
        ),
        .target(
            name: "OpenWithKit",
            dependencies: ["ContentSniffing", "DocumentCatalog", "OpenInBroker", "UniformTypes"],
            swiftSettings: strictFlags
        ),
        // The C library for file managers in C, C++, Vala or Rust: Swift exporting the functions
        // of Sources/OpenWithC/include/openwith.h, which COpenWith makes a module of.
        .systemLibrary(name: "COpenWith"),
        .target(
            name: "OpenWithC",
            dependencies: ["COpenWith", "ContentSniffing", "DocumentCatalog", "OpenInBroker", "OpenWithKit"],
            exclude: ["include"],
            swiftSettings: strictFlags
        ),
        .executableTarget(
            name: "openwith",
            dependencies: [
                "UniformTypes",
                "ContentSniffing",
                "DocumentCatalog",
                "OpenInBroker",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictFlags
        ),
        .target(
            name: "OpenWithTestSupport",
            dependencies: ["CFileAttributes"],
            path: "Tests/OpenWithTestSupport",
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "FileSystemCallsTests",
            dependencies: ["FileSystemCalls", "OpenWithTestSupport"],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "UniformTypesTests",
            dependencies: ["UniformTypes", "OpenWithTestSupport"],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "ContentSniffingTests",
            dependencies: ["ContentSniffing", "UniformTypes", "OpenWithTestSupport"],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "DeclarationFormatsTests",
            dependencies: ["DeclarationFormats"],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "DocumentCatalogTests",
            dependencies: ["DocumentCatalog", "DeclarationFormats", "UniformTypes", "OpenWithTestSupport"],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "OpenInBrokerTests",
            dependencies: [
                "OpenInBroker", "DocumentCatalog", "DeclarationFormats", "UniformTypes", "OpenWithTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "OpenWithKitTests",
            dependencies: ["OpenWithKit", "OpenInBroker", "DocumentCatalog", "ContentSniffing", "OpenWithTestSupport"],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "OpenWithCTests",
            dependencies: ["OpenWithTestSupport"],
            exclude: ["CPrograms"],
            swiftSettings: strictFlags
        ),
        .testTarget(
            name: "OpenWithCLITests",
            dependencies: ["openwith", "OpenWithTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictFlags
        ),
    ],
    swiftLanguageModes: [.v6]
)
