// swift-tools-version: 6.1
//
// A serialization plugin for SundialKit, end to end: `JSONMessagable` sends `Codable` messages as JSON, live as bytes
// and otherwise inside the dictionary, through the same `BinaryMessagable` contract SundialKitProtobuf uses. See
// Sources/SundialKit/PLUGINS.md. Copied out of the repository, change only the Courier dependency below (to
// `.package(url: "https://…/Courier", from: "…")`).

import Foundation
import PackageDescription

/// Where Courier is: this repository by default; `COURIER_ROOT` names another checkout.
let courierPath = Context.environment["COURIER_ROOT"] ?? "../.."

let package = Package(
    name: "SundialKitJSONPlugin",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "SundialKitJSON", targets: ["SundialKitJSON"]),
        .executable(name: "json-plugin-demo", targets: ["json-plugin-demo"]),
    ],
    dependencies: [
        .package(name: "Courier", path: courierPath)
    ],
    targets: [
        // The plugin: it depends on SundialKitConnectivity's contract only, never on an observer.
        .target(
            name: "SundialKitJSON",
            dependencies: [.product(name: "SundialKitConnectivity", package: "Courier")]
        ),
        // The plugin in use, over a simulated iPhone–Watch pair.
        .executableTarget(
            name: "json-plugin-demo",
            dependencies: [
                "SundialKitJSON",
                .product(name: "SundialKitStream", package: "Courier"),
                .product(name: "SundialKitTesting", package: "Courier"),
            ]
        ),
        .testTarget(
            name: "SundialKitJSONTests",
            dependencies: [
                "SundialKitJSON",
                .product(name: "SundialKitStream", package: "Courier"),
                .product(name: "SundialKitTesting", package: "Courier"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
