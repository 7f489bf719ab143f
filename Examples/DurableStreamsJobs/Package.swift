// swift-tools-version: 6.1
//
// Durable Streams subscriptions as background jobs: a pool of pull-wake workers and a webhook worker consuming a
// pattern of streams. Copied out of the repository, change only the Courier dependency below (to
// `.package(url: "https://…/Courier", from: "…")`).

import Foundation
import PackageDescription

/// Where Courier is: this repository by default; `COURIER_ROOT` names another checkout.
let courierPath = Context.environment["COURIER_ROOT"] ?? "../.."

/// The client library, which every process but the server uses.
let durableStreams = Target.Dependency.product(name: "DurableStreams", package: "Courier")

let package = Package(
    name: "DurableStreamsJobs",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "jobs-server", targets: ["jobs-server"]),
        .executable(name: "jobs-producer", targets: ["jobs-producer"]),
        .executable(name: "jobs-worker", targets: ["jobs-worker"]),
        .executable(name: "jobs-webhook", targets: ["jobs-webhook"]),
    ],
    dependencies: [
        .package(name: "Courier", path: courierPath, traits: ["DurableStreamsServer", "DurableStreamsWebhooks"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // What every process shares: the order, the record a worker writes, the streams' and subscriptions' names.
        .target(name: "JobsShared"),
        // The server, embedded: streams under /v1/stream, webhooks to 127.0.0.1 allowed (development mode).
        .executableTarget(
            name: "jobs-server",
            dependencies: [
                .product(name: "DurableStreamsServer", package: "Courier"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Creates the streams and the pool's subscription, appends orders, then checks that every one was handled.
        .executableTarget(name: "jobs-producer", dependencies: ["JobsShared", durableStreams]),
        // One worker of the pool: claims the pool subscription's wakes, handles the orders, acknowledges them.
        .executableTarget(name: "jobs-worker", dependencies: ["JobsShared", durableStreams]),
        // The webhook worker: an HTTP endpoint that verifies each signed wake and audits the orders.
        .executableTarget(
            name: "jobs-webhook",
            dependencies: [
                "JobsShared", durableStreams,
                .product(name: "DurableStreamsWebhooks", package: "Courier"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
