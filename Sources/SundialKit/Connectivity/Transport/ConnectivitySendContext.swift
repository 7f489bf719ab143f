/// How a send ended (1.x shape).
public enum ConnectivitySendContext: Sendable {
    /// Accepted for background delivery: the application context was replaced, or a user-info or file
    /// transfer was queued (``ConnectivitySendResult/transport`` says which). No reply will come.
    case applicationContext
    /// Delivered live; the counterpart replied with this dictionary (empty when it only acknowledged, or
    /// when the send went over `.data`, whose reply is ``ConnectivitySendResult/replyData``).
    case reply(ConnectivityMessage)
    /// The send failed.
    case failure(any Error)

    /// The reply, if the counterpart sent one.
    public var reply: ConnectivityMessage? {
        guard case .reply(let reply) = self else { return nil }
        return reply
    }

    /// The error, if the send failed, as a `ConnectivityError`.
    public var error: ConnectivityError? {
        guard case .failure(let error) = self else { return nil }
        return error as? ConnectivityError ?? .deliveryFailed
    }
}

extension ConnectivitySendContext {
    /// A reply or a failure, from a 1.x session's `sendMessage` result (public so that 1.x's own tests of it,
    /// which reached 1.x's internal initializer, compile unchanged).
    public init(_ result: Result<ConnectivityMessage, any Error>) {
        switch result {
        case .success(let message): self = .reply(message)
        case .failure(let error): self = .failure(error)
        }
    }
}
