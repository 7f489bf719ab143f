/// One failed try of a delivery.
public struct DeliveryAttempt: Sendable, Hashable {
    /// The transport tried.
    public let transport: MessageTransport
    /// Why it failed.
    public let error: ConnectivityError

    /// Creates a record of a failed try.
    public init(transport: MessageTransport, error: ConnectivityError) {
        self.transport = transport
        self.error = error
    }
}

/// How a delivery ended: the transport that took the message, its result, and the tries that failed first.
public struct DeliveryReport: Sendable {
    /// The transport that delivered (live) or accepted (queued) the message.
    public let transport: MessageTransport
    /// The successful send: the reply of a live message, or the queued send's acceptance.
    public let result: ConnectivitySendResult
    /// The tries that failed before it, in order.
    public let failedAttempts: [DeliveryAttempt]

    /// Creates a report.
    public init(transport: MessageTransport, result: ConnectivitySendResult, failedAttempts: [DeliveryAttempt]) {
        self.transport = transport
        self.result = result
        self.failedAttempts = failedAttempts
    }

    /// Whether the message went live and was answered, rather than queued.
    public var wasDeliveredLive: Bool { !transport.isQueued }
}
