public import Foundation

/// A periodic check that the network really works (for example a TCP connect or an HTTP request).
///
/// The monitor that owns a ping fires it as soon as it starts and then every ``timeInterval`` seconds, each time
/// only if ``shouldPing(onStatus:)`` holds for the live path status, and publishes every result. A ping that does
/// not answer within ``timeout`` is abandoned: its late answer is ignored and ``timeoutStatus`` (if any) is
/// published instead.
///
/// The requirements up to ``onPing(_:)`` are SundialKit 1.0's; as in 1.0, a conformer need not be `Sendable` (its
/// results must be). It is called from the owner's thread and from the monitor's timer queue.
public protocol NetworkPing: SendableConformance {
    /// The result of one ping.
    associatedtype StatusType: Sendable
    /// Seconds between pings.
    var timeInterval: TimeInterval { get }
    /// Whether to ping while the path has this status.
    func shouldPing(onStatus status: PathStatus) -> Bool
    /// Performs one ping and calls `closure` with its result, once, on any thread.
    func onPing(_ closure: @escaping @Sendable (StatusType) -> Void)
    /// Seconds to wait for a ping's result before abandoning it. Defaults to ``timeInterval``.
    var timeout: TimeInterval { get }
    /// The result published for an abandoned ping, or `nil` to publish nothing. Defaults to `nil`.
    var timeoutStatus: StatusType? { get }
}

extension NetworkPing {
    /// Defaults to ``timeInterval``, so a ping never overlaps the next one.
    public var timeout: TimeInterval {
        timeInterval
    }

    /// Defaults to `nil`: an abandoned ping publishes nothing.
    public var timeoutStatus: StatusType? {
        nil
    }
}
