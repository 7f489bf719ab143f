import CourierPrimitives
public import DurableStreamsStorage
import Logging
import PostgresNIO

@available(OS2022, *)
extension PostgresStreamStorage {
    /// Connects to PostgreSQL, creates or migrates the schema, and starts listening for other nodes' changes.
    ///
    /// - Throws: ``StreamStorageError/Code/invalidConfiguration`` for bad options;
    ///   ``StreamStorageError/Code/storageUnavailable`` when the database cannot be reached or refuses the
    ///   credentials, the schema cannot be created, or it is newer than this code. The message says which and
    ///   never contains the password.
    public static func open(_ options: Options) async throws(StreamStorageError) -> PostgresStreamStorage {
        try options.validate()
        let logger =
            options.logger ?? Logger(label: "durable-streams.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let tls = try tlsConfiguration(options)
        do {
            var configuration = PostgresConnection.Configuration(
                host: options.host, port: options.port, username: options.username, password: options.password,
                database: options.database,
                tls: try tls.map {
                    options.tls == .prefer
                        ? .prefer(try NIOSSLContext(configuration: $0)) : .require(try NIOSSLContext(configuration: $0))
                } ?? .disable)
            configuration.options.connectTimeout = .seconds(10)
            let connection = try await PostgresConnection.connect(
                on: PostgresClient.defaultEventLoopGroup.next(), configuration: configuration, id: 0, logger: logger
            ).get()
            do {
                try await PostgresSchema.migrate(connection, schema: options.schema, logger: logger)
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw startFailure(error, options: options)
        }
        var configuration = PostgresClient.Configuration(
            host: options.host, port: options.port, username: options.username, password: options.password,
            database: options.database,
            tls: tls.map { options.tls == .prefer ? .prefer($0) : .require($0) } ?? .disable)
        configuration.options.maximumConnections = options.poolSize + 1
        configuration.options.minimumConnections = min(2, options.poolSize + 1)
        configuration.options.connectTimeout = .seconds(5)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        let store = PostgresStreamStorage(client: client, options: options, logger: logger, runTask: runTask)
        store.startBackgroundWork()
        return store
    }

    /// Drops a schema and everything in it, whatever its version (tests, and tearing down a deployment).
    package static func dropSchema(_ options: Options) async throws(StreamStorageError) {
        try await execute(options, ["DROP SCHEMA IF EXISTS \"\(options.schema)\" CASCADE"])
    }

    /// Creates the options' schema at an older `version`, as that version of the store left it (migration tests).
    package static func createSchema(_ options: Options, version: Int) async throws(StreamStorageError) {
        let s = "\"\(options.schema)\""
        var statements = [
            "CREATE SCHEMA \(s)",
            "CREATE TABLE \(s).schema_version (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), "
                + "version integer NOT NULL)",
        ]
        for step in 1...max(1, version) { statements += PostgresSchema.migration(to: step, schema: s) }
        statements.append("INSERT INTO \(s).schema_version (version) VALUES (\(version))")
        try await execute(options, statements)
    }

    /// Runs `statements` on a connection of its own (tests, and tearing down a deployment).
    package static func execute(_ options: Options, _ statements: [String]) async throws(StreamStorageError) {
        try options.validate()
        let logger = Logger(label: "durable-streams.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        do {
            let configuration = PostgresConnection.Configuration(
                host: options.host, port: options.port, username: options.username, password: options.password,
                database: options.database, tls: .disable)
            let connection = try await PostgresConnection.connect(
                on: PostgresClient.defaultEventLoopGroup.next(), configuration: configuration, id: 0, logger: logger
            ).get()
            defer { Task { try? await connection.close() } }
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        } catch {
            throw startFailure(error, options: options)
        }
    }

    /// The TLS settings of the options' `sslmode`, or `nil` for none.
    private static func tlsConfiguration(_ options: Options) throws(StreamStorageError) -> TLSConfiguration? {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch options.tls {
        case .disable:
            return nil
        case .prefer, .require:
            tls.certificateVerification = .none
        case .verifyFull:
            tls.certificateVerification = .fullVerification
            if let path = options.rootCertificatePath {
                tls.trustRoots = .file(path)
            }
        }
        return tls
    }

    /// Why the store could not start, in words an operator can act on.
    private static func startFailure(_ error: any Error, options: Options) -> StreamStorageError {
        if let error = error as? StreamStorageError {
            return StreamStorageError(
                error.code == .invalidConfiguration ? error.code : .storageUnavailable, error.message)
        }
        let error = (error as? PostgresTransactionError)?.closureError ?? error
        let target = options.safeDescription
        if let error = error as? PSQLError {
            if error.code == .server {
                let message = error.serverInfo?[.message] ?? "unknown"
                let state = error.serverInfo?[.sqlState] ?? ""
                return StreamStorageError(
                    .storageUnavailable, "PostgreSQL at \(target) refused: \(message) (\(state))")
            }
            let reason = error.underlying.map { "\($0)" } ?? "\(error.code)"
            return StreamStorageError(.storageUnavailable, "cannot connect to PostgreSQL at \(target): \(reason)")
        }
        return StreamStorageError(.storageUnavailable, "cannot connect to PostgreSQL at \(target): \(error)")
    }

    /// Starts listening for notifications, the fallback poll and the sweep (expiry, then retention).
    func startBackgroundWork() {
        // Background work tells the outage log when the database is down or back, but is not a refused request.
        if options.listens {
            keep(Task { [weak self] in await PostgresOutageLog.$isBackground.withValue(true) { await self?.listen() } })
        }
        let poll = options.fallbackPollInterval
        keep(
            Task { [weak self] in
                while !Task.isCancelled {
                    do { try await Task.sleep(for: poll) } catch { return }
                    await PostgresOutageLog.$isBackground.withValue(true) { await self?.pollWatched() }
                }
            })
        let sweep = options.sweepInterval
        keep(
            Task { [weak self] in
                while !Task.isCancelled {
                    do { try await Task.sleep(for: sweep) } catch { return }
                    await PostgresOutageLog.$isBackground.withValue(true) {
                        await self?.sweepExpired()
                        await self?.compactRetained(budget: RetentionRules.budgetPerPass)
                    }
                }
            })
    }

    /// Listens on the change channel, reconnecting with backoff whenever the connection drops; every time it
    /// (re)starts listening, it catches up with a poll.
    private func listen() async {
        var backoff = Duration.milliseconds(100)
        var wasListening = true
        while !Task.isCancelled {
            let listening = Locked(false)
            let resumed = !wasListening
            do {
                try await client.withConnection { connection in
                    // A listener whose connection closed is abandoned, not awaited (see PostgresConnectionWatch).
                    // Its connection, still subscribed or with its session ended, never goes back to the pool open.
                    do {
                        try await PostgresConnectionWatch.run(on: connection) {
                            try await connection.listen(on: self.feed.channel) { notifications in
                                listening.withLock { $0 = true }
                                if resumed { self.logger.notice("listening for stream changes again") }
                                await self.pollWatched()
                                for try await notification in notifications {
                                    self.feed.receive(message: notification.payload)
                                }
                            }
                        }
                    } catch {
                        await PostgresConnectionWatch.retire(connection)
                        throw error
                    }
                    await PostgresConnectionWatch.retire(connection)
                }
            } catch {
                if wasListening, !Task.isCancelled {
                    logger.warning(
                        "lost the stream-change listener; readers fall back to polling until it is back",
                        metadata: ["error": "\(map(error).message)"])
                }
            }
            wasListening = listening.value
            if wasListening { backoff = .milliseconds(100) }
            do { try await Task.sleep(for: backoff) } catch { return }
            backoff = min(backoff * 2, .seconds(5))
        }
    }

    /// Re-reads the tails of the streams this node's readers wait on and wakes those with news.
    func pollWatched() async {
        let paths = feed.watchedPaths
        guard !paths.isEmpty else { return }
        let texts = paths.map(\.value)
        let found: [(String, Int64, Bool, Bool)]
        do throws(StreamStorageError) {
            found = try await connection { connection in
                let rows = try await connection.query(
                    """
                    SELECT path, tail, closed, soft_deleted FROM \(unescaped: self.schema).streams
                    WHERE path = ANY(\(texts))
                    """, logger: self.logger)
                var found: [(String, Int64, Bool, Bool)] = []
                for try await row in rows.decode((String, Int64, Bool, Bool).self) { found.append(row) }
                return found
            }
        } catch {
            return
        }
        var missing = Set(texts)
        for (text, tail, closed, gone) in found {
            missing.remove(text)
            guard let path = try? StreamPath(validating: text) else { continue }
            if gone {
                feed.receive(.gone, for: path)
            } else {
                feed.receive(
                    .snapshot(.init(tail: StreamOffset(position: UInt64(max(0, tail))), isClosed: closed)), for: path)
            }
        }
        for text in missing {
            guard let path = try? StreamPath(validating: text) else { continue }
            feed.receive(.deleted, for: path)
        }
    }
}
