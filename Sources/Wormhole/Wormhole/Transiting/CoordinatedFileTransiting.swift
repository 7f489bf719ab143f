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
@available(OS2021, *)
public struct CoordinatedFileTransiting: TransitingStrategy, FileStoreTransiting {
    /// The same files as ``FileTransiting``'s, with writers taking turns.
    private let files: FileTransiting

    /// The directory holding the messages.
    public var directory: URL { files.directory }

    var store: FileStore { files.store }

    /// Creates the strategy, creating `directory` if it does not exist; the parameters are those of
    /// ``FileTransiting/init(directory:maximumMessageSize:access:durability:)``.
    ///
    /// - Throws: ``WormholeError/Code/directoryUnavailable`` if the directory cannot be created or written.
    public init(
        directory: URL, maximumMessageSize: Int = 16 << 20, access: FileAccess = .owner,
        durability: Durability = .processCrash
    ) throws(WormholeError) {
        files = try FileTransiting(
            directory: directory, options: FileTransitingOptions(maximumMessageSize, access, durability),
            coordination: .betweenWriters, partialWriteHook: nil)
    }

    init(options: FileTransitingOptions, directory: URL) throws(WormholeError) {
        files = try FileTransiting(
            directory: directory, options: options, coordination: .betweenWriters, partialWriteHook: nil)
    }
}
