import CourierPrimitives
public import DurableStreamsStorage
import Foundation
import Logging
import PostgresNIO

/// Streams kept in PostgreSQL: one store shared by many server nodes.
///
/// Every decision is made inside a database transaction that locks the stream's row (`SELECT … FOR UPDATE`),
/// with the same rules as the other stores (``StreamRules``): so ordering, producer fencing and conditional
/// creates are decided by the database, whichever node a request reaches. An append inserts its payload into
/// `records` (one row per MiB at most, except JSON appends: see ``append(_:_:body:)`` for large ones) and moves the
/// stream's tail in the same transaction, which also sends a `NOTIFY` carrying the
/// stream and its new tail; every node `LISTEN`s and wakes its waiting readers. A node also re-reads the tails
/// of the streams its readers wait on every ``Options/fallbackPollInterval``, so a lost notification (a dropped
/// `LISTEN` connection) delays a reader by at most that long.
///
/// Requests wait for one of ``Options/poolSize`` connections for at most ``Options/queueTimeout``, and at most
/// ``Options/maximumQueuedRequests`` of them wait; beyond either, and while the database is unreachable,
/// operations fail with ``StreamStorageError/Code/temporarilyUnavailable`` (`503` with `Retry-After`) and
/// succeed again once it is back, without a restart.
@available(OS2022, *)
public final class PostgresStreamStorage: StreamStorage {
    let client: PostgresClient
    let options: Options
    let schema: String
    let logger: Logger
    let feed: PostgresChangeFeed
    let admission: PostgresAdmission
    let outages: PostgresOutageLog
    private let tasks = Locked<[Task<Void, Never>]>([])
    let isShutDown = Locked(false)

    init(client: PostgresClient, options: Options, logger: Logger, runTask: Task<Void, Never>) {
        self.client = client
        self.options = options
        self.schema = "\"\(options.schema)\""
        self.logger = logger
        self.outages = PostgresOutageLog(logger: logger, database: options.safeDescription)
        self.admission = PostgresAdmission(
            slots: options.poolSize, queue: options.maximumQueuedRequests, timeout: options.queueTimeout)
        self.feed = PostgresChangeFeed(channel: options.schema + "_changes")
        tasks.withLock { $0 = [runTask] }
    }

    /// The schema that holds the store's tables.
    public var schemaName: String { options.schema }

    /// The number of readers waiting on this node.
    public var waiterCount: Int { feed.notifier.waiterCount }

