import CourierPrimitives
public import DurableStreamsStorage
import Logging

/// A Durable Streams server: the whole protocol over HTTP/1.1, on any stream path, with a memory or an
/// on-disk store.
///
/// Start it in-process on a free port, use it, stop it:
///
/// ```swift
/// let server = DurableStreamsServer(configuration: .init(port: 0))
/// let port = try await server.start()
/// // ... http://127.0.0.1:\(port)/any/stream/path
/// await server.stop()
/// ```
@available(OS2023, *)
public final class DurableStreamsServer: Sendable {
    private struct Running: Sendable {
        let listener: HTTPListener
        let storage: any StreamStorage
        let ownsStorage: Bool
        let liveWaits: LiveWaits
        let subscriptions: SubscriptionManager?
        let port: Int
    }

    /// The configuration the server was created with.
    public let configuration: Configuration
    /// The console's token, drawn once per server.
    let consoleAccess: ConsoleAccess
    private let lifecycle = Locked(ServerLifecycle<Running>())

    /// Creates a server; nothing happens until ``start()``.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.consoleAccess = ConsoleAccess(configured: configuration.console.token)
    }

    /// The port the server listens on, once started.
    public var port: Int? {
        lifecycle.withLock { $0.running?.port }
    }

    /// The server's base URL (`http://<host>:<port>`), once started. Stream URLs are this plus a path.
    public var url: String? {
        port.map { port in
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            return "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
        }
    }

    /// The store the server uses, once started (to inspect or prepare streams directly).
    public var storage: (any StreamStorage)? {
        lifecycle.withLock { $0.running?.storage }
    }

    /// The number of live reads (long-poll and SSE) waiting for data, now and after every change.
    package var liveReadCounts: AsyncStream<Int> {
        lifecycle.withLock { $0.running?.liveWaits.countChanges } ?? AsyncStream { $0.finish() }
    }

    /// Opens the store, binds the address and starts serving.
    ///
    /// - Returns: The port bound (useful with port `0`, which picks a free one).
    /// - Throws: ``DurableStreamsServerError`` if the server was already started, the configuration is
    ///   invalid, the store cannot be opened or the address cannot be bound.
    @discardableResult
    public func start() async throws(DurableStreamsServerError) -> Int {
        guard lifecycle.withLock({ $0.startRequested() }) else {
            throw DurableStreamsServerError(.alreadyStarted, "the server was already started")
        }
        do {
            let running = try await launch()
            let next = lifecycle.withLock { $0.started(running) }
            configuration.logger.info(
                "durable-streams listening",
                metadata: ["address": "\(configuration.host):\(running.port)", "storage": "\(storageDescription)"]
            )
            if case .stop = next { await finish(running) }
            return running.port
        } catch {
            lifecycle.withLock { $0.startFailed() }
            throw error
        }
    }

    /// Stops serving: ends live reads (long-poll answers, SSE streams end), lets requests in progress finish,
    /// closes the connections and, unless the store was passed in with ``Storage/custom(_:)``, shuts the
    /// store down (pending appends are written and synced first). Safe to call more than once.
    public func stop() async {
        guard let running = lifecycle.withLock({ $0.stopRequested() }) else { return }
        await finish(running)
    }

    private func finish(_ running: Running) async {
        // Once, before live reads are answered `503` (each of those is logged at `debug`: Reply.isLoggedOnce).
        configuration.logger.info("durable-streams stopping")
        running.liveWaits.stopAll()
        await running.listener.shutdown()
        await running.subscriptions?.shutdown()
        if running.ownsStorage { await running.storage.shutdown() }
        lifecycle.withLock { $0.stopped() }
        configuration.logger.info("durable-streams stopped")
    }

    private var storageDescription: String {
        switch configuration.storage.kind {
        case .memory: "memory"
        case .directory(let path, let policy): "\(path) (sync \(policy))"
        case .custom(let storage): "\(type(of: storage))"
        }
    }

    private func launch() async throws(DurableStreamsServerError) -> Running {
        let configuration = self.configuration
        guard (0...65_535).contains(configuration.port) else {
            throw DurableStreamsServerError(.invalidConfiguration, "port \(configuration.port) is out of range")
        }
        guard configuration.longPollTimeout > .zero, configuration.maximumBodyBytes > 0,
            configuration.maximumReadBytes > 0, configuration.sseConnectionLifetime > .zero
        else {
            throw DurableStreamsServerError(.invalidConfiguration, "timeouts and limits must be positive")
        }
        let root = try StreamRoot(configuration.basePath)
        if let lifetime = configuration.webhookKeyLifetime, lifetime < .seconds(60) {
            throw DurableStreamsServerError(.invalidConfiguration, "webhookKeyLifetime must be at least one minute")
        }
        let storage: any StreamStorage
        let ownsStorage: Bool
        switch configuration.storage.kind {
        case .memory:
            storage = MemoryStreamStorage()
            ownsStorage = true
        case .directory(let path, let policy):
            do {
                storage = try await FileStreamStorage.open(
                    at: path,
                    options: .init(
                        syncPolicy: policy,
                        groupAccess: configuration.groupAccess,
                        maximumOpenLogs: configuration.maximumOpenLogs,
                        log: configuration.logger.storageLog
                    )
                )
            } catch {
                throw DurableStreamsServerError(.storageUnavailable, error.message, storageError: error)
            }
            ownsStorage = true
        case .custom(let custom):
            storage = custom
            ownsStorage = false
        }

        let liveWaits = LiveWaits()
        let subscriptions: SubscriptionManager?
        do {
            subscriptions = try await SubscriptionManager.load(
                storage: storage, root: root, logger: configuration.logger,
                webhookPolicy: configuration.webhooks.policy, keyLifetime: configuration.webhookKeyLifetime)
        } catch {
            if ownsStorage { await storage.shutdown() }
            throw DurableStreamsServerError(
                .storageUnavailable, "subscriptions: \(error.message)", storageError: error)
        }
        do {
            let listener = try await HTTPListener.start(
                storage: storage, liveWaits: liveWaits, configuration: configuration, root: root,
                subscriptions: subscriptions,
                console: configuration.console.isEnabled(host: configuration.host) ? consoleAccess : nil)
            return Running(
                listener: listener, storage: storage, ownsStorage: ownsStorage, liveWaits: liveWaits,
                subscriptions: subscriptions, port: listener.port)
        } catch {
            await subscriptions?.shutdown()
            if ownsStorage { await storage.shutdown() }
            throw DurableStreamsServerError(.bindFailed, error.message)
        }
    }
}
