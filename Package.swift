// swift-tools-version: 6.1
//
// Courier: SundialKit, Wormhole, ClerkKit and DurableStreams in one repository.
//
// The manifest is split into one section per library family. Each section lists its own products and
// targets; package dependencies are listed once, below, and each target names only the products it uses.
//
// Every third-party dependency of a product's module is behind a package trait (off by default): SwiftPM resolves
// the dependencies of every module any product reaches, so an unconditional one would reach every app that adds
// any Courier library. An app that adds Wormhole, SundialKit or the Durable Streams client resolves no package at
// all; a server turns its stack on with one line (README: "Package traits"). Benchmarks, the conformance tools and
// test helpers are targets of this package but not products: nothing outside the repository sees them.

import PackageDescription

// MARK: - Package traits (each names the product it makes available, or the feature)

let traits: Set<Trait> = [
    .default(enabledTraits: []),
    .trait(
        name: "SundialKitLogging",
        description: "NetlinkPathMonitor(logger:) on Linux takes a swift-log Logger (without it, nothing is logged)."),
    .trait(
        name: "SundialKitOpenCombine",
        description: "SundialKitCombine where Combine is missing (Linux): OpenCombine. Apple platforms need nothing."),
    .trait(name: "SundialKitProtobuf", description: "The SundialKitProtobuf product: swift-protobuf."),
    .trait(
        name: "ClerkKit",
        description: "ClerkKit, ClerkKitUICore, ClerkKitUI, ClerkKitSharedSessions and ClerkKitWatchSync: swift-log."),
    .trait(
        name: "ClerkKitSoftwareKeys",
        description: "Software trusted-device keys where CryptoKit is missing (Linux): swift-crypto.",
        enabledTraits: ["ClerkKit"]),
    .trait(
        name: "ClerkKitTesting",
        description:
            "The ClerkKitTesting product (the Clerk emulator): Hummingbird, swift-crypto, swift-service-lifecycle.",
        enabledTraits: ["ClerkKit", "ClerkKitSoftwareKeys"]),
    .trait(
        name: "ClerkKitLoopback",
        description:
            "The ClerkKitLoopback product (OAuth through the system browser for command-line apps): swift-nio.",
        enabledTraits: ["ClerkKit"]),
    .trait(
        name: "DurableStreamsServer",
        description:
            "The DurableStreamsServer product: HummingbirdCore, swift-nio, swift-crypto, swift-service-lifecycle."),
    .trait(
        name: "DurableStreamsPostgres",
        description: "The DurableStreamsPostgres product (the shared store): postgres-nio."),
    .trait(
        name: "DurableStreamsAsyncHTTPClient",
        description:
            "The DurableStreamsAsyncHTTPClient product (the client's transport on SwiftNIO): async-http-client."),
    .trait(
        name: "DurableStreamsWebhooks",
        description: "The DurableStreamsWebhooks product (verifying webhook signatures): swift-crypto."),
    .trait(
        name: "DurableStreamsServiceLifecycle",
        description: "The DurableStreamsServiceLifecycle product: swift-service-lifecycle."),
    .trait(
        name: "Commands",
        description: "The wormhole, durable-streams and clerk commands: swift-argument-parser and the stacks they run.",
        enabledTraits: [
            "DurableStreamsServer", "DurableStreamsPostgres", "DurableStreamsAsyncHTTPClient", "ClerkKitTesting",
            "ClerkKitLoopback",
        ]),
]

/// A dependency on another package's product that exists only while `trait` is on (and, given `platforms`, only
/// there): with the trait off, SwiftPM neither resolves nor builds it for the package's users.
func product(
    _ name: String, _ package: String, trait: String, platforms: [Platform]? = nil
) -> Target.Dependency {
    if let platforms {
        return .product(name: name, package: package, condition: .when(platforms: platforms, traits: [trait]))
    }
    return .product(name: name, package: package, condition: .when(traits: [trait]))
}

// MARK: - Package dependencies (one line per package; versions come from the local mirror)

let packageDependencies: [Package.Dependency] = [
    // Logging (SundialKitNetwork; the DurableStreams server).
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // Command-line tools (wormhole, durable-streams).
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // SundialKit: Combine on Linux (SundialKitCombine).
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    // SundialKit: SundialKitProtobuf.
    .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    // DurableStreams: the server (DurableStreamsServer), its command (durable-streams) and their tests.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    // DurableStreams client: the Service conformance and the conformance runner's YAML.
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // ClerkKit: the emulator's RS256 session tokens (ClerkKitTesting) and software trusted-device keys on Linux.
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    // DurableStreams: the PostgreSQL store (DurableStreamsPostgres) only.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
]

