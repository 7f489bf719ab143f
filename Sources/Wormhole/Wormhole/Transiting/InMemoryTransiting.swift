import CourierPrimitives
public import Foundation

/// Messages kept in memory, shared by every wormhole in this process that uses the same instance.
///
/// For tests and previews, paired with ``InMemoryNotifier`` (see ``Configuration/inMemory(transiting:notifier:)``).
/// It behaves like the file strategies (sequence numbers, queues with capacity, size limit) without touching the
/// disk, and nothing crosses a process boundary.
@available(OS2021, *)
public final class InMemoryTransiting: TransitingStrategy {
    private struct Queue {
        /// Ascending; may hold up to twice the capacity, so trimming is amortized (only the newest `capacity`
        /// entries count).
        var entries: [StoredMessage] = []
        var capacity = 1

        var window: ArraySlice<StoredMessage> { entries.suffix(capacity) }
    }

    private struct State {
        var latest: [MessageIdentifier: StoredMessage] = [:]
        var queues: [MessageIdentifier: Queue] = [:]
        var queueFloors: [MessageIdentifier: UInt64] = [:]
    }

    private let state = Locked(State())
    private let maximumMessageSize: Int

    /// Creates an empty store.
    ///
    /// - Parameter maximumMessageSize: The largest payload accepted, in bytes.
    public init(maximumMessageSize: Int = 16 << 20) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// Stores `payload` as the latest message.
    ///
    /// - Throws: ``WormholeError/messageTooLarge(_:size:limit:)`` or ``WormholeError/invalidIdentifier(_:reason:)``.
    public func write(_ payload: Data, for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage {
        try check(payload, identifier)
        return state.withLock { state in
            let message = StoredMessage(
                sequence: StoredMessage.latestSequence(after: state.latest[identifier]?.sequence), payload: payload)
            state.latest[identifier] = message
            return message
        }
    }

    /// The latest message, or `nil`.
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``.
    public func read(for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage? {
        _ = try identifier.fileSystemName()
        return state.withLock { $0.latest[identifier] }
    }

    /// Appends `payload` to the queue.
    ///
    /// - Throws: ``WormholeError/messageTooLarge(_:size:limit:)`` or ``WormholeError/invalidIdentifier(_:reason:)``.
    public func append(_ payload: Data, for identifier: MessageIdentifier, capacity: Int) throws(WormholeError)
        -> StoredMessage
    {
        try check(payload, identifier)
        return state.withLock { state in
            let previous = state.queues[identifier]?.entries.last?.sequence ?? state.queueFloors[identifier] ?? 0
            let message = StoredMessage(sequence: previous + 1, payload: payload)
            // Mutated in place (no copy of the array per append).
            state.queues[identifier, default: Queue()].capacity = max(1, capacity)
            state.queues[identifier, default: Queue()].entries.append(message)
            if let count = state.queues[identifier]?.entries.count, count >= 2 * max(1, capacity) {
                state.queues[identifier]?.entries.removeFirst(count - max(1, capacity))
            }
            return message
        }
    }

    /// Queue entries after `sequence`.
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``.
    public func readQueue(for identifier: MessageIdentifier, after sequence: UInt64, limit: Int)
        throws(WormholeError) -> QueueSlice
    {
        _ = try identifier.fileSystemName()
        return state.withLock { state in
            let queue = state.queues[identifier]?.window ?? []
            if limit <= 0 {
                return QueueSlice(entries: [], highestSequence: queue.last?.sequence ?? state.queueFloors[identifier])
            }
            // Entries are in ascending order: find the first one after `sequence` by binary search.
            var low = queue.startIndex
            var high = queue.endIndex
            while low < high {
                let middle = (low + high) / 2
                if queue[middle].sequence <= sequence { low = middle + 1 } else { high = middle }
            }
            let entries = queue[low...].prefix(limit).map { QueueEntry(sequence: $0.sequence, message: .success($0)) }
            return QueueSlice(entries: entries, highestSequence: queue.last?.sequence)
        }
    }

    /// Removes the identifier's message and queue.
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)``.
    public func delete(for identifier: MessageIdentifier) throws(WormholeError) {
        _ = try identifier.fileSystemName()
        state.withLock { state in
            state.latest[identifier] = nil
            if let last = state.queues.removeValue(forKey: identifier)?.entries.last {
                state.queueFloors[identifier] = last.sequence
            }
        }
    }

    /// Removes everything.
    public func deleteAll() {
        state.withLock { state in
            state.latest.removeAll()
            for (identifier, queue) in state.queues {
                if let last = queue.entries.last { state.queueFloors[identifier] = last.sequence }
            }
            state.queues.removeAll()
        }
    }

    private func check(_ payload: Data, _ identifier: MessageIdentifier) throws(WormholeError) {
        _ = try identifier.fileSystemName()
        guard payload.count <= maximumMessageSize else {
            throw .messageTooLarge(identifier, size: payload.count, limit: maximumMessageSize)
        }
    }
}
