public import Foundation

/// The outcome of one send.
public struct ConnectivitySendResult: Sendable {
    /// The dictionary that was sent (empty for `.data` and `.file` sends).
    public let message: ConnectivityMessage

    /// How the send ended.
    public let context: ConnectivitySendContext

    /// The transport used, or `nil` when the send failed before one was chosen.
    public let transport: MessageTransport?

    /// The counterpart's reply bytes, for a send over `.data`.
    public let replyData: Data?

    /// Creates a result.
    public init(
        message: ConnectivityMessage,
        context: ConnectivitySendContext,
        transport: MessageTransport? = nil,
        replyData: Data? = nil
    ) {
        self.message = message
        self.context = context
        self.transport = transport
        self.replyData = replyData
    }
}
