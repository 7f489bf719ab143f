// swift-tools-version: 6.1
//
// Courier: SundialKit, Wormhole, ClerkKit and DurableStreams in one repository.
//
// The manifest is split into one section per library family. Each section lists its own products and
// targets; package dependencies are listed once, below, and each target names only the products it uses,
// so a consumer of one library never builds another library's dependencies.

import PackageDescription

// MARK: - Package dependencies (one line per package; versions come from the local mirror)

let packageDependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
]

// MARK: - Shared primitives (no third-party dependencies; never a product of its own)

let sharedTargets: [Target] = [
    .target(name: "CourierPrimitives", path: "Sources/Shared/CourierPrimitives"),
    .target(
        name: "CourierTestSupport",
        dependencies: ["CourierPrimitives"],
        path: "Tests/Support/CourierTestSupport"
    ),
    .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
    .testTarget(
        name: "CourierPrimitivesTests",
        dependencies: ["CourierPrimitives", "CourierTestSupport"],
        path: "Tests/Shared/CourierPrimitivesTests"
    ),
]

// MARK: - SundialKit (Sources/SundialKit, Tests/SundialKit)

let sundialKitProducts: [Product] = []
let sundialKitTargets: [Target] = []

// MARK: - Wormhole (Sources/Wormhole, Tests/Wormhole)

let wormholeProducts: [Product] = [
    .library(name: "Wormhole", targets: ["Wormhole"]),
    .executable(name: "wormhole", targets: ["WormholeCLI"]),
    .executable(name: "wormhole-benchmark", targets: ["WormholeBenchmark"]),
]
let wormholeTargets: [Target] = [
    // Core library: no third-party dependencies.
    .target(name: "Wormhole", dependencies: ["CourierPrimitives"], path: "Sources/Wormhole/Wormhole"),
    // The `wormhole` command-line tool.
    .executableTarget(
        name: "WormholeCLI",
        dependencies: [
            "Wormhole", "CourierPrimitives", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Sources/Wormhole/CLI"
    ),
    .executableTarget(
        name: "WormholeBenchmark",
        dependencies: ["Wormhole", "BenchmarkSupport", "CourierTestSupport"],
        path: "Benchmarks/Wormhole",
        exclude: ["Floor"]
    ),
    // Cross-process test helper: racing writers, a writer killed mid-write.
    .executableTarget(
        name: "WormholeTestHelper",
        dependencies: ["Wormhole"],
        path: "Tests/Wormhole/WormholeTestHelper"
    ),
    .testTarget(
        name: "WormholeTests",
        dependencies: ["Wormhole", "CourierTestSupport"],
        path: "Tests/Wormhole/WormholeTests"
    ),
    .testTarget(
        name: "WormholeIntegrationTests",
        dependencies: ["Wormhole", "CourierTestSupport", "WormholeCLI", "WormholeTestHelper"],
        path: "Tests/Wormhole/WormholeIntegrationTests"
    ),
]

// MARK: - DurableStreams (Sources/DurableStreams, Tests/DurableStreams)

let durableStreamsProducts: [Product] = []
let durableStreamsTargets: [Target] = []

// MARK: - Tour (the main job: `swift run tour`)

let tourTargets: [Target] = [
    .executableTarget(name: "tour", dependencies: ["Wormhole"], path: "Sources/Tour")
]

// MARK: - Assembly

let products: [Product] =
    [.executable(name: "tour", targets: ["tour"])]
    + sundialKitProducts + wormholeProducts + durableStreamsProducts

let allTargets = sharedTargets + sundialKitTargets + wormholeTargets + durableStreamsTargets + tourTargets

/// C shims take no Swift settings.
let cTargetNames: Set<String> = []

// Settings every Swift target gets. Swift 6 language mode is the tools-version default.
for target in allTargets where !cTargetNames.contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: products,
    dependencies: packageDependencies,
    targets: allTargets
)
