import Foundation

/// The deliveries for one identifier, decoded as `Message`: what ``Wormhole/messages(_:for:after:)`` returns.
///
/// The element type is ``Delivery``, not `Message`, and the stream never throws: an `AsyncThrowingStream` ends at
/// its first error, so one corrupt file or one payload of the wrong type would silently stop a listener for
/// good. Here a failure arrives as a delivery whose ``Delivery/content`` is ``Delivery/Content/failure(_:)``,
/// and the next message after it is delivered as usual. Signals and clears arrive the same way. To see only the
/// messages, use `stream.compactMap(\.message)`.
///
/// The stream ends when its wormhole is released, when the iterating task is cancelled, or when you stop
/// iterating (the subscription is removed when the stream and its iterator are released). Each call to
/// ``Wormhole/messages(_:for:after:)`` is an independent subscription; iterate each stream from one task.
///
/// Reading and decoding happen inside `next()`, which runs off the caller's actor. Nothing is buffered: a slow
/// consumer costs no memory, and in latest-value mode it receives the newest message with
/// ``Delivery/missedCount`` telling how many it skipped.
@available(OS2021, *)
public struct MessageStream<Message: Decodable & Sendable>: AsyncSequence, Sendable {
    /// A delivery: a message, a signal, a clear or a failure.
    public typealias Element = Delivery<Message>

    let handle: SubscriptionHandle
    let serializer: any MessageSerializer

    /// Creates the iterator. Iterators of one stream share its subscription.
    public func makeAsyncIterator() -> Iterator {
        Iterator(handle: handle, serializer: serializer)
    }

    /// Produces the deliveries of a ``MessageStream``.
    public struct Iterator: AsyncIteratorProtocol {
        let handle: SubscriptionHandle
        let serializer: any MessageSerializer

        /// The next delivery, or `nil` when the stream has ended.
        public mutating func next() async -> Delivery<Message>? {
            guard let raw = await handle.subscription.next() else { return nil }
            return MessageStream.decode(raw, for: handle.subscription.identifier, using: serializer)
        }
    }

    static func decode(
        _ raw: RawDelivery,
        for identifier: MessageIdentifier,
        using serializer: any MessageSerializer
    ) -> Delivery<Message> {
        let content: Delivery<Message>.Content
        var sentAt: Date?
        switch raw.content {
        case .signal:
            content = .signal
        case .cleared:
            content = .cleared
        case .failure(let error):
            content = .failure(error)
        case .message(let stored):
            sentAt = stored.sentAt
            do throws(WormholeError) {
                content = .message(try serializer.decode(Message.self, from: stored.payload, for: identifier))
            } catch {
                content = .failure(numbered(error, raw.sequence))
            }
        }
        return Delivery(
            identifier: identifier,
            sequence: raw.sequence,
            missedCount: raw.missedCount,
            sentAt: sentAt,
            content: content
        )
    }

    private static func numbered(_ error: WormholeError, _ sequence: UInt64?) -> WormholeError {
        error.code == .decodingFailed && error.context.sequence == nil ? error.numbered(sequence) : error
    }
}

/// Keeps a subscription alive while a stream or its iterator exists, and ends it when both are gone.
@available(OS2021, *)
final class SubscriptionHandle: Sendable {
    let subscription: Subscription
    private let onRelease: @Sendable () -> Void

    init(subscription: Subscription, onRelease: @escaping @Sendable () -> Void) {
        self.subscription = subscription
        self.onRelease = onRelease
    }

    deinit {
        subscription.finish()
        onRelease()
    }
}
