public import Foundation

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
@available(OS2021, *)
public struct FileTransiting: TransitingStrategy, FileStoreTransiting {
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
        let options = FileTransitingOptions(maximumMessageSize, access, durability)
        try self.init(directory: directory, options: options, partialWriteHook: nil)
    }

    /// Creates the strategy with a hook called halfway through writing each payload (tests kill the process there).
    package init(directory: URL, partialWriteHook: @escaping WormholePartialWriteHook) throws(WormholeError) {
        let options = FileTransitingOptions(16 << 20, .owner, .processCrash)
        try self.init(directory: directory, options: options, partialWriteHook: partialWriteHook)
    }

    /// Creates the strategy with writers taking turns as `coordination` says.
    init(
        directory: URL, options: FileTransitingOptions, coordination: FileCoordination = .none,
        partialWriteHook: WormholePartialWriteHook?
    ) throws(WormholeError) {
        self.directory = directory
        self.store = try FileStore(
            directory: directory, options: options, coordination: coordination, hook: partialWriteHook)
    }
}
