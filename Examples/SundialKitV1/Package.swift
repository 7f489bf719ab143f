// swift-tools-version: 6.1
//
// An app written against SundialKit 1.x, unchanged: `NetworkObserver`, `ConnectivityObserver`, `Messagable` and
// `MessageDecoder` with Combine, in the Swift 5 language mode 1.x apps use. Copied out of the repository, change only
// the Courier dependency below (to `.package(url: "https://…/Courier", from: "…")`).

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
    name: "SundialKitV1",
    platforms: [.iOS(.v14), .macOS(.v11), .tvOS(.v14), .watchOS(.v7)],
    products: [
        .executable(name: "sundial-v1", targets: ["sundial-v1"]),
        .library(name: "SundialV1UI", targets: ["SundialV1UI"]),
    ],
    dependencies: [
        .package(name: "Courier", path: courierPath, traits: ["SundialKitOpenCombine"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // The 1.x app's model: a message type and the README's two ObservableObjects.
        .target(
            name: "SundialV1Shared",
            dependencies: [
                .product(name: "SundialKit", package: "Courier"),
                .product(name: "SundialKitCombine", package: "Courier"),
            ] + openCombine
        ),
        // Both sides on the command line: the real network monitor and a simulated iPhone–Watch pair.
        .executableTarget(
            name: "sundial-v1",
            dependencies: ["SundialV1Shared", .product(name: "SundialKitTesting", package: "Courier")] + openCombine
        ),
        // The iPhone app's and the Watch app's views (SwiftUI; empty elsewhere).
        .target(
            name: "SundialV1UI",
            dependencies: [
                "SundialV1Shared",
                .product(name: "SundialKit", package: "Courier"),
                .product(name: "SundialKitCombine", package: "Courier"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
