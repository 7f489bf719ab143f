/// How one message is delivered: the transports to try in order, each tried while it can be used now, and
/// how often a transport is retried before the next one is used.
///
/// The default chain is a live message when the counterpart is reachable, a queued user-info transfer when it
/// is not (or when live tries are used up), and the application context when user info is refused. A
/// ``BinaryMessagable`` goes live as bytes (`.data`) where the chain says `.message`, unless
/// ``forceDictionary`` is set.
@available(OS2022, *)
public struct DeliveryPolicy: Sendable, Hashable {
    /// The transports, in order of preference: `.message`, `.data`, `.userInfo`, `.currentUserInfo`,
    /// `.applicationContext` (`.file` is never used).
    public var chain: [MessageTransport]
    /// Tries per transport and the waits between them.
    public var retry: RetryPolicy
    /// How long each live try waits for the counterpart's reply.
    public var replyTimeout: Duration
    /// Send a ``BinaryMessagable`` as a dictionary even when it goes live.
    public var forceDictionary: Bool

    /// Creates a policy.
    /// - Parameters:
    ///   - chain: The transports in order of preference.
    ///   - retry: Tries per transport and the waits between them.
    ///   - replyTimeout: How long each live try waits for a reply.
    ///   - forceDictionary: Send a ``BinaryMessagable`` as a dictionary.
    public init(
        chain: [MessageTransport] = [.message, .userInfo, .applicationContext],
        retry: RetryPolicy = RetryPolicy(),
        replyTimeout: Duration = .seconds(10),
        forceDictionary: Bool = false
    ) {
        self.chain = chain
        self.retry = retry
        self.replyTimeout = replyTimeout
        self.forceDictionary = forceDictionary
    }

    /// Live, then user info, then application context, with three tries per transport.
    public static let standard = DeliveryPolicy()

    /// Only the latest state matters: live when reachable, else the application context.
    public static let latestState = DeliveryPolicy(chain: [.message, .applicationContext])
}
