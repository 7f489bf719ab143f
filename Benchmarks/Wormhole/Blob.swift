import BenchmarkSupport
import Foundation

/// The benchmark message: a counter and a body sized so the encoded JSON has the requested length.
struct Blob: Codable, Sendable {
    var index: Int
    var body: String

    /// A message whose JSON encoding is `size` bytes (for sizes above the fixed overhead).
    static func sized(_ size: Int, index: Int = 0) -> Blob {
        // {"index":N,"body":"…"} with N zero: 20 bytes of framing.
        Blob(index: index, body: String(repeating: "x", count: max(0, size - 20 - String(index).count)))
    }
}

/// One measured configuration: where, how large, which strategy.
struct Scenario: Sendable {
    enum Strategy: String, Sendable, CaseIterable {
        case file
        case coordinated
    }

    var size: Int
    var strategy: Strategy
}

/// Iteration counts for full and quick runs.
enum Counts {
    static var roundTrips: Int { isQuickRun ? 50 : 2000 }
    static var warmup: Int { isQuickRun ? 10 : 200 }
    static func streamed(_ size: Int) -> Int {
        isQuickRun ? 100 : (size > 1000 ? 2000 : 20000)
    }
}
