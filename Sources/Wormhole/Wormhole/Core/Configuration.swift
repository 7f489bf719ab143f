public import Foundation

/// Where a wormhole keeps its messages, how it stores, encodes and announces them.
///
/// ```swift
/// var configuration = Configuration(appGroupIdentifier: "group.com.example.app", directory: "wormhole")
/// configuration.transitingStrategy = .coordinatedFile
/// configuration.deliveryModes["commands"] = .queue(capacity: 256)
/// let wormhole = try Wormhole(configuration: configuration)
/// ```
@available(OS2021, *)
public struct Configuration: Sendable {
    /// Where messages live.
    public enum Location: Sendable, Equatable {
        /// A directory inside an app group's shared container (created if missing). On Linux, where app groups
        /// do not exist, the container is `$XDG_RUNTIME_DIR/wormhole/<group>` (or `<temporary directory>/
        /// wormhole-<uid>/<group>` without `XDG_RUNTIME_DIR`), so processes of one user that name the same group
        /// meet in the same directory.
        case appGroup(String, subdirectory: String?)
        /// An explicit directory (created if missing). Every process that uses the same directory shares the
        /// wormhole.
        case directory(URL)
        /// No directory: only for custom transiting and notification strategies that need none (such as
        /// ``InMemoryTransiting`` with ``InMemoryNotifier``).
        case inProcess
    }

    /// Where messages live.
    public var location: Location

    /// How messages are stored. Default: ``TransitingType/file``.
    public var transitingStrategy: TransitingType

    /// How messages are encoded. Default: ``SerializationFormat/json``.
    public var serializationFormat: SerializationFormat

    /// How other processes are told about new messages. Default: ``NotificationType/automatic``.
    public var notifications: NotificationType

    /// Identifiers that queue their messages instead of keeping only the latest. Sender and receivers must agree.
    public var deliveryModes: [MessageIdentifier: DeliveryMode]

    /// The largest encoded message the built-in strategies accept from ``Wormhole/send(_:to:)`` and read from
    /// storage, in bytes. Default: 16 MiB. Larger stored files are reported as
    /// ``WormholeError/messageTooLarge(_:size:limit:)`` without being read into memory. (A custom strategy
    /// enforces its own limit.)
    public var maximumMessageSize: Int

    /// Who may read and write the files and directories the built-in file strategies and the inotify notifier
    /// create. Default: ``FileAccess/owner`` (files `0600`, directories `0700`, whatever the umask); use
    /// ``FileAccess/ownerAndGroup`` when processes of several users of one group share the directory.
    public var fileAccess: FileAccess

    /// Whether a send waits until its message would survive a power loss (file strategies only). Default:
    /// ``Durability/processCrash``.
    public var durability: Durability

    /// Creates a configuration for an app group's shared container, as MMWormhole does.
    ///
    /// - Parameters:
    ///   - appGroupIdentifier: The app group shared by the app and its extensions.
    ///   - directory: An optional subdirectory of the container for the wormhole's files (recommended).
    ///   - transitingStrategy: How messages are stored.
    ///   - serializationFormat: How messages are encoded.
    public init(
        appGroupIdentifier: String,
        directory: String? = nil,
        transitingStrategy: TransitingType = .file,
        serializationFormat: SerializationFormat = .json
    ) {
        self.init(
            location: .appGroup(appGroupIdentifier, subdirectory: directory),
            transitingStrategy: transitingStrategy,
            serializationFormat: serializationFormat
        )
    }

    /// Creates a configuration for an explicit directory.
    ///
    /// - Parameters:
    ///   - directory: The directory for the wormhole's files.
    ///   - transitingStrategy: How messages are stored.
    ///   - serializationFormat: How messages are encoded.
    public init(
        directory: URL,
        transitingStrategy: TransitingType = .file,
        serializationFormat: SerializationFormat = .json
    ) {
        self.init(
            location: .directory(directory),
            transitingStrategy: transitingStrategy,
            serializationFormat: serializationFormat
        )
    }

