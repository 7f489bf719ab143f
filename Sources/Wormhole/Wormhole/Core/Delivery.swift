public import Foundation

/// One thing that happened on an identifier, as seen by one subscriber.
///
/// Streams and listeners receive deliveries rather than bare messages so that nothing is hidden: the identifier
/// (useful when one handler serves several), the sender's sequence number, how many messages this subscriber
/// missed because notifications were coalesced, and failures (a corrupt file, a payload of the wrong type) as
/// values that do not end the stream.
@available(OS2021, *)
public struct Delivery<Message: Sendable>: Sendable {
    /// What arrived.
    public enum Content: Sendable {
        /// A message, decoded.
        case message(Message)
        /// A payload-less signal sent with ``Wormhole/signal(_:)``.
        case signal
        /// The stored message (or queue) was cleared.
        case cleared
        /// A stored message could not be read or decoded. The stream goes on.
        case failure(WormholeError)
    }

    /// The identifier the delivery belongs to.
    public let identifier: MessageIdentifier

    /// The message's sequence number, assigned by the sender; `nil` for signals, clears, and files whose header
    /// cannot be read.
    ///
    /// Sequence numbers count up by one per message on an identifier. See ``missedCount`` for how a receiver
    /// learns about messages it never saw.
    public let sequence: UInt64?

    /// How many messages were stored after the previous delivery to this subscriber and replaced before it could
    /// read them (notifications coalesce; in latest-value mode only the newest message is kept). Always 0 for
    /// signals and clears, and 0 in queue mode unless the queue's capacity was exceeded.
    public let missedCount: UInt64

    /// When the sender stored the message, if known.
    public let sentAt: Date?

    /// What arrived.
    public let content: Content

    /// Creates a delivery.
    public init(
        identifier: MessageIdentifier,
        sequence: UInt64?,
        missedCount: UInt64 = 0,
        sentAt: Date? = nil,
        content: Content
    ) {
        self.identifier = identifier
        self.sequence = sequence
        self.missedCount = missedCount
        self.sentAt = sentAt
        self.content = content
    }

    /// The message, if this delivery carries one.
    public var message: Message? {
        if case .message(let message) = content { return message }
        return nil
    }

    /// The failure, if this delivery reports one.
    public var error: WormholeError? {
        if case .failure(let error) = content { return error }
        return nil
    }

    /// The message, `nil` for signals and clears.
    ///
    /// - Throws: The delivery's ``WormholeError`` if it reports a failure.
    public func get() throws(WormholeError) -> Message? {
        switch content {
        case .message(let message): return message
        case .signal, .cleared: return nil
        case .failure(let error): throw error
        }
    }
}

@available(OS2021, *)
extension Delivery.Content: Equatable where Message: Equatable {}
@available(OS2021, *)
extension Delivery: Equatable where Message: Equatable {}
