public import Foundation

/// What a subscription is created with (protocol §6.2).
@available(OS2022, *)
public struct SubscriptionSpec: Sendable, Hashable {
    /// How the server tells workers about pending work.
    public enum Delivery: Sendable, Hashable {
        /// Wake events are appended to this stream (stream-root-relative, e.g. `wake/pool`), which the application
        /// creates; workers claim the subscription.
        case pullWake(wakeStream: String)
        /// The server posts signed wakes to this URL.
        case webhook(url: URL)
    }

    /// The delivery.
    public var delivery: Delivery
    /// A glob over stream-root-relative paths: `*` matches one segment, `**` any number.
    public var pattern: String?
    /// Streams linked explicitly, in addition to the pattern's.
    public var streams: [String]
    /// How long a claim or wake lasts without a heartbeat: 1 second to 10 minutes.
    public var leaseTTL: Duration
    /// A description for people.
    public var description: String?

    /// Creates a specification; at least one of `pattern` and `streams` is needed.
    public init(
        delivery: Delivery, pattern: String? = nil, streams: [String] = [], leaseTTL: Duration = .seconds(30),
        description: String? = nil
    ) {
        self.delivery = delivery
        self.pattern = pattern
        self.streams = streams
        self.leaseTTL = leaseTTL
        self.description = description
    }

    /// A pull-wake subscription.
    public static func pullWake(
        wakeStream: String, pattern: String? = nil, streams: [String] = [], leaseTTL: Duration = .seconds(30),
        description: String? = nil
    ) -> SubscriptionSpec {
        SubscriptionSpec(
            delivery: .pullWake(wakeStream: wakeStream), pattern: pattern, streams: streams, leaseTTL: leaseTTL,
            description: description)
    }

    /// Checks the values before any request.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` without a pattern or streams, with an empty path, or with
    ///   a lease outside 1 second to 10 minutes or not whole milliseconds.
    public func validate() throws(DurableStreamError) {
        guard pattern.map({ !$0.isEmpty }) ?? false || !streams.isEmpty else {
            throw .invalidArgument(message: "a subscription needs a pattern or streams")
        }
        guard !streams.contains(where: \.isEmpty) else {
            throw .invalidArgument(message: "subscription streams must not be empty paths")
        }
        let (seconds, attoseconds) = leaseTTL.components
        guard leaseTTL >= .seconds(1), leaseTTL <= .seconds(600), attoseconds % 1_000_000_000_000_000 == 0 else {
            throw .invalidArgument(
                message: "leaseTTL must be whole milliseconds from 1 s to 10 min (got \(seconds) s)")
        }
        if case .pullWake(let wakeStream) = delivery, wakeStream.isEmpty {
            throw .invalidArgument(message: "wakeStream must not be empty")
        }
    }
}

/// A subscription as the server describes it (protocol §6.3).
@available(OS2022, *)
public struct Subscription: Sendable, Hashable {
    /// The client-chosen id.
    public var id: String
    /// `pull-wake` or `webhook`.
    public var type: String
    /// The glob pattern, if any.
    public var pattern: String?
    /// The linked streams and their cursors.
    public var streams: [SubscriptionStream]
    /// The pull-wake wake stream, if any.
    public var wakeStream: String?
    /// The webhook URL, if any.
    public var webhookURL: String?
    /// The lease.
    public var leaseTTL: Duration
    /// When it was created (RFC 3339).
    public var createdAt: String
    /// `active`, or `failed` while a webhook delivery waits to be retried.
    public var status: String
    /// The description, if any.
    public var description: String?
    /// Whether the request that returned this created it (201) rather than re-confirming it (200).
    public var wasCreated: Bool
}

/// One stream of a subscription.
@available(OS2022, *)
public struct SubscriptionStream: Sendable, Hashable {
    /// The stream-root-relative path.
    public var path: String
    /// Whether the stream is linked explicitly (`explicit`) or by the pattern (`glob`).
    public var linkType: String
    /// The last processed offset: reading from it returns what is still to do.
    public var ackedOffset: Offset
    /// The stream's tail when the wake was issued (claims only).
    public var tailOffset: Offset?
    /// Whether the stream has data past its acknowledged offset (claims only).
    public var hasPending: Bool?
}

/// A claimed pull wake: the lease holder's view of the pending work.
@available(OS2022, *)
public struct ClaimedWake: Sendable, Hashable {
    /// The subscription.
    public var subscriptionId: String
    /// The wake.
    public var wakeId: String
    /// The wake's generation.
    public var generation: Int
    /// The bearer token for acks and the release.
    public var token: String
    /// Every linked stream, with its acknowledged and tail offsets.
    public var streams: [SubscriptionStream]
    /// The lease; ack (a heartbeat) within it to keep the claim.
    public var leaseTTL: Duration

    /// The streams with pending work.
    public var pending: [SubscriptionStream] { streams.filter { $0.hasPending == true } }
}
