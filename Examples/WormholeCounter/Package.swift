// swift-tools-version: 6.1
//
// An app and its widget exchanging counter updates through Wormhole. Copied out of the repository, change only
// the Courier dependency below (to `.package(url: "https://…/Courier", from: "…")`).

import Foundation
import PackageDescription

/// Where Courier is: this repository by default; `COURIER_ROOT` names another checkout.
let courierPath = Context.environment["COURIER_ROOT"] ?? "../.."

let package = Package(
    name: "WormholeCounter",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .executable(name: "counter-app", targets: ["counter-app"]),
        .executable(name: "counter-widget", targets: ["counter-widget"]),
        .library(name: "CounterAppleUI", targets: ["CounterAppleUI"]),
    ],
    dependencies: [
        .package(name: "Courier", path: courierPath)
    ],
    targets: [
        // What both sides share: the message, its identifier and the wormhole's place.
        .target(name: "CounterShared", dependencies: [.product(name: "Wormhole", package: "Courier")]),
        // Command-line stand-ins for the two processes (Linux and macOS).
        .executableTarget(name: "counter-app", dependencies: ["CounterShared"]),
        .executableTarget(name: "counter-widget", dependencies: ["CounterShared"]),
        // The iOS app's view and the widget extension's widget (SwiftUI and WidgetKit; empty elsewhere).
        .target(name: "CounterAppleUI", dependencies: ["CounterShared"]),
    ],
    swiftLanguageModes: [.v6]
)