/// Where the HTTP listeners (the Durable Streams server, the Clerk emulator) exist. Hummingbird declares iOS 15 /
/// tvOS 15 and SwiftPM refuses a dependency whose floor is above the package's, so on iOS, tvOS and watchOS those
/// targets build without it: their listener files are under `#if canImport(Hummingbird…)` and starting fails there.
let listenerPlatforms: [Platform] = [.linux, .macOS]
/// AsyncHTTPClient needs the Swift 6.2 standard library on Apple platforms (swift-configuration), which Xcode 16's
/// SDKs lack: the Durable Streams tools use it on Linux and URLSession elsewhere. The library product stays.
let linuxOnly = TargetDependencyCondition.when(platforms: [Platform.linux])

// MARK: - Shared primitives (no third-party dependencies; never a product of its own)

let sharedTargets: [Target] = [
    .target(name: "CourierPrimitives", path: "Sources/Shared/CourierPrimitives"),
    // Child processes, temporary directories and deadlines, for tools, benchmarks and tests.
    .target(name: "CourierTooling", dependencies: ["CourierPrimitives"], path: "Tools/Support/CourierTooling"),
    // What tests share; re-exports CourierTooling. Executables never link it.
    .target(
        name: "CourierTestSupport",
        dependencies: ["CourierPrimitives", "CourierTooling", .product(name: "Logging", package: "swift-log")],
        path: "Tests/Support/CourierTestSupport"
    ),
    // An HTTP/1.1 client that sends requests exactly as written, for tools and tests (swift-nio only).
    .target(
        name: "ExactHTTPClient",
        dependencies: [
            "CourierPrimitives", "CourierTooling",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Tools/Support/ExactHTTPClient"
    ),
    // An HTTP/1.1 server on loopback that answers as a closure says, for tools, benchmarks and tests (swift-nio only).
    .target(
        name: "LoopbackHTTPServer",
        dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Tools/Support/LoopbackHTTPServer"
    ),
    .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
    .testTarget(
        name: "CourierPrimitivesTests",
        dependencies: ["CourierPrimitives", "CourierTestSupport"],
        path: "Tests/Shared/CourierPrimitivesTests"
    ),
    .testTarget(
        name: "CourierToolingTests",
        dependencies: ["CourierTooling"],
        path: "Tests/Shared/CourierToolingTests"
    ),
    // Rules the repository keeps: Apple-only files listed and thin, file sizes.
    .testTarget(name: "RepositoryRulesTests", path: "Tests/Shared/RepositoryRulesTests"),
]

// MARK: - SundialKit (Sources/SundialKit, Tests/SundialKit)

let sundialKitProducts: [Product] = [
    .library(name: "SundialKit", targets: ["SundialKit"]),
    .library(name: "SundialKitCore", targets: ["SundialKitCore"]),
    .library(name: "SundialKitNetwork", targets: ["SundialKitNetwork"]),
    .library(name: "SundialKitCombine", targets: ["SundialKitCombine"]),
    .library(name: "SundialKitStream", targets: ["SundialKitStream"]),
    .library(name: "SundialKitTesting", targets: ["SundialKitTesting"]),
]

/// OpenCombine stands in for Combine where Combine does not exist (with the SundialKitOpenCombine trait).
let openCombine = product("OpenCombine", "OpenCombine", trait: "SundialKitOpenCombine", platforms: [.linux])
/// `receive(on: DispatchQueue.main)` in 1.x code needs DispatchQueue to be a scheduler on Linux.
let openCombineDispatch = product(
    "OpenCombineDispatch", "OpenCombine", trait: "SundialKitOpenCombine", platforms: [.linux])
/// The commands' argument parsing.
let argumentParser = product("ArgumentParser", "swift-argument-parser", trait: "Commands")
/// swift-protobuf, for SundialKitProtobuf and what uses it.
let swiftProtobuf = product("SwiftProtobuf", "swift-protobuf", trait: "SundialKitProtobuf")

let sundialKitTargets: [Target] = [
    // Core: value types, protocols and typed errors. No third-party dependencies.
    .target(name: "SundialKitCore", path: "Sources/SundialKit/Core"),
    // rtnetlink constants and macros for Swift (Linux only; empty elsewhere).
    .target(name: "CNetlink", path: "Sources/SundialKit/CNetlink"),
    .target(
        name: "SundialKitNetwork",
        dependencies: [
            "SundialKitCore",
            "CourierPrimitives",
            .target(name: "CNetlink", condition: .when(platforms: [.linux])),
            product("Logging", "swift-log", trait: "SundialKitLogging", platforms: [.linux]),
        ],
        path: "Sources/SundialKit/Network"
    ),
    .target(
        name: "SundialKitCombine",
        dependencies: [
            "SundialKitCore", "SundialKitNetwork", "SundialKitConnectivity", "CourierPrimitives", openCombine,
            openCombineDispatch,
        ],
        path: "Sources/SundialKit/Combine"
    ),
    .target(
        name: "SundialKitStream",
        dependencies: ["SundialKitCore", "SundialKitNetwork", "SundialKitConnectivity", "CourierPrimitives"],
        path: "Sources/SundialKit/Stream"
    ),
    .target(
        name: "SundialKit",
        dependencies: ["SundialKitCore", "SundialKitNetwork", "SundialKitConnectivity"],
        path: "Sources/SundialKit/SundialKit"
    ),
    .target(
        name: "SundialKitTesting",
        dependencies: ["SundialKitCore", "SundialKitNetwork", "SundialKitConnectivity", "CourierPrimitives"],
        path: "Sources/SundialKit/Testing"
    ),

    // Tests
    .testTarget(
        name: "SundialKitCoreTests",
        dependencies: ["SundialKitCore", "CourierPrimitives"],
        path: "Tests/SundialKit/SundialKitCoreTests"
    ),
    .testTarget(
        name: "SundialKitNetworkTests",
        dependencies: [
            "SundialKitNetwork", "SundialKitCore", "SundialKitTesting", "CourierPrimitives", "CourierTestSupport",
            "sundialkit-netlink-probe", .target(name: "CNetlink", condition: .when(platforms: [.linux])),
            product("Logging", "swift-log", trait: "SundialKitLogging"),
        ],
        path: "Tests/SundialKit/SundialKitNetworkTests"
    ),
    .testTarget(
        name: "SundialKitCombineTests",
        dependencies: [
            "SundialKitCombine", "SundialKitCore", "SundialKitNetwork", "SundialKitTesting", "CourierPrimitives",
            "CourierTestSupport", openCombine,
        ],
        path: "Tests/SundialKit/SundialKitCombineTests"
    ),
    .testTarget(
        name: "SundialKitStreamTests",
        dependencies: [
            "SundialKitStream", "SundialKitCore", "SundialKitNetwork", "SundialKitTesting", "CourierPrimitives",
            "CourierTestSupport",
        ],
        path: "Tests/SundialKit/SundialKitStreamTests"
    ),
    // Code written against the SundialKit 1.0 API, unchanged in spirit, compiled against v2.
    .testTarget(
        name: "V1CompatibilityTests",
        dependencies: ["SundialKit", "SundialKitCombine", "CourierTestSupport", openCombine],
        path: "Tests/SundialKit/V1CompatibilityTests"
    ),
    // The whole SundialKit 1.0 public API used in 1.0's own ways (a custom ConnectivitySession, PathMonitor and
    // NetworkPing), asserting 1.0's behaviour case by case.
    .testTarget(
        name: "SundialKitV1SourceCompatibilityTests",
        dependencies: ["SundialKit", "SundialKitCombine", "SundialKitTesting", "CourierTestSupport", openCombine],
        path: "Tests/SundialKit/SundialKitV1SourceCompatibilityTests"
    ),
    // The README's code and the specifications' examples, compiled and run, and a check that the README still shows
    // exactly this code.
    .testTarget(
        name: "SundialKitDocumentationTests",
        dependencies: [
            "SundialKit", "SundialKitCore", "SundialKitNetwork", "SundialKitConnectivity", "SundialKitCombine",
            "SundialKitStream", "SundialKitTesting", "SundialKitProtobuf", "SundialKitProtobufExample",
            "CourierPrimitives", "CourierTestSupport", openCombine, openCombineDispatch, swiftProtobuf,
        ],
        path: "Tests/SundialKit/SundialKitDocumentationTests"
    ),
    // Runs a network monitor and prints each path status; the netlink tests run it in a private namespace.
    .executableTarget(
        name: "sundialkit-netlink-probe",
        dependencies: ["SundialKitNetwork", "SundialKitCore"],
        path: "Tests/SundialKit/SundialKitNetlinkProbe"
    ),
    // Benchmarks
    .executableTarget(
        name: "sundialkit-network-benchmark",
        dependencies: [
            "SundialKitCore", "SundialKitNetwork", "SundialKitCombine", "SundialKitStream", "SundialKitTesting",
            "BenchmarkSupport",
            openCombine,
        ],
        path: "Benchmarks/SundialKitNetwork"
    ),
]

// Connectivity (iPhone <-> Apple Watch): SundialKitConnectivity, its halves of SundialKitCombine and
// SundialKitStream, SundialKitProtobuf, the SundialKitTesting simulator, tests and benchmark.

let sundialKitConnectivityProducts: [Product] = [
    .library(name: "SundialKitConnectivity", targets: ["SundialKitConnectivity"]),
    .library(name: "SundialKitProtobuf", targets: ["SundialKitProtobuf"]),
]

let sundialKitConnectivityTargets: [Target] = [
    .target(
        name: "SundialKitConnectivity",
        dependencies: ["SundialKitCore", "CourierPrimitives"],
        path: "Sources/SundialKit/Connectivity"
    ),
    .target(
        name: "SundialKitProtobuf",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity", swiftProtobuf,
        ],
        path: "Sources/SundialKit/Protobuf",
        exclude: ["Example"]
    ),
    // The example schema (Example/sundial_example.proto, regenerated by scripts/generate-protobuf), used by
    // the docs, tests, benchmark and tour. Not a product.
    .target(
        name: "SundialKitProtobufExample",
        dependencies: ["SundialKitProtobuf", swiftProtobuf],
        path: "Sources/SundialKit/Protobuf/Example",
        exclude: ["sundial_example.proto"]
    ),
    .testTarget(
        name: "SundialKitConnectivityTests",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity", "SundialKitTesting", "CourierPrimitives", "CourierTestSupport",
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
            "SundialKit", "SundialKitCore", "SundialKitConnectivity", "SundialKitCombine", "SundialKitTesting",
            "CourierPrimitives", "CourierTestSupport", openCombine, openCombineDispatch,
        ],
        path: "Tests/SundialKit/SundialKitCombineConnectivityTests"
    ),
    .testTarget(
        name: "SundialKitProtobufTests",
        dependencies: [
            "SundialKitCore", "SundialKitConnectivity", "SundialKitProtobuf", "SundialKitProtobufExample",
            "SundialKitTesting", "SundialKitStream", "CourierTestSupport", swiftProtobuf,
        ],
        path: "Tests/SundialKit/SundialKitProtobufTests"
    ),
    .executableTarget(
        name: "sundialkit-connectivity-benchmark",
        dependencies: [
            "SundialKitConnectivity", "SundialKitProtobuf", "SundialKitProtobufExample", "SundialKitStream",
            "SundialKitTesting", "BenchmarkSupport",
        ],
        path: "Benchmarks/SundialKitConnectivity"
    ),
]

