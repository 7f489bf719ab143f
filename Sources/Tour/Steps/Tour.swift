// The Courier tour: a short, end-to-end run of every library on embedded defaults.
//
// Each library contributes one step, `Sources/Tour/Steps/<Library>Tour.swift`, run below in order.

/// The tour's steps, in order.
@available(OS2023, *)
public enum Tour {
    /// Runs every library's step; the first failure ends the tour.
    public static func run() async throws {
        print("Courier tour\n")
        try await NetworkTour.run()
        try await ConnectivityTour.run()
        try await WormholeTour.run()
        try await DurableStreamsTour.run()
        try await SubscriptionsTour.run()
        try await ClerkTour.run()
    }
}