    /// Creates a stream or a fork, or confirms an identical one; two nodes creating the same stream at once
    /// get one `created` and one `existing` (or a conflict).
    public func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        try checkSize(request.initialPayload)
        return try await transaction { connection, changes in
            try await self.create(path, request, on: connection, changes: &changes)
        }
    }

    /// Appends to, or closes, a stream: validated and written in one transaction holding the stream's row.
    public func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        try checkSize(request.payload)
        return try await transaction { connection, changes in
            try await self.append(path, request, on: connection, changes: &changes)
        }
    }

    /// The stream's metadata (not a use for its time-to-live).
    public func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo {
        try await live(path, touch: false).info
    }

    /// Reads from `start`, at least one whole append and about `maxBytes`; a fork's inherited appends come
    /// first.
    public func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        let row = try await live(path, touch: true)
        return try await connection { connection in
            try await self.read(row, from: start, maxBytes: maxBytes, on: connection)
        }.get()
    }

    /// Deletes a stream, or soft-deletes it while it has forks.
    public func delete(_ path: StreamPath) async throws(StreamStorageError) {
        try await transaction { connection, changes -> Result<Void, StreamStorageError> in
            switch try await self.fetchLive(path, on: connection, changes: &changes) {
            case .success(let row):
                _ = try await self.expire(row, on: connection, changes: &changes)
                return .success(())
            case .failure(let error):
                return .failure(error)
            }
        }
    }

    /// Waits for data after `offset`, closure or deletion, made through any node.
    public func waitForAppend(
        _ path: StreamPath,
        after offset: StreamOffset,
        timeout: Duration,
        cancellation: WaitCancellation?
    ) async -> WaitResult {
        guard !isShutDown.value else { return .shutdown }
        feed.watch(path)
        defer { feed.unwatch(path) }
        do throws(StreamStorageError) {
            let row = try await live(path, touch: true)
            feed.merge(path, row.snapshot)
        } catch {
            switch error.code {
            case .notFound: return .notFound
            case .gone: return .gone
            case .unavailable: return .shutdown
            default:
                // The database is unreachable: wait as if nothing changed; the fallback poll or a
                // notification ends the wait once it is back.
                feed.merge(path, StreamChangeNotifier.Snapshot(tail: offset, isClosed: false))
            }
        }
        return await feed.notifier.wait(for: path, after: offset, timeout: timeout, cancellation: cancellation) {
            [feed] in feed.current(path)
        }
    }

    /// Stops accepting operations, wakes every waiter, and closes the connections.
    public func shutdown() async {
        let alreadyDown = isShutDown.withLock { down -> Bool in
            defer { down = true }
            return down
        }
        guard !alreadyDown else { return }
        feed.notifier.shutdown()
        let running = tasks.withLock { tasks -> [Task<Void, Never>] in
            defer { tasks = [] }
            return tasks
        }
        // Cancelling the client's run task closes the pool; its connections end in the background.
        for task in running { task.cancel() }
    }

    /// Removes (or soft-deletes, while they have forks) the streams whose expiry has passed.
    public func sweepExpired() async {
        let paths: [String]
        do throws(StreamStorageError) {
            paths = try await connection { connection in
                let rows = try await connection.query(
                    """
                    SELECT path FROM \(unescaped: self.schema).streams
                    WHERE NOT soft_deleted AND (ttl_seconds IS NOT NULL OR expires_at IS NOT NULL)
                    """, logger: self.logger)
                var paths: [String] = []
                for try await path in rows.decode(String.self) { paths.append(path) }
                return paths
            }
        } catch {
            return
        }
        for text in paths {
            guard let path = try? StreamPath(validating: text) else { continue }
            _ = try? await info(path)
        }
    }

    // MARK: - Internals

    /// Refuses a payload over ``Options/maximumAppendBytes``.
    func checkSize(_ payload: [UInt8]) throws(StreamStorageError) {
        try checkSize(payload.count)
    }

    /// Refuses a payload of `count` bytes when it is over ``Options/maximumAppendBytes``.
    func checkSize(_ count: Int) throws(StreamStorageError) {
        guard count <= options.maximumAppendBytes else {
            throw StreamStorageError(
                .invalidPayload,
                "an append holds at most \(options.maximumAppendBytes) bytes in this store; this one has \(count)"
            )
        }
    }

    /// Keeps a background task until shutdown.
    func keep(_ task: Task<Void, Never>) {
        let kept = isShutDown.withLock { down -> Bool in
            guard !down else { return false }
            tasks.withLock { $0.append(task) }
            return true
        }
        if !kept { task.cancel() }
    }

    /// Finds a live stream, expiring it if its time has come; counts as a use when `touch` is set.
    func live(_ path: StreamPath, touch: Bool) async throws(StreamStorageError) -> StreamRow {
        let row = try await connection { connection -> Result<StreamRow, StreamStorageError> in
            guard let row = try await self.fetch(path, lock: false, on: connection) else {
                return .failure(StreamStorageError(.notFound))
            }
            switch self.status(of: row) {
            case .softDeleted: return .failure(StreamStorageError(.gone))
            case .expired: return .success(row)
            case .live:
                if touch { try await self.touch(row, on: connection) }
                return .success(row)
            }
        }.get()
        guard case .expired = status(of: row) else { return row }
        try await transaction { connection, changes -> Result<Void, StreamStorageError> in
            guard let current = try await self.fetch(path, lock: true, on: connection) else {
                return .failure(StreamStorageError(.notFound))
            }
            switch self.status(of: current) {
            case .softDeleted: return .failure(StreamStorageError(.gone))
            case .live: return .success(())
            case .expired:
                let retained = try await self.expire(current, on: connection, changes: &changes)
                return .failure(StreamStorageError(retained ? .gone : .notFound))
            }
        }
        return try await live(path, touch: touch)
    }
}
