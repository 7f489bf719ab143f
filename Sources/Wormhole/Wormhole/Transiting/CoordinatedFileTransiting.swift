public import Foundation

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
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public struct CoordinatedFileTransiting: TransitingStrategy, FileStoreTransiting {
    /// The directory holding the messages.
    public let directory: URL

    let store: FileStore

    /// Creates the strategy, creating `directory` if it does not exist.
    ///
    /// - Parameters:
    ///   - directory: The directory for message files.
    ///   - maximumMessageSize: The largest payload written or read, in bytes.
    ///   - access: Who may read and write the files and directories it creates (default: the owner only).
    ///   - durability: Whether writes wait until the message would survive a power loss (default: no).
    /// - Throws: ``WormholeError/Code/directoryUnavailable`` if the directory cannot be created or written.
    public init(
        directory: URL, maximumMessageSize: Int = 16 << 20, access: FileAccess = .owner,
        durability: Durability = .processCrash
    ) throws(WormholeError) {
        let options = FileTransitingOptions(
            maximumMessageSize: maximumMessageSize, access: access, durability: durability)
        try self.init(directory: directory, options: options, partialWriteHook: nil)
    }

    init(directory: URL, options: FileTransitingOptions, partialWriteHook: WormholePartialWriteHook?)
        throws(WormholeError)
    {
        self.directory = directory
        self.store = try FileStore(
            directory: directory, options: options, coordination: .betweenWriters, hook: partialWriteHook)
    }
}
