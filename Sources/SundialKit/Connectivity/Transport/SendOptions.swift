import CourierPrimitives
public import Foundation

/// How a message is sent.
///
/// The default chooses the transport from the session's state (see ``TransportPolicy``): a live message
/// with a reply when the counterpart is reachable, otherwise the application context.
public struct SendOptions: Sendable, Hashable {
    /// Send even a ``BinaryMessagable`` as a dictionary (`sendMessage` rather than `sendMessageData`).
    public var forceDictionary: Bool

    /// When the counterpart is not reachable, queue a user-info transfer (every message delivered, in
    /// order) instead of replacing the application context (only the latest delivered).
    public var guaranteedDelivery: Bool

    /// Use this transport instead of choosing one; fails if it cannot be used now.
    public var transport: MessageTransport?

    /// How long to wait for the counterpart's reply to a live message, in nanoseconds (10 seconds by default).
    var replyTimeoutNanoseconds: Int64

    /// How long to wait for the counterpart's reply to a live message.
    @available(OS2022, *)
    public var replyTimeout: Duration {
        get { .nanoseconds(replyTimeoutNanoseconds) }
        set { replyTimeoutNanoseconds = DurationConversion.nanoseconds(newValue) }
    }

    /// How long to wait for the counterpart's reply to a live message, in seconds (for systems before `Duration`).
    public var replyTimeoutInterval: TimeInterval {
        get { Double(replyTimeoutNanoseconds) / 1e9 }
        set { replyTimeoutNanoseconds = DurationConversion.nanoseconds(seconds: newValue) }
    }

    /// Creates options that wait 10 seconds for a reply.
    public init(
        forceDictionary: Bool = false,
        guaranteedDelivery: Bool = false,
        transport: MessageTransport? = nil
    ) {
        self.forceDictionary = forceDictionary
        self.guaranteedDelivery = guaranteedDelivery
        self.transport = transport
        self.replyTimeoutNanoseconds = 10_000_000_000
    }

    /// Creates options with a reply timeout.
    @available(OS2022, *)
    public init(
        forceDictionary: Bool = false,
        guaranteedDelivery: Bool = false,
        transport: MessageTransport? = nil,
        replyTimeout: Duration
    ) {
        self.init(forceDictionary: forceDictionary, guaranteedDelivery: guaranteedDelivery, transport: transport)
        self.replyTimeout = replyTimeout
    }

    /// Choose the transport from the session's state.
    public static let automatic = SendOptions()

    /// Send a ``BinaryMessagable`` as a dictionary.
    public static let dictionary = SendOptions(forceDictionary: true)

    /// Queue a user-info transfer when the counterpart is not reachable.
    public static let guaranteed = SendOptions(guaranteedDelivery: true)

    /// Use exactly this transport.
    /// - Parameter transport: The transport to use.
    /// - Returns: Options that force `transport`.
    public static func via(_ transport: MessageTransport) -> SendOptions {
        SendOptions(transport: transport)
    }
}
