// swift-tools-version: 6.1
//
// SundialKit with Protobuf messages: a .proto schema, its generated Swift (committed; ./generate.sh regenerates
// it), and `ProtobufMessagable` (a `BinaryMessagable`) through SundialKitProtobuf. Copied out of the repository,
// change only the Courier dependency below (to `.package(url: "https://…/Courier", from: "…")`).

import Foundation
import PackageDescription

/// Where Courier is: this repository by default; `COURIER_ROOT` names another checkout.
let courierPath = Context.environment["COURIER_ROOT"] ?? "../.."

let package = Package(
    name: "SundialKitProtobuf",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "sundial-protobuf", targets: ["sundial-protobuf"]),
        .library(name: "WorkoutUI", targets: ["WorkoutUI"]),
    ],
    dependencies: [
        .package(name: "Courier", path: courierPath, traits: ["SundialKitProtobuf"]),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        // The generated messages, and their conformance to ProtobufMessagable.
        .target(
            name: "WorkoutMessages",
            dependencies: [
                .product(name: "SundialKitProtobuf", package: "Courier"),
                .product(name: "SundialKitStream", package: "Courier"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // Both sides on the command line, over a simulated iPhone–Watch pair.
        .executableTarget(
            name: "sundial-protobuf",
            dependencies: ["WorkoutMessages", .product(name: "SundialKitTesting", package: "Courier")]
        ),
        // The iPhone app's and the Watch app's views (SwiftUI; empty elsewhere).
        .target(
            name: "WorkoutUI",
            dependencies: [
                "WorkoutMessages",
                .product(name: "SundialKitProtobuf", package: "Courier"),
                .product(name: "SundialKitStream", package: "Courier"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
