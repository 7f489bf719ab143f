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
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    // DurableStreams client: the Service conformance and the conformance runner's YAML.
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

// The server side: storage (no third-party dependencies), the HTTP server, the `durable-streams` command and the
// server benchmark.
let durableStreamsServerProducts: [Product] = [
    .library(name: "DurableStreamsStorage", targets: ["DurableStreamsStorage"]),
    .library(name: "DurableStreamsServer", targets: ["DurableStreamsServer"]),
    .executable(name: "durable-streams", targets: ["durable-streams"]),
    .executable(name: "durable-streams-server-benchmark", targets: ["durable-streams-server-benchmark"]),
]
let durableStreamsServerTargets: [Target] = [
    .target(
        name: "DurableStreamsStorage",
        dependencies: ["CourierPrimitives"],
        path: "Sources/DurableStreams/Storage"
    ),
    .target(
        name: "DurableStreamsServer",
        dependencies: [
            "DurableStreamsStorage",
            "CourierPrimitives",
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CompressNIO", package: "compress-nio"),
        ],
        path: "Sources/DurableStreams/Server"
    ),
    .executableTarget(
        name: "durable-streams",
        dependencies: [
            "DurableStreamsServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Sources/DurableStreams/CLI"
    ),
    .executableTarget(
        name: "durable-streams-server-benchmark",
        dependencies: [
            "DurableStreamsServer",
            "BenchmarkSupport",
            "CourierPrimitives",
            "CourierTestSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Benchmarks/DurableStreamsServer"
    ),
    .testTarget(
        name: "DurableStreamsStorageTests",
        dependencies: ["DurableStreamsStorage", "CourierTestSupport"],
        path: "Tests/DurableStreams/StorageTests"
    ),
    .testTarget(
        name: "DurableStreamsServerTests",
        dependencies: [
            "DurableStreamsServer",
            "DurableStreamsStorage",
            "CourierTestSupport",
            "durable-streams",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Tests/DurableStreams/ServerTests",
        exclude: ["Interop"]
    ),
]

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
        dependencies: [
            "DurableStreams", "DurableStreamsAsyncHTTPClient", "DurableStreamsServer", "BenchmarkSupport",
            "CourierTestSupport", .product(name: "Logging", package: "swift-log"),
        ],
        path: "Benchmarks/DurableStreams"
    ),
    .testTarget(
        name: "DurableStreamsClientTests",
        dependencies: [
            "DurableStreams", "DurableStreamsAsyncHTTPClient", "DurableStreamsServiceLifecycle", "CourierTestSupport",
            "CourierPrimitives", "DurableStreamsServer", "durable-streams", "DurableStreamsConformanceAdapter",
            "DurableStreamsConformanceRunner",
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/DurableStreams/ClientTests"
    ),
]

// The `durable-streams` command's client subcommands (create, append, read, head, delete) use the client library.
for target in durableStreamsServerTargets where target.name == "durable-streams" {
    target.dependencies += ["DurableStreams", "DurableStreamsAsyncHTTPClient"]
}

let durableStreamsProducts: [Product] = durableStreamsServerProducts + durableStreamsClientProducts
let durableStreamsTargets: [Target] = durableStreamsServerTargets + durableStreamsClientTargets

// MARK: - Tour (the main job: `swift run tour`)

let tourTargets: [Target] = [
    .executableTarget(
        name: "tour",
        dependencies: [
            // DurableStreams
            "DurableStreams", "DurableStreamsServer", .product(name: "Logging", package: "swift-log"),
        ],
        path: "Sources/Tour"
    )
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
