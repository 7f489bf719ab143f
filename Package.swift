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
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
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

/// Combine on Apple platforms, OpenCombine elsewhere (Linux).
let openCombineProducts: [Target.Dependency] = [
    .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
    .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
]

let sundialKitProducts: [Product] = [
    .library(name: "SundialKitCore", targets: ["SundialKitCore"]),
    .library(name: "SundialKitConnectivity", targets: ["SundialKitConnectivity"]),
    .library(name: "SundialKitCombine", targets: ["SundialKitCombine"]),
    .library(name: "SundialKitStream", targets: ["SundialKitStream"]),
    .library(name: "SundialKitProtobuf", targets: ["SundialKitProtobuf"]),
    .library(name: "SundialKitTesting", targets: ["SundialKitTesting"]),
    .executable(name: "sundialkit-connectivity-benchmark", targets: ["SundialKitConnectivityBenchmark"]),
]

let sundialKitTargets: [Target] = [
    .target(name: "SundialKitCore", path: "Sources/SundialKit/Core"),
    .target(
        name: "SundialKitConnectivity",
        dependencies: ["SundialKitCore", "CourierPrimitives"],
        path: "Sources/SundialKit/Connectivity"
    ),
    .target(
        name: "SundialKitCombine",
        dependencies: ["SundialKitCore", "SundialKitConnectivity"] + openCombineProducts,
        path: "Sources/SundialKit/Combine"
    ),
    .target(
        name: "SundialKitStream",
        dependencies: ["SundialKitCore", "SundialKitConnectivity", "CourierPrimitives"],
        path: "Sources/SundialKit/Stream"
    ),
    .target(
        name: "SundialKitProtobuf",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity",
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ],
        path: "Sources/SundialKit/Protobuf",
        exclude: ["Example/sundial_example.proto"]
    ),
    .target(
        name: "SundialKitTesting",
        dependencies: ["SundialKitCore", "SundialKitConnectivity", "CourierPrimitives"],
        path: "Sources/SundialKit/Testing"
    ),
    .testTarget(
        name: "SundialKitConnectivityTests",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity", "SundialKitTesting", "CourierTestSupport",
        ],
        path: "Tests/SundialKit/SundialKitConnectivityTests"
    ),
    .testTarget(
        name: "SundialKitStreamConnectivityTests",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity", "SundialKitStream", "SundialKitTesting",
            "CourierTestSupport",
        ],
        path: "Tests/SundialKit/SundialKitStreamConnectivityTests"
    ),
    .testTarget(
        name: "SundialKitCombineConnectivityTests",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity", "SundialKitCombine", "SundialKitTesting",
            "CourierTestSupport",
        ],
        path: "Tests/SundialKit/SundialKitCombineConnectivityTests"
    ),
    .testTarget(
        name: "SundialKitProtobufTests",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity", "SundialKitProtobuf", "SundialKitTesting",
            "SundialKitStream", "CourierTestSupport",
        ],
        path: "Tests/SundialKit/SundialKitProtobufTests"
    ),
    .executableTarget(
        name: "SundialKitConnectivityBenchmark",
        dependencies: [
            "SundialKitConnectivity", "SundialKitProtobuf", "SundialKitStream", "SundialKitTesting",
            "BenchmarkSupport",
        ],
        path: "Benchmarks/SundialKitConnectivity"
    ),
]

// MARK: - Wormhole (Sources/Wormhole, Tests/Wormhole)

let wormholeProducts: [Product] = []
let wormholeTargets: [Target] = []

// MARK: - DurableStreams (Sources/DurableStreams, Tests/DurableStreams)

let durableStreamsProducts: [Product] = []
let durableStreamsTargets: [Target] = []

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
