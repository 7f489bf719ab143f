import Foundation

/// Messages as files, with writers of one identifier taking turns: `NSFileCoordinator` on Apple platforms,
/// an exclusive `flock(2)` on `.<identifier>.lock` on Linux.
///
/// Everything ``FileTransiting`` guarantees holds, and in addition two processes never interleave a
/// read-modify-write: each write reads the previous sequence number and stores the next one while holding the
/// lock, so sequence numbers are exact and a receiver's ``Delivery/missedCount`` is exact even with several
/// writing processes. Clearing and appending to a queue are ordered the same way.
///
/// On Linux readers take no lock (files are replaced atomically, so there is nothing to wait for); on Apple
/// platforms reads are coordinated as MMWormhole's coordinated strategy does. Lock files are never removed,
/// since removing a lock file while another process holds it would break the exclusion.
public struct CoordinatedFileTransiting: TransitingStrategy {
    /// The directory holding the messages.
    public let directory: URL

    let store: FileStore

    /// Creates the strategy, creating `directory` if it does not exist.
    ///
    /// - Parameters:
    ///   - directory: The directory for message files.
    ///   - maximumMessageSize: The largest payload written or read, in bytes.
    ///   - access: Who may read and write the files and directories it creates (default: the owner only).
    /// - Throws: ``WormholeError/directoryUnavailable(path:reason:)`` if the directory cannot be created or
    ///   written.
    public init(directory: URL, maximumMessageSize: Int = 16 << 20, access: FileAccess = .owner)
        throws(WormholeError)
    {
        try self.init(
            directory: directory, maximumMessageSize: maximumMessageSize, access: access, partialWriteHook: nil)
    }

    /// Creates the strategy with a hook called halfway through writing each payload (tests kill the process there).
    package init(
        directory: URL,
        maximumMessageSize: Int = 16 << 20,
        access: FileAccess = .owner,
        partialWriteHook: WormholePartialWriteHook?
    ) throws(WormholeError) {
        self.directory = directory
        self.store = FileStore(
            directory: try FileStore.prepare(directory, access: access),
            maximumMessageSize: maximumMessageSize,
            fileAccess: access,
            coordination: Self.coordination,
            hook: partialWriteHook
        )
    }

    #if canImport(Darwin)
    private static let coordination = FileCoordination.fileCoordinator
    #else
    private static let coordination = FileCoordination.lockFile
    #endif

    /// Stores `payload` as the latest message.
    ///
    /// - Throws: ``WormholeError`` if the message cannot be stored.
    public func write(_ payload: Data, for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage {
        try store.write(payload, for: identifier)
    }

    /// The latest message, or `nil`.
    ///
    /// - Throws: ``WormholeError/corruptMessage(_:sequence:reason:)`` for a file that is not a complete message.
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
