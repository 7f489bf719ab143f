// The Courier tour: a short, end-to-end run of every library on embedded defaults.
//
// Each library contributes one step, `Sources/Tour/<Library>Tour.swift`, called below in order.

print("Courier tour\n")

try await NetworkTour.run()
try await ConnectivityTour.run()
try await WormholeTour.run()
try await DurableStreamsTour.run()
