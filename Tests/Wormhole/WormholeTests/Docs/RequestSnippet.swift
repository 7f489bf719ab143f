// A README example, compiled and run by ReadmeTests.

// snippet: request
import Foundation
import Wormhole

struct Numbers: Codable, Sendable {
    var values: [Int]
}

@available(OS2022, *)
func askForSum(in directory: URL) async throws -> Int {
    // In the app: answer requests to "sum" until the token is stopped or the wormhole released.
    let app = try Wormhole(directory: directory)
    let token = try await app.respond(to: "sum", as: Numbers.self) { numbers in
        numbers.values.reduce(0, +)
    }
    defer { app.stopListening(token) }

    // In an extension (or any process): ask, and wait at most 5 seconds for the answer.
    let widget = try Wormhole(directory: directory)
    do {
        return try await widget.request(
            Numbers(values: [1, 2, 3]), to: "sum", expecting: Int.self, timeout: .seconds(5))
    } catch WormholeError.noResponder {
        return 0  // the app is not running (or stopped before answering)
    }
}
// end-snippet
