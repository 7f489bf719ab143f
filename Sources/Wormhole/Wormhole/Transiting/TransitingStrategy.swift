public import Foundation

/// Where messages are kept between a sender and its receivers.
///
/// A strategy stores, per identifier, either the latest message (``write(_:for:)``/``read(for:)``) or an ordered
/// queue (``append(_:for:capacity:)``/``readQueue(for:after:limit:)``), and assigns sequence numbers. It does not
/// notify anyone: the wormhole posts a notification after a write succeeds.
///
/// Methods are synchronous and may block briefly on file I/O or a lock; the wormhole calls them from its own
/// actor or from a subscriber's task, never from a caller's actor. Implementations must be safe to call from
/// several threads at once.
@available(OS2021, *)
public protocol TransitingStrategy: Sendable {
    /// Stores `payload` as the latest message for `identifier`, replacing the previous one, and returns it as
    /// stored (with its sequence number: the previous one plus one, or 1).
    ///
    /// - Throws: ``WormholeError`` if the message cannot be stored; the previous message is then unchanged.
    func write(_ payload: Data, for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage

    /// The latest message for `identifier`, or `nil` if there is none.
    ///
    /// - Throws: ``WormholeError/corruptMessage(_:sequence:reason:)`` if what is stored is not a complete message,
    ///   ``WormholeError/messageTooLarge(_:size:limit:)`` if it is too large to read, or an I/O error.
    func read(for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage?

    /// Appends `payload` to the queue of `identifier`, dropping the oldest entries beyond `capacity`, and returns it
    /// as stored. Concurrent appends, from any process, each get their own sequence number; none is lost.
    ///
    /// - Throws: ``WormholeError`` if the message cannot be stored, or ``WormholeError/unsupported(_:)``.
    func append(_ payload: Data, for identifier: MessageIdentifier, capacity: Int) throws(WormholeError)
        -> StoredMessage

    /// Up to `limit` queue entries of `identifier` with sequence numbers above `sequence`, oldest first.
    ///
    /// With `limit` 0, returns no entries and, as ``QueueSlice/highestSequence``, the highest sequence number used
    /// so far on the queue (including cleared entries), or `nil` if none was: subscribers start from there.
    ///
    /// - Throws: ``WormholeError`` if the queue cannot be read, or ``WormholeError/unsupported(_:)``. An entry
    ///   that cannot be read is returned as a failed ``QueueEntry``, not thrown.
    func readQueue(for identifier: MessageIdentifier, after sequence: UInt64, limit: Int) throws(WormholeError)
        -> QueueSlice

    /// Removes the latest message and the queue of `identifier`.
    ///
    /// - Throws: ``WormholeError`` if something stored cannot be removed.
    func delete(for identifier: MessageIdentifier) throws(WormholeError)

    /// Removes every message and queue this strategy stores.
    ///
    /// - Throws: ``WormholeError`` if something stored cannot be removed.
    func deleteAll() throws(WormholeError)
}