    /// Creates a configuration from its parts.
    ///
    /// - Parameters:
    ///   - location: Where messages live.
    ///   - transitingStrategy: How messages are stored.
    ///   - serializationFormat: How messages are encoded.
    ///   - notifications: How other processes are told about new messages.
    ///   - deliveryModes: Identifiers that queue their messages.
    ///   - maximumMessageSize: The largest encoded message accepted, in bytes.
    ///   - fileAccess: Who may read and write the files and directories the wormhole creates.
    ///   - durability: Whether sends wait until their messages would survive a power loss.
    public init(
        location: Location,
        transitingStrategy: TransitingType = .file,
        serializationFormat: SerializationFormat = .json,
        notifications: NotificationType = .automatic,
        deliveryModes: [MessageIdentifier: DeliveryMode] = [:],
        maximumMessageSize: Int = 16 << 20,
        fileAccess: FileAccess = .owner,
        durability: Durability = .processCrash
    ) {
        self.location = location
        self.transitingStrategy = transitingStrategy
        self.serializationFormat = serializationFormat
        self.notifications = notifications
        self.deliveryModes = deliveryModes
        self.maximumMessageSize = maximumMessageSize
        self.fileAccess = fileAccess
        self.durability = durability
    }

    /// An in-process configuration: messages are kept by `transiting` and announced by `notifier`, both shared by
    /// every wormhole made from them. For tests and previews.
    ///
    /// - Parameters:
    ///   - transiting: The shared store.
    ///   - notifier: The shared notification hub.
    public static func inMemory(
        transiting: InMemoryTransiting = InMemoryTransiting(),
        notifier: InMemoryNotifier = InMemoryNotifier()
    ) -> Configuration {
        Configuration(location: .inProcess, transitingStrategy: .custom(transiting), notifications: .custom(notifier))
    }

    /// The app group, if the location is one.
    public var appGroupIdentifier: String? {
        if case .appGroup(let group, _) = location { return group }
        return nil
    }

    /// The subdirectory of the app group container, if any.
    public var directory: String? {
        if case .appGroup(_, let subdirectory) = location { return subdirectory }
        return nil
    }

    /// The delivery mode of `identifier` (``DeliveryMode/latest`` unless set in ``deliveryModes``; the request
    /// mailbox of ``Wormhole/request(_:to:expecting:timeout:)`` queues up to 256 requests).
    public func deliveryMode(for identifier: MessageIdentifier) -> DeliveryMode {
        deliveryModes[identifier] ?? (RequestNames.isRequestMailbox(identifier) ? .queue(capacity: 256) : .latest)
    }
}

/// The storage behind a wormhole.
@available(OS2021, *)
public enum TransitingType: Sendable {
    /// One file per identifier, replaced atomically (temporary file, then rename). Readers never see a partial
    /// message. Writers do not lock: see ``FileTransiting``.
    case file
    /// Like ``file``, but writers of one identifier take turns (`NSFileCoordinator` on Apple platforms, `flock`
    /// on Linux), so sequence numbers are exact even with several writing processes.
    case coordinatedFile
    /// `UserDefaults` with the app group as suite. See ``UserDefaultsTransiting`` for its Linux behaviour.
    case userDefaults
    /// Your own strategy.
    case custom(any TransitingStrategy)
}

/// How messages are encoded.
@available(OS2021, *)
public enum SerializationFormat: Sendable {
    /// JSON (``JSONMessageSerializer``: written directly where `JSONEncoder` would write the same, read with
    /// `JSONDecoder`); readable by other languages and the `wormhole` tool.
    case json
    /// Binary property lists (`PropertyListEncoder`/`PropertyListDecoder`).
    case propertyList
    /// Your own serializer.
    case custom(any MessageSerializer)
}

/// How a wormhole tells other processes that a message changed.
@available(OS2021, *)
public enum NotificationType: Sendable {
    /// Darwin notifications (`notify_post`) on Apple platforms, inotify on Linux.
    case automatic
    /// Your own notifier.
    case custom(any WormholeNotifier)
}
