public import DurableStreamsStorage
public import Logging

@available(OS2023, *)
extension DurableStreamsServer {
    /// Where a server keeps its streams.
    public struct Storage: Sendable {
        enum Kind: Sendable {
            case memory
            case directory(String, FileStreamStorage.SyncPolicy)
            case custom(any StreamStorage)
        }

        let kind: Kind

        /// Streams in memory, gone when the server stops: for tests and demonstrations.
        public static let memory = Storage(kind: .memory)

        /// Streams in a data directory (created if missing), durable across restarts.
        /// - Parameters:
        ///   - path: The data directory. One server at a time may use it.
        ///   - syncPolicy: When appends are synced to disk; by default before they are acknowledged.
        public static func directory(_ path: String, syncPolicy: FileStreamStorage.SyncPolicy = .everyAppend) -> Storage
        {
            Storage(kind: .directory(path, syncPolicy))
        }

        /// A store you created and own: the server uses it but does not shut it down.
        public static func custom(_ storage: any StreamStorage) -> Storage {
            Storage(kind: .custom(storage))
        }
    }

    /// How `Cache-Control` marks cacheable reads: a catch-up range that can never change is kept a year
    /// (`max-age=31536000, immutable`), one up to the tail of an open stream is revalidated (`no-cache`), a read from
    /// `-1` and a long-poll answer are kept a minute (`max-age=60, stale-while-revalidate=300`).
    public enum CacheVisibility: String, Sendable, CaseIterable {
        /// `public, …`: shared caches and CDNs may keep reads.
        case `public`
        /// `private, …`: only the client's own cache may keep reads.
        case `private`
        /// `no-store`: nothing keeps reads.
        case noStore = "no-store"
    }

    /// Whether the server delivers webhook subscriptions, and to which URLs.
    public enum Webhooks: String, Sendable, CaseIterable {
        /// Webhook subscriptions are refused (`400 INVALID_REQUEST`); pull-wake subscriptions work.
        case disabled
        /// Only `https` URLs of public hosts (checked again after DNS resolution); redirects are not followed.
        case enabled
        /// As ``enabled``, and also `http://localhost` and `http://127.0.0.x`, for development.
        case development

        var policy: WebhookTargetPolicy? {
            switch self {
            case .disabled: nil
            case .enabled: WebhookTargetPolicy(developmentMode: false)
            case .development: WebhookTargetPolicy(developmentMode: true)
            }
        }
    }

    /// A server's settings. Every property has a working default.
    public struct Configuration: Sendable {
        /// The address to listen on; `127.0.0.1` by default.
        public var host: String
        /// The port to listen on; `0` picks a free port (see ``DurableStreamsServer/start()``). Default 4437.
        public var port: Int
        /// Where streams are mounted: `/` (the default) serves a stream at every path; `/v1/stream` serves
        /// `/v1/stream/orders` and answers `404` outside that prefix. The protocol's reserved `__ds` namespace is the
        /// first segment under it. Streams are stored under their full path, so changing the base path of a data
        /// directory hides the streams created under the old one.
        public var basePath: String
        /// Webhook delivery for subscriptions; ``Webhooks/enabled`` by default.
        public var webhooks: Webhooks
        /// How long a webhook signing key signs before a new one replaces it; `nil` (the default) keeps one key.
        /// A retired key stays in the JWKS for twelve minutes, so signatures made before the rotation still verify.
        /// At least one minute.
        public var webhookKeyLifetime: Duration?
        /// Where streams live; in memory by default.
        public var storage: Storage
        /// How long a long-poll read waits for data before answering `204`; 30 seconds by default.
        public var longPollTimeout: Duration
        /// How long an SSE connection waits for data before sending a keep-alive `control` event; by default
        /// the long-poll timeout.
        public var sseKeepAliveInterval: Duration?
        /// How long an SSE connection lasts before the server ends it (clients reconnect from their offset),
        /// so caches can collapse readers; 60 seconds by default, as the protocol recommends.
        public var sseConnectionLifetime: Duration
        /// The largest request body accepted; larger ones get `413`. 16 MiB by default.
        public var maximumBodyBytes: Int
        /// About how many payload bytes one read returns (always at least one whole append); 1 MiB by default.
        public var maximumReadBytes: Int
        /// How long a client may take to send a request body; 30 seconds by default.
        public var bodyTimeout: Duration
        /// How long a connection may stay idle between requests; 60 seconds by default.
        public var idleTimeout: Duration
        /// Whether `POST`/`DELETE /_test/inject-error` can inject faults. Off by default: never enable it in
        /// production.
        public var faultInjection: Bool
        /// Where armed faults are kept when several processes serve the same streams (see ``SharedFaultBoard``);
        /// `nil` (the default) keeps them in this process. Used only with ``faultInjection`` on.
        public var sharedFaults: (any SharedFaultBoard)?
        /// Whether responses of at least ``compressionThreshold`` bytes are gzip- or deflate-compressed for
        /// clients that accept it; on by default.
        public var compression: Bool
        /// The smallest body that is compressed; 1 KiB by default.
        public var compressionThreshold: Int
        /// How reads are marked for caches; `public` by default, as the protocol recommends for shared streams.
        public var cacheVisibility: CacheVisibility
        /// The length of one cursor interval (the protocol's CDN collapsing cursor); 20 seconds by default.
        public var cursorInterval: Duration
        /// Where logs go; by default a logger labelled `durable-streams` at `info`. Each request is logged at
        /// `debug`, each `5xx` at `error`, requests refused by a limit and failed accepts at `warning`. With
        /// ``Storage/directory(_:syncPolicy:)`` the file store logs here too (``FileStreamStorage/Options/log``):
        /// recovery starting at `info`, commits postponed for lack of descriptors at `warning` (at most once a
        /// second), background sync failures at `error`.
        public var logger: Logger
        /// With ``Storage/directory(_:syncPolicy:)``: whether the owner's group may read and write the data
        /// (files `0660`, directories `0770`); off by default (`0600` and `0700`, whatever the umask).
        public var groupAccess: Bool
        /// With ``Storage/directory(_:syncPolicy:)``: how many stream logs stay open at once; `nil` (the
        /// default) uses half the process's open-file limit. Idle logs beyond it are closed and reopened on use.
        public var maximumOpenLogs: Int?
        /// The web console at `/__console/`: by default served only when ``host`` is a loopback address.
        public var console = Console()

        /// Creates a configuration.
        public init(
            host: String = "127.0.0.1",
            port: Int = 4437,
            storage: Storage = .memory,
            longPollTimeout: Duration = .seconds(30),
            faultInjection: Bool = false
        ) {
            self.host = host
            self.port = port
            self.basePath = "/"
            self.webhooks = .enabled
            self.webhookKeyLifetime = nil
            self.storage = storage
            self.longPollTimeout = longPollTimeout
            self.sseKeepAliveInterval = nil
            self.sseConnectionLifetime = .seconds(60)
            self.maximumBodyBytes = 16 << 20
            self.maximumReadBytes = 1 << 20
            self.bodyTimeout = .seconds(30)
            self.idleTimeout = .seconds(60)
            self.faultInjection = faultInjection
            self.sharedFaults = nil
            self.compression = true
            self.compressionThreshold = 1024
            self.cacheVisibility = .public
            self.cursorInterval = .seconds(20)
            self.logger = Logger(label: "durable-streams")
            self.groupAccess = false
            self.maximumOpenLogs = nil
        }
    }
}
