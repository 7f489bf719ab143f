import Foundation

/// Messages as files in a directory, each replaced atomically: the default strategy.
///
/// A write goes to a private temporary file that is then renamed over `<identifier>.message`, so a reader sees
/// the previous message or the new one, never a mix, and a writer killed mid-write leaves the previous message
/// intact. Queue entries are claimed with `link(2)`, so racing writers never overwrite each other (see
/// ``DeliveryMode/queue(capacity:)``).
///
/// Writers do not lock. In latest-value mode each write reads the previous sequence number and stores the next
/// one; when several processes write the same identifier at once, two of them may store the same number, and a
/// late rename may put a lower number back (each writer's own numbers still go up, the message ID still tells
/// messages apart, and no message is ever torn). With one writer per identifier, as MMWormhole recommends,
/// numbers are exact. When several processes write one identifier and exact sequence numbers matter, use
/// ``CoordinatedFileTransiting``. Queue mode is exact either way.
///
/// The file format is ``MessageEnvelope``; the directory layout is documented in the README.
public struct FileTransiting: TransitingStrategy {
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
            coordination: .none,
            hook: partialWriteHook
        )
    }

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
