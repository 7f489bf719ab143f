import CourierPrimitives
import PostgresNIO

/// A connection closed while an operation used it, or before.
struct ConnectionLost: Error {
    /// Whether it was closed before the operation sent anything: a retry on another connection is then safe.
    let beforeUse: Bool
}

/// Runs operations on a connection without waiting past its close.
///
/// postgres-nio 1.33 can leave a request unanswered forever when it is written to a connection the server has just
/// closed (a database restart under load): the closed channel drops the request, and the promise the caller awaits
/// never completes. A store operation awaiting it held its pooled connection and its admission slot for good, and its
/// HTTP request never got an answer. Waiting for the connection's close as well bounds every operation: the caller
/// gets ``ConnectionLost`` (`503`) as soon as the connection is gone, and the abandoned request, on a dead
/// connection, holds nothing the pool still counts.
@available(OS2022, *)
enum PostgresConnectionWatch {
    /// Closes a connection whose session failed or was ended by the server, and returns once it is closed, so the
    /// pool it goes back to discards it instead of lending it to the next request. (A session the server
    /// terminates reports the error before its socket closes: returned in between, it would fail whatever request
    /// borrowed it next.)
    static func retire(_ connection: PostgresConnection) async {
        try? await connection.close()
        try? await connection.closeFuture.get()
    }

    /// Runs `body` on `connection`; throws ``ConnectionLost`` once the connection closes, whether or not `body` has
    /// returned by then.
    static func run<Value: Sendable>(
        on connection: PostgresConnection, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard !connection.isClosed else { throw ConnectionLost(beforeUse: true) }
        let waiting = Locked<CheckedContinuation<Value, any Error>?>(nil)
        let work = Locked<Task<Void, Never>?>(nil)
        let finish: @Sendable (Result<Value, any Error>) -> Void = { result in
            let continuation = waiting.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }
            continuation?.resume(with: result)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.withLock { $0 = continuation }
                work.withLock { task in
                    task = Task {
                        do {
                            finish(.success(try await body()))
                        } catch {
                            finish(.failure(error))
                        }
                    }
                }
                connection.closeFuture.whenComplete { _ in finish(.failure(ConnectionLost(beforeUse: false))) }
            }
        } onCancel: {
            work.withLock { $0?.cancel() }
        }
    }
}
