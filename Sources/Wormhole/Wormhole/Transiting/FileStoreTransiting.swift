import Foundation

/// What ``FileTransiting`` and ``CoordinatedFileTransiting`` share: every operation is the ``FileStore``'s; the
/// two differ only in how writers take turns.
@available(OS2021, *)
protocol FileStoreTransiting: TransitingStrategy {
    var store: FileStore { get }
}

/// The options of the file strategies, as given to their initializers.
@available(OS2021, *)
struct FileTransitingOptions {
    var maximumMessageSize: Int
    var access: FileAccess
    var durability: Durability

    init(_ maximumMessageSize: Int, _ access: FileAccess, _ durability: Durability) {
        (self.maximumMessageSize, self.access, self.durability) = (maximumMessageSize, access, durability)
    }
}

@available(OS2021, *)
extension FileStoreTransiting {
    /// Stores `payload` as the latest message.
    ///
    /// - Throws: ``WormholeError`` if the message cannot be stored.
    public func write(_ payload: Data, for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage {
        try store.write(payload, for: identifier)
    }

    /// The latest message, or `nil`.
    ///
    /// - Throws: ``WormholeError/Code/corruptMessage`` for a file that is not a complete message.
    public func read(for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage? {
        try store.read(for: identifier)
    }

    /// Appends `payload` to the identifier's queue.
    ///
    /// - Throws: ``WormholeError`` if the message cannot be stored.
    public func append(_ payload: Data, for identifier: MessageIdentifier, capacity: Int) throws(WormholeError)
        -> StoredMessage
    {
        try store.append(payload, for: identifier, capacity: capacity)
    }

    /// Queue entries after `sequence`.
    ///
    /// - Throws: ``WormholeError`` if the queue cannot be listed or read.
    public func readQueue(for identifier: MessageIdentifier, after sequence: UInt64, limit: Int)
        throws(WormholeError) -> QueueSlice
    {
        try store.readQueue(for: identifier, after: sequence, limit: limit)
    }

    /// Removes the identifier's message and queue.
    ///
    /// - Throws: ``WormholeError`` if a file cannot be removed.
    public func delete(for identifier: MessageIdentifier) throws(WormholeError) {
        try store.delete(for: identifier)
    }

    /// Removes every message and queue in the directory (lock files, notification files and files being written
    /// right now are left alone).
    ///
    /// - Throws: ``WormholeError`` if a file cannot be removed.
    public func deleteAll() throws(WormholeError) {
        try store.deleteAll()
    }
}
