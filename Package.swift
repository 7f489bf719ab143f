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
    // DurableStreams client: transports, service lifecycle, conformance runner.
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
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

let wormholeProducts: [Product] = []
let wormholeTargets: [Target] = []

// MARK: - DurableStreams (Sources/DurableStreams, Tests/DurableStreams)

// Client: the core library (Foundation only), its adapters, and its tools.
let durableStreamsClientProducts: [Product] = [
    .library(name: "DurableStreams", targets: ["DurableStreams"]),
    .library(name: "DurableStreamsAsyncHTTPClient", targets: ["DurableStreamsAsyncHTTPClient"]),
    .library(name: "DurableStreamsServiceLifecycle", targets: ["DurableStreamsServiceLifecycle"]),
    .executable(name: "conformance-adapter", targets: ["DurableStreamsConformanceAdapter"]),
    .executable(name: "durable-streams-conformance", targets: ["DurableStreamsConformanceRunner"]),
    .executable(name: "durable-streams-benchmark", targets: ["DurableStreamsBenchmark"]),
]
let durableStreamsClientTargets: [Target] = [
    .target(
        name: "DurableStreams",
        dependencies: ["CourierPrimitives"],
        path: "Sources/DurableStreams/Client"
    ),
    .target(
        name: "DurableStreamsAsyncHTTPClient",
        dependencies: [
            "DurableStreams",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Sources/DurableStreams/AsyncHTTPClient"
    ),
    .target(
        name: "DurableStreamsServiceLifecycle",
        dependencies: [
            "DurableStreams",
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        path: "Sources/DurableStreams/ServiceLifecycle"
    ),
    .executableTarget(
        name: "DurableStreamsConformanceAdapter",
        dependencies: ["DurableStreams", "DurableStreamsAsyncHTTPClient", "CourierPrimitives"],
        path: "Sources/DurableStreams/ConformanceAdapter"
    ),
    .executableTarget(
        name: "DurableStreamsConformanceRunner",
        dependencies: [
            "CourierTestSupport",
            .product(name: "Yams", package: "Yams"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
        ],
        path: "Sources/DurableStreams/ConformanceRunner"
    ),
    .executableTarget(
        name: "DurableStreamsBenchmark",
        dependencies: ["DurableStreams", "DurableStreamsAsyncHTTPClient", "BenchmarkSupport", "CourierTestSupport"],
        path: "Benchmarks/DurableStreams"
    ),
    .testTarget(
        name: "DurableStreamsClientTests",
        dependencies: [
            "DurableStreams", "DurableStreamsAsyncHTTPClient", "DurableStreamsServiceLifecycle", "CourierTestSupport",
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        path: "Tests/DurableStreams/ClientTests"
    ),
]

let durableStreamsProducts: [Product] = durableStreamsClientProducts
let durableStreamsTargets: [Target] = durableStreamsClientTargets

// MARK: - Tour (the main job: `swift run tour`)

let tourTargets: [Target] = [
    .executableTarget(name: "tour", dependencies: [], path: "Sources/Tour")
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
