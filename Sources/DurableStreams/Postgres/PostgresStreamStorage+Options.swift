public import DurableStreamsStorage
public import Foundation
public import Logging

@available(OS2022, *)
extension PostgresStreamStorage {
    /// How the connection to PostgreSQL is secured (the URL's `sslmode`).
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Plain TCP (`sslmode=disable`).
        case disable
        /// TLS when the server offers it, without verifying its certificate (`sslmode=prefer`).
        case prefer
        /// TLS always, without verifying the server's certificate (`sslmode=require`).
        case require
        /// TLS always, verifying the server's certificate and host name (`sslmode=verify-full`), against
        /// ``Options/rootCertificatePath`` or the system's roots.
        case verifyFull = "verify-full"
    }

    /// Where the database is and how the store uses it.
    public struct Options: Sendable {
        /// The database server's host name or address.
        public var host: String
        /// The database server's port.
        public var port: Int
        /// The user to log in as.
        public var username: String
        /// The user's password; never logged.
        public var password: String?
        /// The database; the user's name when `nil`.
        public var database: String?
        /// The schema that holds the store's tables (created if missing): 1–48 of `a–z 0–9 _`, not starting
        /// with a digit. Servers sharing streams use the same schema.
        public var schema: String
        /// How many connections a node keeps for requests (one more is kept for `LISTEN`).
        public var poolSize: Int
        /// How many requests may wait for a connection once all are busy; beyond it a request fails at once
        /// with ``StreamStorageError/Code/temporarilyUnavailable`` (`503`).
        public var maximumQueuedRequests: Int
        /// How long a request waits for a connection before failing with
        /// ``StreamStorageError/Code/temporarilyUnavailable``.
        public var queueTimeout: Duration
        /// The largest append the store takes, in bytes: 1 GiB by default, at most 16 GiB.
        ///
        /// A non-JSON append the server streams (``PostgresStreamStorage/append(_:_:body:)``) is never held whole:
        /// the node keeps about 1 MiB of it in memory at a time, and the database keeps the rest in a temporary
        /// table until the append is decided, so this bounds the database's temporary space and how long one
        /// upload holds a pooled connection (each streamed upload larger than 1 MiB holds one from its first MiB
        /// to its end). A JSON append, a create's initial payload and an append made with ``append(_:_:)`` are
        /// held whole, and are also bounded by the server's request-body limit (`--max-body-size`, 16 MiB by
        /// default). A larger append fails with ``StreamStorageError/Code/invalidPayload`` (`413` from the
        /// server, which checks it before reading the body when the client sends its length).
        public var maximumAppendBytes: Int
        /// How the connection is secured.
        public var tls: TLSMode
        /// A PEM file of the certificate authorities ``TLSMode/verifyFull`` trusts (`sslrootcert`).
        public var rootCertificatePath: String?
        /// How often a node re-reads the tails of the streams its readers wait on, so that a lost notification
        /// delays a reader by at most this long.
        public var fallbackPollInterval: Duration
        /// How often expired streams are removed even if nobody touches them.
        public var sweepInterval: Duration
        /// Whether the node listens for other nodes' appends (`LISTEN`); off, readers rely on the fallback poll.
        public var listens: Bool
        /// The clock for expiry (tests pass a manual one). Nodes sharing a database should keep their clocks
        /// in sync: a stream's time-to-live is measured on the clock of the node that serves the request.
        public var now: @Sendable () -> Date
        /// Where the store reports connection losses and recoveries; `nil` logs nothing. Never logs data.
        public var logger: Logger?

        /// Creates options for a database server.
        public init(
            host: String = "127.0.0.1",
            port: Int = 5432,
            username: String = "postgres",
            password: String? = nil,
            database: String? = nil,
            schema: String = "durable_streams",
            poolSize: Int = 10,
            tls: TLSMode = .prefer
        ) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.schema = schema
            self.poolSize = poolSize
            self.maximumQueuedRequests = 256
            self.queueTimeout = .seconds(5)
            self.maximumAppendBytes = 1 << 30
            self.tls = tls
            self.rootCertificatePath = nil
            self.fallbackPollInterval = .seconds(1)
            self.sweepInterval = .seconds(60)
            self.listens = true
            self.now = { Date() }
            self.logger = nil
        }

        /// Parses a connection URL: `postgres://user:password@host:port/database?sslmode=…&sslrootcert=…`
        /// (`postgresql://` too). Percent-escapes in the user and password are decoded.
        ///
        /// - Throws: ``StreamStorageError/Code/invalidConfiguration`` naming what is wrong; the message never
        ///   contains the password.
        public init(url: String) throws(StreamStorageError) {
            guard let components = URLComponents(string: url),
                let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
            else {
                throw StreamStorageError(
                    .invalidConfiguration,
                    "the PostgreSQL URL must look like postgres://user:password@host:port/database")
            }
            guard let host = components.host, !host.isEmpty else {
                throw StreamStorageError(.invalidConfiguration, "the PostgreSQL URL has no host")
            }
            self.init(host: host)
            port = components.port ?? 5432
            guard (1...65_535).contains(port) else {
                throw StreamStorageError(.invalidConfiguration, "the PostgreSQL URL's port is out of range")
            }
            if let user = components.percentEncodedUser, !user.isEmpty {
                username = user.removingPercentEncoding ?? user
            }
            password = components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
            let name = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            database = name.isEmpty ? nil : name
            for item in components.queryItems ?? [] {
                switch item.name {
                case "sslmode":
                    guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                        throw StreamStorageError(
                            .invalidConfiguration, "sslmode must be disable, prefer, require or verify-full")
                    }
                    tls = mode
                case "sslrootcert":
                    rootCertificatePath = item.value
                default:
                    throw StreamStorageError(
                        .invalidConfiguration, "unknown PostgreSQL URL parameter \(item.name)")
                }
            }
        }

        /// Checks the options, naming the first problem.
        func validate() throws(StreamStorageError) {
            try PostgresSchema.checkName(schema)
            guard poolSize >= 1, poolSize <= 1000 else {
                throw StreamStorageError(.invalidConfiguration, "the pool size must be between 1 and 1000")
            }
            guard maximumAppendBytes >= 1, maximumAppendBytes <= Self.maximumAppendLimit else {
                throw StreamStorageError(.invalidConfiguration, "the append size limit must be 1 byte to 16 GiB")
            }
            guard maximumQueuedRequests >= 0, queueTimeout > .zero, fallbackPollInterval > .zero,
                sweepInterval > .zero
            else {
                throw StreamStorageError(.invalidConfiguration, "queue limits and intervals must be positive")
            }
        }

        /// The largest ``maximumAppendBytes`` allowed: 16 GiB.
        public static let maximumAppendLimit = Int(clamping: Int64(1) << 34)

        /// `user@host:port/database`, without the password, for messages.
        var safeDescription: String {
            "\(username)@\(host):\(port)/\(database ?? username)"
        }
    }
}
