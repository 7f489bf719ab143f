// The Courier tour: a short, end-to-end run of every library on embedded defaults.
//
// Each library contributes one step, `Sources/Tour/<Library>Tour.swift`, called below in order.

import Foundation

print("Courier tour\n")

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    try await NetworkTour.run()
    try await ConnectivityTour.run()
    try await WormholeTour.run()
    try await DurableStreamsTour.run()
    try await SubscriptionsTour.run()
    try await ClerkTour.run()
} else {
    print("The tour needs macOS 14, iOS 17, tvOS 17 or watchOS 10 (ClerkKit's minimum).")
    exit(1)
}
