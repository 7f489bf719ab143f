public import Foundation
public import SundialKitCore

/// A `NetworkPing` that opens (and at once closes) a TCP connection to a host and port.
///
/// Each result is the time the connection took to open, or why it did not: `NetworkError.pingTimeout`,
/// `NetworkError.pingFailed(reason:)` (refused, unreachable, unknown host). It pings while the path is satisfied
/// or requires a connection. It measures with `ContinuousClock`, so it needs iOS 16, macOS 13, watchOS 9 or
/// tvOS 16 (on watchOS, TN3135 allows its socket only in a few cases: see the README).
///
/// ```swift
/// let ping = try TCPConnectPing(host: "example.com", port: 443, timeInterval: 30, timeout: 5)
/// let monitor = try NetworkMonitor(ping: ping)
/// ```
@available(OS2022, *)
public struct TCPConnectPing: NetworkPing, Sendable {
    /// How long the connection took to open, or why it failed.
    public typealias StatusType = Result<Duration, NetworkError>

    /// The host name or address.
    public let host: String
    /// The TCP port.
    public let port: UInt16
    /// Seconds between pings.
    public let timeInterval: TimeInterval
    /// Seconds a connection may take to open.
    public let timeout: TimeInterval

    /// Creates a ping.
    /// - Throws: `NetworkError.invalidConfiguration(reason:)` for an empty host, port 0, or an interval or
    ///   timeout that is not a positive number.
    public init(host: String, port: UInt16, timeInterval: TimeInterval = 30, timeout: TimeInterval = 5)
        throws(NetworkError)
    {
        guard !host.isEmpty else { throw .invalidConfiguration(reason: "the ping host is empty") }
        guard port != 0 else { throw .invalidConfiguration(reason: "the ping port is 0") }
        guard timeInterval.isFinite, timeInterval > 0 else {
            throw .invalidConfiguration(reason: "the ping interval must be positive, not \(timeInterval)")
        }
        guard timeout.isFinite, timeout > 0 else {
            throw .invalidConfiguration(reason: "the ping timeout must be positive, not \(timeout)")
        }
        self.host = host
        self.port = port
        self.timeInterval = timeInterval
        self.timeout = timeout
    }

    /// The result published for a ping the monitor abandoned: `NetworkError.pingTimeout`.
    public var timeoutStatus: StatusType? {
        .failure(.pingTimeout)
    }

    /// Pings while the path is satisfied or requires a connection.
    public func shouldPing(onStatus status: PathStatus) -> Bool {
        switch status {
        case .satisfied, .requiresConnection: true
        case .unsatisfied, .unknown: false
        }
    }

    /// Connects on a background thread and calls `closure` with the result.
    public func onPing(_ closure: @escaping @Sendable (StatusType) -> Void) {
        let connector = TCPConnector(host: host, port: port, timeout: timeout)
        DispatchQueue.global().async {
            closure(connector.connect())
        }
    }

    /// Pings once.
    public func ping() async -> StatusType {
        await withCheckedContinuation { continuation in
            onPing { continuation.resume(returning: $0) }
        }
    }
}
