public import Foundation

/// An order: what the producer appends to `orders/<region>`.
public struct Order: Codable, Sendable, Hashable {
    /// Unique across regions, e.g. `eu-7`.
    public var id: String
    /// The region, also the stream's last path segment.
    public var region: String
    /// The amount in cents.
    public var cents: Int

    /// An order.
    public init(id: String, region: String, cents: Int) {
        self.id = id
        self.region = region
        self.cents = cents
    }
}

/// What a pool worker appends to `results/pool` for each order it handled.
public struct Handled: Codable, Sendable, Hashable {
    /// The order's id.
    public var order: String
    /// The worker that handled it.
    public var worker: String

    /// A record.
    public init(order: String, worker: String) {
        self.order = order
        self.worker = worker
    }
}

/// The names every process agrees on.
public enum Jobs {
    /// The regions, one stream each.
    public static let regions = ["eu", "us", "asia"]
    /// The glob both subscriptions follow: every stream directly under `orders/`.
    public static let pattern = "orders/*"
    /// The pull-wake subscription of the pool of workers.
    public static let pool = "pool"
    /// The stream the pool's wake events go to.
    public static let wakeStream = "wake/pool"
    /// The webhook subscription of the audit worker.
    public static let audit = "audit"
    /// Where pool workers record what they handled.
    public static let results = "results/pool"
    /// A lease short enough that a crashed worker's wake goes to another within seconds.
    public static let lease = Duration.seconds(3)

    /// The stream root given as the first argument (`http://127.0.0.1:PORT/v1/stream`).
    public static func root(_ arguments: [String] = CommandLine.arguments) throws -> URL {
        guard arguments.count > 1, let url = URL(string: arguments[1]), url.scheme != nil else {
            throw JobsFailure("usage: \(arguments.first ?? "jobs") ROOT …  (ROOT is the stream root URL)")
        }
        return url
    }
}

/// A failure the example reports and exits non-zero for.
public struct JobsFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// A failure.
    public init(_ description: String) {
        self.description = description
    }
}

/// Prints a line and flushes it at once: the processes' output goes through pipes, and a worker is stopped by a
/// signal.
public func say(_ line: String) {
    print(line)
    fflush(nil)
}