// MARK: - Wormhole (Sources/Wormhole, Tests/Wormhole)

let wormholeProducts: [Product] = [
    .library(name: "Wormhole", targets: ["Wormhole"]),
    .executable(name: "wormhole", targets: ["WormholeCLI"]),
]
let wormholeTargets: [Target] = [
    // Core library: no third-party dependencies.
    .target(name: "Wormhole", dependencies: ["CourierPrimitives"], path: "Sources/Wormhole/Wormhole"),
    // The `wormhole` command-line tool.
    .executableTarget(
        name: "WormholeCLI",
        dependencies: [
            "Wormhole", "CourierPrimitives", argumentParser,
        ],
        path: "Sources/Wormhole/CLI"
    ),
    .executableTarget(
        name: "wormhole-benchmark",
        dependencies: ["Wormhole", "BenchmarkSupport", "CourierTooling"],
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
        dependencies: ["Wormhole", "CourierPrimitives", "CourierTestSupport"],
        path: "Tests/Wormhole/WormholeTests"
    ),
    .testTarget(
        name: "WormholeIntegrationTests",
        dependencies: ["Wormhole", "CourierTestSupport", "WormholeCLI", "WormholeTestHelper"],
        path: "Tests/Wormhole/WormholeIntegrationTests"
    ),
]

