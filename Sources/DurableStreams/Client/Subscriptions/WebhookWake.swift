public import Foundation

/// A webhook wake (protocol §7.1): the body a Durable Streams server posts to a webhook subscription's URL.
///
/// Check the request's `Webhook-Signature` before trusting it (the `DurableStreamsWebhooks` module's
/// `WebhookReceiver` does both), then process the pending streams and answer `{"done": true}`, or call back later
/// with ``SubscriptionClient/callback(_:_:done:)``.
@available(OS2022, *)
public struct WebhookWake: Sendable, Hashable {
    /// The subscription.
    public var subscriptionId: String
    /// The wake.
    public var wakeId: String
    /// The wake's generation.
    public var generation: Int
    /// Every linked stream, with its acknowledged and tail offsets.
    public var streams: [SubscriptionStream]
    /// Where to call back.
    public var callbackURL: URL
    /// The bearer token for the callback, valid for this wake only.
    public var callbackToken: String

    /// The streams with pending work.
    public var pending: [SubscriptionStream] { streams.filter { $0.hasPending == true } }

    /// Decodes a wake from a webhook request body.
    ///
    /// - Throws: ``DurableStreamError/decodingFailed`` for a body that is not a wake.
    public init(body: Data) throws(DurableStreamError) {
        self = try SubscriptionWire.webhookWake(body)
    }

    init(
        subscriptionId: String, wakeId: String, generation: Int, streams: [SubscriptionStream], callbackURL: URL,
        callbackToken: String
    ) {
        self.subscriptionId = subscriptionId
        self.wakeId = wakeId
        self.generation = generation
        self.streams = streams
        self.callbackURL = callbackURL
        self.callbackToken = callbackToken
    }
}

@available(OS2022, *)
extension SubscriptionClient {
    /// Acknowledges offsets of a webhook wake at its callback URL and, without `done`, extends the lease.
    ///
    /// - Returns: With `done`, whether the server issued the next wake.
    /// - Throws: ``DurableStreamError/fenced`` once the wake has moved on; nothing is applied then.
    @discardableResult
    public func callback(_ wake: WebhookWake, _ offsets: [String: Offset] = [:], done: Bool = false)
        async throws(DurableStreamError) -> Bool
    {
        let claim = ClaimedWake(
            subscriptionId: wake.subscriptionId, wakeId: wake.wakeId, generation: wake.generation,
            token: wake.callbackToken, streams: wake.streams, leaseTTL: .zero)
        let body = SubscriptionWire.report(claim, offsets: offsets, done: done)
        let (_, data) = try await send(.post, wake.callbackURL, body: body, token: wake.callbackToken, retry: false)
        return SubscriptionWire.nextWake(data)
    }
}
