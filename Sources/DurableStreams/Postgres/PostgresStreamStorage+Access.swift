import DurableStreamsStorage
import Foundation
import Logging
import PostgresNIO
import _ConnectionPoolModule

/// What a transaction changed that waiting readers must hear of, on every node.
@available(OS2022, *)
struct StreamChanges: Sendable {
    var snapshots: [(StreamPath, StreamChangeNotifier.Snapshot)] = []
    var deleted: [StreamPath] = []
    var gone: [StreamPath] = []

    var messages: [String] {
        snapshots.map { PostgresChangeFeed.message(.snapshot($0.1), path: $0.0) }
            + deleted.map { PostgresChangeFeed.message(.deleted, path: $0) }
            + gone.map { PostgresChangeFeed.message(.gone, path: $0) }
    }
}

/// A transaction lost a race that a retry settles (a concurrent create of the same path, a deadlock, a
/// serialization failure).
struct RetryTransaction: Error {}

@available(OS2022, *)
extension PostgresStreamStorage {
    /// Runs `body`, which must be safe to run twice (reads, idempotent writes), on a leased connection.
    @discardableResult
    func connection<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws(StreamStorageError) -> Value {
        do {
            let value = try await rawConnection(body)
            outages.succeeded()
            return value
        } catch  where Self.isClosedConnection(error) || error is ConnectionLost {
            // A connection the server closed (a restart, a terminated session) before or while it was used: once
            // more, on a new one.
            do {
                let value = try await rawConnection(body)
                outages.succeeded()
                return value
            } catch {
                throw refuse(error)
            }
        } catch {
            throw refuse(error)
        }
    }