// MARK: - DurableStreams (Sources/DurableStreams, Tests/DurableStreams)

// The server side: storage (no third-party dependencies), the HTTP server, the `durable-streams` command and the
// server benchmark.
let durableStreamsServerProducts: [Product] = [
    .library(name: "DurableStreamsStorage", targets: ["DurableStreamsStorage"]),
    .library(name: "DurableStreamsServer", targets: ["DurableStreamsServer"]),
    .library(name: "DurableStreamsPostgres", targets: ["DurableStreamsPostgres"]),
    .executable(name: "durable-streams", targets: ["durable-streams"]),
]
/// A dependency of the Durable Streams server, behind its trait.
func server(_ name: String, _ package: String, platforms: [Platform]? = nil) -> Target.Dependency {
    product(name, package, trait: "DurableStreamsServer", platforms: platforms)
}
let durableStreamsServerTargets: [Target] = [
    .target(
        name: "DurableStreamsStorage",
        dependencies: ["CourierPrimitives"],
        path: "Sources/DurableStreams/Storage"
    ),
    // The store shared by many server nodes: streams in PostgreSQL, live reads woken by LISTEN/NOTIFY.
    .target(
        name: "DurableStreamsPostgres",
        dependencies: [
            "DurableStreamsStorage",
            "CourierPrimitives",
            product("PostgresNIO", "postgres-nio", trait: "DurableStreamsPostgres"),
            // `ConnectionPoolError` (a database that cannot be reached trips the pool's circuit breaker).
            product("_ConnectionPoolModule", "postgres-nio", trait: "DurableStreamsPostgres"),
            product("Logging", "swift-log", trait: "DurableStreamsPostgres"),
        ],
        path: "Sources/DurableStreams/Postgres"
    ),
    .target(
        name: "DurableStreamsServer",
        dependencies: [
            "DurableStreamsStorage",
            "CourierPrimitives",
            server("HummingbirdCore", "hummingbird", platforms: listenerPlatforms),
            server("HTTPTypes", "swift-http-types"),
            server("NIOCore", "swift-nio"),
            server("NIOPosix", "swift-nio"),
            // The SSE fan-out writes framed chunks from the HTTP/1 encoder's place in the pipeline.
            server("NIOHTTP1", "swift-nio", platforms: listenerPlatforms),
            // Each connection's pipeline converts HTTP/1 parts to HTTP types (see HTTP1StreamChannel).
            server("NIOHTTPTypes", "swift-nio-extras", platforms: listenerPlatforms),
            server("NIOHTTPTypesHTTP1", "swift-nio-extras", platforms: listenerPlatforms),
            server("Logging", "swift-log"),
            server("CompressNIO", "compress-nio", platforms: listenerPlatforms),
            server("ServiceLifecycle", "swift-service-lifecycle"),
            // Subscription callback tokens (HMAC) and configuration hashes (SHA-256).
            server("Crypto", "swift-crypto"),
        ],
        path: "Sources/DurableStreams/Server",
        // The console's web files are embedded as Swift (Console/Assets, generated by scripts/web-assets).
        exclude: ["README.md", "DEPLOYMENT.md", "Console/Web"]
    ),
    .executableTarget(
        name: "durable-streams",
        dependencies: [
            "DurableStreamsServer", "DurableStreamsStorage",
            // `serve --store postgres`.
            "DurableStreamsPostgres",
            product("ServiceLifecycle", "swift-service-lifecycle", trait: "Commands"),
            product("UnixSignals", "swift-service-lifecycle", trait: "Commands"),
            // The client subcommands (create, append, read, head, delete) use the client library, over
            // AsyncHTTPClient on Linux and URLSession on Apple platforms.
            "DurableStreams", .target(name: "DurableStreamsAsyncHTTPClient", condition: linuxOnly),
            argumentParser,
            product("Logging", "swift-log", trait: "Commands"),
            // The system's reason for a failed connection is in swift-nio's IOError.
            product("NIOCore", "swift-nio", trait: "Commands"),
        ],
        path: "Sources/DurableStreams/CLI"
    ),
    .executableTarget(
        name: "durable-streams-server-benchmark",
        dependencies: [
            "DurableStreamsServer",
            "DurableStreamsStorage",
            // `--postgres`: the PostgreSQL store, one node and two.
            "DurableStreamsPostgres",
            "BenchmarkSupport",
            "CourierPrimitives",
            "CourierTooling",
            "LoopbackHTTPServer",
            "AllocationCounter",
            // The idle SSE floors: HummingbirdCore's server as ours runs it.
            .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(platforms: listenerPlatforms)),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Benchmarks/DurableStreamsServer"
    ),
    // Counts the server's heap allocations for the benchmark's allocations-per-append figure (glibc only).
    .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
    // The one way the server and client tests start a server.
    .target(
        name: "DurableStreamsTestSupport",
        dependencies: ["DurableStreamsServer"],
        path: "Tests/Support/DurableStreamsTestSupport"
    ),
    .testTarget(
        name: "DurableStreamsStorageTests",
        dependencies: ["DurableStreamsStorage", "DurableStreamsPostgres", "CourierPrimitives", "CourierTestSupport"],
        path: "Tests/DurableStreams/DurableStreamsStorageTests"
    ),
    .testTarget(
        name: "DurableStreamsServerTests",
        dependencies: [
            "DurableStreamsServer",
            "DurableStreamsStorage",
            "CourierPrimitives",
            "CourierTestSupport",
            "DurableStreamsTestSupport",
            "durable-streams",
            // The PostgreSQL fault tests drop the schemas their servers made.
            "DurableStreamsPostgres",
            "ExactHTTPClient",
            "LoopbackHTTPServer",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            "DurableStreams", "DurableStreamsWebhooks",
        ],
        path: "Tests/DurableStreams/DurableStreamsServerTests",
        exclude: ["Interop"]
    ),
    .testTarget(
        name: "DurableStreamsToolsTests",
        dependencies: ["durable-streams-conformance"],
        path: "Tests/DurableStreams/DurableStreamsToolsTests"
    ),
]

