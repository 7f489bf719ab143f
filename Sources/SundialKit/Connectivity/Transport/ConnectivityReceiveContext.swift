/// How a message arrived (1.x shape).
public enum ConnectivityReceiveContext: Sendable {
    /// A live message whose sender waits for a reply: call the handler once.
    case replyWith(ConnectivityHandler)
    /// A background delivery (application context or user info; ``ConnectivityReceiveResult/transport``
    /// says which): no reply is possible.
    case applicationContext

    /// The reply handler, for a live message.
    public var replyHandler: ConnectivityHandler? {
        guard case .replyWith(let handler) = self else { return nil }
        return handler
    }

    /// Whether the message arrived in the background.
    public var isApplicationContext: Bool {
        guard case .applicationContext = self else { return false }
        return true
    }
}