    /// Runs `body` on a leased connection, passing driver errors through.
    private func rawConnection<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        guard !isShutDown.value else { throw StreamStorageError(.unavailable) }
        return try await admission.run { start in
            try await self.client.withConnection { connection in
                // A lease granted after the caller was answered (the queue timeout) runs nothing.
                guard start() else { throw CancellationError() }
                do {
                    return try await PostgresConnectionWatch.run(on: connection) { try await body(connection) }
                } catch {
                    if Self.endsSession(error) { await PostgresConnectionWatch.retire(connection) }
                    throw error
                }
            }
        }
    }

    /// Runs `body` in a transaction, sends its changes with `NOTIFY` (delivered at commit), commits, wakes this
    /// node's readers, and returns the body's outcome. A failure the body returns is committed too (it may have
    /// expired a stream); an error it throws rolls everything back. Lost races are retried while `mayRetry` says
    /// so (a streamed append's body can be read only once).
    func transaction<Value: Sendable>(
        mayRetry: @escaping @Sendable () -> Bool = { true },
        _ body:
            @escaping @Sendable (PostgresConnection, inout StreamChanges) async throws -> Result<
                Value, StreamStorageError
            >
    ) async throws(StreamStorageError) -> Value {
        var attempt = 0
        while true {
            attempt += 1
            let outcome: (Result<Value, StreamStorageError>, StreamChanges)
            do {
                outcome = try await rawConnection { connection in
                    try await connection.withTransaction(logger: self.logger) { connection in
                        var changes = StreamChanges()
                        let result = try await body(connection, &changes)
                        for message in changes.messages {
                            try await connection.query(
                                "SELECT pg_notify(\(self.feed.channel), \(message))", logger: self.logger)
                        }
                        return (result, changes)
                    }
                }
            } catch {
                guard mayRetry() else { throw refuse(error) }
                if attempt < 8, Self.isLostRace(error) { continue }
                // Nothing was sent if the transaction could not even begin: safe to try on another connection.
                if attempt < 3, let begin = (error as? PostgresTransactionError)?.beginError,
                    Self.isClosedConnection(begin)
                {
                    continue
                }
                if attempt < 3, !(error is PostgresTransactionError), Self.isClosedConnection(error) { continue }
                throw refuse(error)
            }
            outages.succeeded()
            feed.publish(outcome.1)
            return try outcome.0.get()
        }
    }

    /// Whether the error says the connection was closed before it was used.
    static func isClosedConnection(_ error: any Error) -> Bool {
        if let lost = error as? ConnectionLost { return lost.beforeUse }
        guard let error = error as? PSQLError else { return false }
        return error.code == .serverClosedConnection || error.code == .clientClosedConnection
    }

    /// Whether the error leaves the connection unusable: closed, lost, or its session ended by the server
    /// (`57P01` an administrator's termination, `57P02` a crash, `57P03` a database that cannot take connections).
    static func endsSession(_ error: any Error) -> Bool {
        if let failed = error as? PostgresTransactionError {
            return [failed.beginError, failed.closureError, failed.commitError].contains { $0.map(endsSession) == true }
        }
        if error is ConnectionLost { return true }
        guard let error = error as? PSQLError else { return false }
        if error.code == .serverClosedConnection || error.code == .clientClosedConnection { return true }
        return ["57P01", "57P02", "57P03"].contains(error.serverInfo?[.sqlState] ?? "")
    }

    /// Whether a transaction failed only because a concurrent one won (a retry settles it).
    static func isLostRace(_ error: any Error) -> Bool {
        if error is RetryTransaction { return true }
        let error = (error as? PostgresTransactionError)?.closureError ?? error
        if error is RetryTransaction { return true }
        guard let error = error as? PSQLError, error.code == .server else { return false }
        let state = error.serverInfo?[.sqlState] ?? ""
        return state == "40001" || state == "40P01" || state == "23505"
    }

    /// Maps an operation's final error to the store's, and tells the outage log whether the database was out of
    /// reach (a lost or refused connection, no connection within the queue timeout, a database shutting down or
    /// out of connections) or answered (any other error proves it is up).
    func refuse(_ error: any Error) -> StreamStorageError {
        let mapped = map(error)
        if Self.isOutage(error, mapped: mapped) {
            outages.failed(reason: mapped.message)
        } else if mapped.code != .temporarilyUnavailable || (error as? PSQLError)?.code == .server {
            outages.succeeded()
        }
        return mapped
    }

    /// Whether an operation failed because the database could not be reached.
    static func isOutage(_ error: any Error, mapped: StreamStorageError) -> Bool {
        guard mapped.code == .temporarilyUnavailable else { return false }
        let error =
            (error as? PostgresTransactionError).flatMap { $0.closureError ?? $0.commitError ?? $0.beginError }
            ?? error
        if error is RetryTransaction || error is CancellationError || error is AdmissionRefused { return false }
        if let error = error as? ConnectionPoolError { return error == .connectionCreationCircuitBreakerTripped }
        if let error = error as? PSQLError, error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300"
        }
        return true
    }

    /// Maps a driver error to the store's: lost connections and an overloaded or restarting database are
    /// temporary (`503`), anything else a storage failure (`500`).
    func map(_ error: any Error) -> StreamStorageError {
        if let error = error as? StreamStorageError { return error }
        if let error = error as? PostgresTransactionError {
            if let inner = error.closureError { return map(inner) }
            if let inner = error.commitError ?? error.beginError ?? error.rollbackError { return map(inner) }
        }
        if error is RetryTransaction {
            return StreamStorageError(.temporarilyUnavailable, "concurrent changes kept winning; try again")
        }
        if let error = error as? AdmissionRefused { return error.storageError }
        if let error = error as? AdmissionTimedOut { return error.storageError }
        if error is ConnectionLost {
            return StreamStorageError(.temporarilyUnavailable, "the database connection was lost")
        }
        if error is CancellationError {
            return StreamStorageError(.temporarilyUnavailable, "the database request was cancelled")
        }
        // The pool gives up at once while it cannot connect (its circuit breaker), or when it shuts down.
        if let error = error as? ConnectionPoolError {
            return StreamStorageError(.temporarilyUnavailable, "the database cannot be reached (\(error))")
        }
        guard let error = error as? PSQLError else {
            return .storageFailure("the database request failed: \(type(of: error))")
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "unknown"
            if state.hasPrefix("08") || state.hasPrefix("57P") || state.hasPrefix("40") || state == "53300"
                || state == "55P03" || state == "23505"
            {
                return StreamStorageError(.temporarilyUnavailable, "the database is unavailable: \(message) (\(state))")
            }
            return .storageFailure("the database refused the request: \(message) (\(state))", underlying: error)
        case .poolClosed:
            return StreamStorageError(.unavailable)
        default:
            return StreamStorageError(
                .temporarilyUnavailable, "the database connection failed (\(error.code))", underlying: error)
        }
    }

    /// The stream at `path`, if a row holds it; `lock` takes its row lock until the transaction ends.
    func fetch(_ path: StreamPath, lock: Bool, on connection: PostgresConnection) async throws -> StreamRow? {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: StreamRow.columns) FROM \(unescaped: schema).streams s
            LEFT JOIN \(unescaped: schema).streams src ON src.id = s.fork_source
            WHERE s.path = \(path.value) \(unescaped: lock ? "FOR UPDATE OF s" : "")
            """, logger: logger)
        var found: StreamRow?
        for try await row in rows { found = try StreamRow(row) }
        return found
    }

    /// The stream with row id `id`, if any.
    func fetch(id: Int64, on connection: PostgresConnection) async throws -> StreamRow? {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: StreamRow.columns) FROM \(unescaped: schema).streams s
            LEFT JOIN \(unescaped: schema).streams src ON src.id = s.fork_source
            WHERE s.id = \(id)
            """, logger: logger)
        var found: StreamRow?
        for try await row in rows { found = try StreamRow(row) }
        return found
    }

    /// What a stream is to a client now.
    func status(of row: StreamRow) -> StreamRow.Status {
        if row.isSoftDeleted { return .softDeleted }
        if StreamRules.isExpired(
            row.configuration, lastUse: Date(timeIntervalSince1970: row.lastUse), now: options.now())
        {
            return .expired
        }
        return .live
    }

    /// The live stream at `path` with its row lock held until the transaction ends: a missing stream is
    /// `notFound`, a soft-deleted one `gone`, and an expired one is expired now (then `gone` while forks keep
    /// its data, `notFound` otherwise).
    func fetchLive(_ path: StreamPath, on connection: PostgresConnection, changes: inout StreamChanges)
        async throws -> Result<StreamRow, StreamStorageError>
    {
        guard let row = try await fetch(path, lock: true, on: connection) else {
            return .failure(StreamStorageError(.notFound))
        }
        switch status(of: row) {
        case .softDeleted:
            return .failure(StreamStorageError(.gone))
        case .expired:
            let retained = try await expire(row, on: connection, changes: &changes)
            return .failure(StreamStorageError(retained ? .gone : .notFound))
        case .live:
            return .success(row)
        }
    }

    /// Records a use of a stream with a time-to-live.
    func touch(_ row: StreamRow, on connection: PostgresConnection) async throws {
        guard case .timeToLive = row.configuration.expiry else { return }
        let now = options.now().timeIntervalSince1970
        try await connection.query(
            "UPDATE \(unescaped: schema).streams SET last_use = GREATEST(last_use, \(now)) WHERE id = \(row.id)",
            logger: logger)
    }
}
