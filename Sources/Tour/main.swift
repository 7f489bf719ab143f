// The Courier tour: a short, end-to-end run of every library on embedded defaults.
//
// Each library contributes one step, `Sources/Tour/<Library>Tour.swift`, called below in order.

print("Courier tour\n")

try await NetworkTour.run()
try await ConnectivityTour.run()
try await WormholeTour.run()
try await DurableStreamsTour.run()
if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) { try await ClerkTour.run() }
