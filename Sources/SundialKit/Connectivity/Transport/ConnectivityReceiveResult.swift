public import Foundation

/// A message received from the counterpart.
public struct ConnectivityReceiveResult: Sendable {
    /// The dictionary received (empty for a `.data` message, whose bytes are ``data``).
    public let message: ConnectivityMessage

    /// How it arrived, with the reply handler for a live message.
    public let context: ConnectivityReceiveContext

    /// The transport it came by.
    public let transport: MessageTransport

    /// The bytes received, for a `.data` message.
    public let data: Data?

    /// The reply to a live message (`.message` or `.data`): reply once, now or later, from any thread.
    public let reply: ConnectivityReply?

    /// Creates a received message.
    public init(
        message: ConnectivityMessage,
        context: ConnectivityReceiveContext,
        transport: MessageTransport = .message,
        data: Data? = nil,
        reply: ConnectivityReply? = nil
    ) {
        self.message = message
        self.context = context
        self.transport = transport
        self.data = data
        self.reply = reply
    }
}
