// swift-tools-version: 6.1
//
// SundialKit with async/await only: `NetworkStream` and the actor `ConnectivityObserver`, read with `for await`.
// Copied out of the repository, change only the Courier dependency below (to `.package(url: "https://…/Courier",
// from: "…")`).

import Foundation
import PackageDescription

/// Where Courier is: this repository by default; `COURIER_ROOT` names another checkout.
let courierPath = Context.environment["COURIER_ROOT"] ?? "../.."

let package = Package(
    name: "SundialKitAsync",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "sundial-async", targets: ["sundial-async"]),
        .library(name: "SundialAsyncUI", targets: ["SundialAsyncUI"]),
    ],
    dependencies: [
        .package(name: "Courier", path: courierPath)
    ],
    targets: [
        // The message both sides share.
        .target(name: "ColorShared", dependencies: [.product(name: "SundialKitStream", package: "Courier")]),
        // Both sides on the command line: the real network monitor and a simulated iPhone–Watch pair.
        .executableTarget(
            name: "sundial-async",
            dependencies: ["ColorShared", .product(name: "SundialKitTesting", package: "Courier")]
        ),
        // The iPhone app's and the Watch app's views (SwiftUI; empty elsewhere).
        .target(name: "SundialAsyncUI", dependencies: ["ColorShared"]),
    ],
    swiftLanguageModes: [.v6]
)