// Client: the core library (Foundation only), its adapters, and its tools.
let durableStreamsClientProducts: [Product] = [
    .library(name: "DurableStreams", targets: ["DurableStreams"]),
    .library(name: "DurableStreamsAsyncHTTPClient", targets: ["DurableStreamsAsyncHTTPClient"]),
    .library(name: "DurableStreamsServiceLifecycle", targets: ["DurableStreamsServiceLifecycle"]),
    .library(name: "DurableStreamsWebhooks", targets: ["DurableStreamsWebhooks"]),
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
            "CourierPrimitives",
            product("AsyncHTTPClient", "async-http-client", trait: "DurableStreamsAsyncHTTPClient"),
            product("NIOCore", "swift-nio", trait: "DurableStreamsAsyncHTTPClient"),
            product("NIOHTTP1", "swift-nio", trait: "DurableStreamsAsyncHTTPClient"),
        ],
        path: "Sources/DurableStreams/AsyncHTTPClient"
    ),
    // Verifies webhook wakes (Ed25519 signatures against the server's JWKS): swift-crypto stays out of the client.
    .target(
        name: "DurableStreamsWebhooks",
        dependencies: ["DurableStreams", product("Crypto", "swift-crypto", trait: "DurableStreamsWebhooks")],
        path: "Sources/DurableStreams/Webhooks"
    ),
    .target(
        name: "DurableStreamsServiceLifecycle",
        dependencies: [
            "DurableStreams",
            product("ServiceLifecycle", "swift-service-lifecycle", trait: "DurableStreamsServiceLifecycle"),
        ],
        path: "Sources/DurableStreams/ServiceLifecycle"
    ),
    .executableTarget(
        name: "durable-streams-conformance-adapter",
        dependencies: [
            "DurableStreams", "CourierPrimitives",
            .target(name: "DurableStreamsAsyncHTTPClient", condition: linuxOnly),
        ],
        path: "Tools/DurableStreams/ConformanceAdapter"
    ),
    .executableTarget(
        name: "durable-streams-conformance",
        dependencies: [
            "CourierPrimitives", "CourierTooling", "ExactHTTPClient",
            .product(name: "Yams", package: "Yams"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Tools/DurableStreams/ConformanceRunner"
    ),
    .executableTarget(
        name: "durable-streams-benchmark",
        dependencies: [
            "DurableStreams", "DurableStreamsServer", "BenchmarkSupport", "CourierTooling",
            .target(name: "DurableStreamsAsyncHTTPClient", condition: linuxOnly),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Benchmarks/DurableStreams"
    ),
    .testTarget(
        name: "DurableStreamsClientTests",
        dependencies: [
            "DurableStreams", "DurableStreamsServiceLifecycle", "DurableStreamsWebhooks", "CourierTestSupport",
            "CourierPrimitives", .target(name: "DurableStreamsAsyncHTTPClient", condition: linuxOnly),
            "DurableStreamsServer",
            "DurableStreamsTestSupport", "durable-streams",
            "durable-streams-conformance-adapter",
            "durable-streams-conformance",
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/DurableStreams/DurableStreamsClientTests"
    ),
]

let durableStreamsProducts: [Product] = durableStreamsServerProducts + durableStreamsClientProducts
let durableStreamsTargets: [Target] = durableStreamsServerTargets + durableStreamsClientTargets

// MARK: - ClerkKit (Sources/ClerkKit, Tests/ClerkKit)

// The core (Foundation and swift-log only), the emulator and test kit, the `clerk` command and the benchmark.
let clerkKitProducts: [Product] = [
    .library(name: "ClerkKit", targets: ["ClerkKit"]),
    .library(name: "ClerkKitTesting", targets: ["ClerkKitTesting"]),
    .library(name: "ClerkKitLoopback", targets: ["ClerkKitLoopback"]),
    .library(name: "ClerkKitUICore", targets: ["ClerkKitUICore"]),
    .library(name: "ClerkKitUI", targets: ["ClerkKitUI"]),
    .executable(name: "clerk", targets: ["clerk"]),
]
/// swift-log for ClerkKit's modules, behind the ClerkKit trait.
let clerkLogging = product("Logging", "swift-log", trait: "ClerkKit")
/// A dependency of the Clerk emulator (ClerkKitTesting), behind its trait.
func emulator(_ name: String, _ package: String, platforms: [Platform]? = nil) -> Target.Dependency {
    product(name, package, trait: "ClerkKitTesting", platforms: platforms)
}
let clerkKitTargets: [Target] = [
    // Core: configuration, networking, models, auth flows, session tokens, storage. No third-party
    // dependency but swift-log (and swift-crypto on Linux, where CryptoKit is missing).
    .target(
        name: "ClerkKit",
        dependencies: [
            "CourierPrimitives",
            clerkLogging,
            // Software trusted-device keys (P-256) where CryptoKit is missing; Apple platforms use CryptoKit.
            product("Crypto", "swift-crypto", trait: "ClerkKitSoftwareKeys", platforms: [.linux]),
        ],
        path: "Sources/ClerkKit/ClerkKit"
    ),
    // ClerkEmulator (a local Frontend API server) and preview/sample data.
    .target(
        name: "ClerkKitTesting",
        dependencies: [
            "ClerkKit",
            "CourierPrimitives",
            emulator("Hummingbird", "hummingbird", platforms: listenerPlatforms),
            emulator("HTTPTypes", "swift-http-types", platforms: listenerPlatforms),
            emulator("NIOCore", "swift-nio", platforms: listenerPlatforms),
            emulator("Crypto", "swift-crypto"),
            emulator("_CryptoExtras", "swift-crypto"),
            emulator("Logging", "swift-log"),
            emulator("ServiceLifecycle", "swift-service-lifecycle"),
        ],
        path: "Sources/ClerkKit/Testing",
        // The console's web files are embedded as Swift (Console/Assets, generated by scripts/web-assets).
        exclude: ["Console/Web"]
    ),
    // The loopback-redirect authenticator for command-line apps (OAuth in the system browser).
    .target(
        name: "ClerkKitLoopback",
        dependencies: [
            "ClerkKit",
            product("NIOCore", "swift-nio", trait: "ClerkKitLoopback"),
            product("NIOHTTP1", "swift-nio", trait: "ClerkKitLoopback"),
            product("NIOPosix", "swift-nio", trait: "ClerkKitLoopback"),
        ],
        path: "Sources/ClerkKit/Loopback"
    ),
    // The prebuilt screens as presentation logic: flows as `@Observable` models, navigation as data, validation,
    // localised strings and the theme as values. No SwiftUI: the same models drive the views and `clerk auth`.
    .target(
        name: "ClerkKitUICore",
        dependencies: ["ClerkKit"],
        path: "Sources/ClerkKit/UICore"
    ),
    // The prebuilt SwiftUI views, bound to ClerkKitUICore's models (every file under `#if canImport(SwiftUI)`;
    // empty on Linux).
    .target(
        name: "ClerkKitUI",
        dependencies: ["ClerkKit", "ClerkKitUICore"],
        path: "Sources/ClerkKit/UI",
        exclude: ["README.md"]
    ),
    // The `clerk` command-line tool.
    .executableTarget(
        name: "clerk",
        dependencies: [
            "ClerkKit", "ClerkKitTesting", "ClerkKitLoopback", "ClerkKitUICore", argumentParser,
            product("Logging", "swift-log", trait: "Commands"),
            product("ServiceLifecycle", "swift-service-lifecycle", trait: "Commands"),
        ],
        path: "Sources/ClerkKit/CLI"
    ),
    .executableTarget(
        name: "clerk-benchmark",
        dependencies: [
            "ClerkKit", "ClerkKitTesting", "BenchmarkSupport", "CourierPrimitives",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Benchmarks/ClerkKit"
    ),
    // Tests only: the Frontend API description (../shared/specs/clerk-fapi) as a request and response validator.
    .target(
        name: "ClerkSpecValidation",
        dependencies: [.product(name: "Yams", package: "Yams")],
        path: "Tests/Support/ClerkSpecValidation"
    ),
    .testTarget(
        name: "ClerkKitTests",
        dependencies: [
            "ClerkKit", "ClerkKitTesting", "ClerkSpecValidation", "CourierPrimitives", "CourierTestSupport",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/ClerkKit/ClerkKitTests"
    ),
    .testTarget(
        name: "ClerkKitTestingTests",
        dependencies: [
            "ClerkKit", "ClerkKitTesting", "ClerkSpecValidation", "CourierTestSupport",
            // Verifying minted tokens against the JWKS, the emulator's logger, and running it in a ServiceGroup.
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        path: "Tests/ClerkKit/ClerkKitTestingTests"
    ),
    .testTarget(
        name: "ClerkIntegrationTests",
        dependencies: [
            "ClerkKit", "ClerkKitTesting", "ClerkKitLoopback", "ClerkSpecValidation",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/ClerkKit/ClerkIntegrationTests"
    ),
    .testTarget(
        name: "ClerkCLITests",
        dependencies: [
            "clerk", "ClerkKit", "ClerkKitTesting", "CourierTestSupport",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/ClerkKit/ClerkCLITests"
    ),
    .testTarget(
        name: "ClerkKitUICoreTests",
        dependencies: [
            "ClerkKit", "ClerkKitUICore", "ClerkKitUI", "ClerkKitTesting", "CourierTestSupport",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/ClerkKit/ClerkKitUICoreTests"
    ),
    .testTarget(
        name: "ClerkSpecValidationTests",
        dependencies: ["ClerkSpecValidation"],
        path: "Tests/ClerkKit/ClerkSpecValidationTests"
    ),
]

// ClerkKit bridges: products that combine ClerkKit with another family (in the package when both families are).

// One identity across the processes of an app group: slots in a shared secure store, a Wormhole doorbell.
let clerkKitSharedSessionsProducts: [Product] = [
    .library(name: "ClerkKitSharedSessions", targets: ["ClerkKitSharedSessions"])
]
let clerkKitSharedSessionsTargets: [Target] = [
    .target(
        name: "ClerkKitSharedSessions",
        dependencies: ["ClerkKit", "Wormhole", "CourierPrimitives", clerkLogging],
        path: "Sources/ClerkKit/SharedSessions"
    ),
    // A process of an app group with shared-session sync, for the cross-process tests.
    .executableTarget(
        name: "ClerkSharedSessionsTestHelper",
        dependencies: ["ClerkKit", "ClerkKitSharedSessions"],
        path: "Tests/ClerkKit/ClerkSharedSessionsTestHelper"
    ),
    .testTarget(
        name: "ClerkKitSharedSessionsTests",
        dependencies: [
            "ClerkKit", "ClerkKitSharedSessions", "ClerkKitTesting", "ClerkSharedSessionsTestHelper", "Wormhole",
            "CourierPrimitives", "CourierTestSupport", .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/ClerkKit/ClerkKitSharedSessionsTests"
    ),
]

// The identity pushed to a paired Apple Watch (and back) through SundialKit's application context.
let clerkKitWatchSyncProducts: [Product] = [
    .library(name: "ClerkKitWatchSync", targets: ["ClerkKitWatchSync"])
]
let clerkKitWatchSyncTargets: [Target] = [
    .target(
        name: "ClerkKitWatchSync",
        dependencies: [
            "ClerkKit", "SundialKitConnectivity", "SundialKitCore", "CourierPrimitives", clerkLogging,
        ],
        path: "Sources/ClerkKit/WatchSync"
    ),
    .testTarget(
        name: "ClerkKitWatchSyncTests",
        dependencies: [
            "ClerkKit", "ClerkKitWatchSync", "ClerkKitTesting", "SundialKitConnectivity", "SundialKitCore",
            "SundialKitTesting", "CourierTestSupport", .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/ClerkKit/ClerkKitWatchSyncTests"
    ),
]

// MARK: - Tour (the main job: `swift run tour`)

// The tour runs every library, so it needs every trait. `swift run tour` builds with the default traits (none):
// then the tour is a launcher that runs `swift run --enable-all-traits` in its own build folder; with every trait
// on, it depends on TourSteps and runs them.
let tourTargets: [Target] = [
    .executableTarget(
        name: "tour",
        dependencies: [.target(name: "TourSteps", condition: .when(traits: ["Commands"]))],
        path: "Sources/Tour/Launcher"
    ),
    .target(
        name: "TourSteps",
        dependencies: [
            "SundialKit", "SundialKitStream", "SundialKitTesting", "Wormhole",
            "DurableStreams", "DurableStreamsServer", "DurableStreamsWebhooks", "ClerkKit", "ClerkKitTesting",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Hummingbird", package: "hummingbird", condition: .when(platforms: listenerPlatforms)),
        ],
        path: "Sources/Tour/Steps"
    ),
]

// MARK: - Assembly

// `COURIER_FAMILIES=clerk,wormhole swift build` builds only those families (plus the shared modules): a quick
// loop while working on one library. Unset, every family, the tour and the benchmarks are in the package.
let selectedFamilies: Set<String>? = Context.environment["COURIER_FAMILIES"].map {
    Set($0.split(separator: ",").map { String($0) })
}
func family(_ names: String..., products: [Product], targets: [Target]) -> ([Product], [Target]) {
    selectedFamilies.map { selected in names.allSatisfy(selected.contains) } ?? true ? (products, targets) : ([], [])
}
let families = [
    family(
        "sundialkit", products: sundialKitProducts + sundialKitConnectivityProducts,
        targets: sundialKitTargets + sundialKitConnectivityTargets),
    family("wormhole", products: wormholeProducts, targets: wormholeTargets),
    family("durablestreams", products: durableStreamsProducts, targets: durableStreamsTargets),
    family("clerk", products: clerkKitProducts, targets: clerkKitTargets),
    family("clerk", "wormhole", products: clerkKitSharedSessionsProducts, targets: clerkKitSharedSessionsTargets),
    family("clerk", "sundialkit", products: clerkKitWatchSyncProducts, targets: clerkKitWatchSyncTargets),
    selectedFamilies == nil ? ([], tourTargets) : ([], []),
]
let products: [Product] = families.flatMap(\.0)
let allTargets: [Target] = sharedTargets + families.flatMap(\.1)

/// C shims take no Swift settings.
let cTargetNames: Set<String> = ["CNetlink", "AllocationCounter"]

/// One spelling per availability floor: `@available(OS2023, *)` is macOS 14, iOS 17, tvOS 17 and watchOS 10 (the
/// systems of 2023: Observation, ClerkKit's floor); OS2022 brings `Duration` and `Clock`; OS2019 is Swift
/// concurrency's floor. An experimental feature, not `unsafeFlags`, so it works when Courier is a remote dependency.
let availabilityMacros: KeyValuePairs<String, String> = [
    "OS2019": "macOS 10.15, iOS 13, tvOS 13, watchOS 6",
    "OS2021": "macOS 12, iOS 15, tvOS 15, watchOS 8",
    "OS2022": "macOS 13, iOS 16, tvOS 16, watchOS 9",
    "OS2023": "macOS 14, iOS 17, tvOS 17, watchOS 10",
    "OS2024": "macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2",
]

// Settings every Swift target gets. Swift 6 language mode is the tools-version default. With internal imports by
// default, each `public import` marks an API dependency on purpose.
for target in allTargets where !cTargetNames.contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings += availabilityMacros.map { .enableExperimentalFeature("AvailabilityMacro=\($0.key):\($0.value)") }
    target.swiftSettings = settings
}

// The seeds' floors: SundialKit iOS 13 / tvOS 13 / watchOS 6. macOS is 11, not the seed's 10.13: SwiftPM applies
// one floor per package, and Hummingbird (the Durable Streams server and the Clerk emulator, which developers run on
// their Macs with those traits on) declares macOS 11: a package floor below it fails the macOS build of those
// products. Newer APIs carry `@available(OS20xx, *)` at each declaration (the macros above).
let package = Package(
    name: "Courier",
    platforms: [.macOS(.v11), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: products,
    traits: traits,
    dependencies: packageDependencies,
    targets: allTargets
)
