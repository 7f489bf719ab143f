// swift-tools-version: 6.1
//
// SundialKit mixed: Combine for the network (`NetworkObserver`), async/await and Protobuf for messaging (the actor
// `ConnectivityObserver` with `ProtobufMessagable`). Copied out of the repository, change only the Courier
// dependency below (to `.package(url: "https://…/Courier", from: "…")`).

import Foundation
import PackageDescription

/// Where Courier is: this repository by default; `COURIER_ROOT` names another checkout.
let courierPath = Context.environment["COURIER_ROOT"] ?? "../.."

/// Combine where it exists; OpenCombine, which SundialKitCombine uses there, on Linux.
let openCombine: [Target.Dependency] = [
    .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
    .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
]

let package = Package(
    name: "SundialKitMixed",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "sundial-mixed", targets: ["sundial-mixed"]),
        .library(name: "PlaybackUI", targets: ["PlaybackUI"]),
    ],
    dependencies: [
        .package(name: "Courier", path: courierPath, traits: ["SundialKitProtobuf", "SundialKitOpenCombine"]),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // The generated message, its conformance, and the model both sides use.
        .target(
            name: "PlaybackMessages",
            dependencies: [
                .product(name: "SundialKit", package: "Courier"),
                .product(name: "SundialKitCombine", package: "Courier"),
                .product(name: "SundialKitStream", package: "Courier"),
                .product(name: "SundialKitProtobuf", package: "Courier"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ] + openCombine
        ),
        // Both sides on the command line: the real network monitor and a simulated iPhone–Watch pair.
        .executableTarget(
            name: "sundial-mixed",
            dependencies: ["PlaybackMessages", .product(name: "SundialKitTesting", package: "Courier")] + openCombine
        ),
        // The iPhone app's and the Watch app's views (SwiftUI; empty elsewhere).
        .target(name: "PlaybackUI", dependencies: ["PlaybackMessages"]),
    ],
    swiftLanguageModes: [.v6]
)
