import Foundation
import Wormhole

/// What the app sends and the widget shows.
public struct CounterUpdate: Codable, Sendable, Equatable {
    /// The counter's value.
    public var count: Int

    /// Creates an update.
    public init(count: Int) {
        self.count = count
    }
}

/// A request for the count the app sent last (request/reply: the widget asks, the app answers).
public struct CountQuery: Codable, Sendable {
    /// Creates a query.
    public init() {}
}

/// The wormhole both sides open, and the mailbox they use.
public enum Counter {
    /// The app group the app and its widget extension share (set it in both targets' App Groups capability).
    public static let appGroup = "group.com.example.counter"

    /// The mailbox for counter updates.
    public static let identifier: MessageIdentifier = "counter"

    /// What the app answers while it runs: ``CountQuery`` → the ``CounterUpdate`` it sent last.
    public static let currentCount: MessageIdentifier = "counter-current"

    /// Every update is kept in order (queue mode), so a widget that starts late still sees each one.
    public static let deliveryModes: [MessageIdentifier: DeliveryMode] = [identifier: .queue(capacity: 100)]

    /// The wormhole in the app group's container: what the iOS app and its widget extension open.
    public static func sharedWormhole() throws(WormholeError) -> Wormhole {
        var configuration = Configuration(appGroupIdentifier: appGroup, directory: "wormhole")
        configuration.deliveryModes = deliveryModes
        return try Wormhole(configuration: configuration)
    }

    /// A wormhole in `directory`: what two processes on one machine open (no app groups on Linux).
    public static func wormhole(in directory: URL) throws(WormholeError) -> Wormhole {
        var configuration = Configuration(directory: directory)
        configuration.deliveryModes = deliveryModes
        return try Wormhole(configuration: configuration)
    }
}

/// Prints a line at once, even when standard output is a pipe (the two processes' lines then interleave in the
/// order they happen).
public func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
