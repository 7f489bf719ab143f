import CourierPrimitives
import DurableStreamsStorage

/// Bounds how many requests wait for a database connection, and for how long.
///
/// At most `slots + queue` operations are admitted at once; one more fails at once. An admitted operation
/// that has not started (leased its connection) within `timeout` is cancelled and fails. Both failures are
/// ``StreamStorageError/Code/temporarilyUnavailable``: the server answers `503` with `Retry-After`.
@available(OS2022, *)
final class PostgresAdmission: Sendable {
    let slots: Int
    let queue: Int
    let timeout: Duration
    private let admitted = Locked(0)
    private let running = Locked(0)

    init(slots: Int, queue: Int, timeout: Duration) {
        self.slots = slots
        self.queue = queue
        self.timeout = timeout
    }

    /// How many operations are admitted now (running or waiting).
    var count: Int { admitted.value }

    /// How many admitted operations hold their connection now.
    var runningCount: Int { running.value }

    /// Runs `body`, which calls `start` once it holds its connection and goes on only if that returns `true`.
    ///
    /// The timeout answers the caller at once, whether or not the pool honours the cancellation of the lease
    /// promptly: the abandoned lease finishes in the background, and `start` then returns `false`, so that an
    /// operation the caller was told failed never runs. It stays counted as admitted until it has finished.
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (_ start: @escaping @Sendable () -> Bool) async throws -> Value
    ) async throws -> Value {
        let limit = slots + queue
        let isAdmitted = admitted.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard isAdmitted else { throw AdmissionRefused(slots: slots, queue: queue) }
        let (admitted, running, timeout) = (self.admitted, self.running, self.timeout)
        let race = Locked(Race.waiting)
        // The first of the operation's outcome and the timeout.
        let outcome = HandOff<Result<Value, any Error>>()
        let operation = Task {
            defer {
                if race.value == .started { running.withLock { $0 -= 1 } }
                admitted.withLock { $0 -= 1 }
            }
            do {
                let value = try await body {
                    let starts = race.withLock { state -> Bool in
                        guard state == .waiting else { return false }
                        state = .started
                        return true
                    }
                    if starts { running.withLock { $0 += 1 } }
                    return starts
                }
                outcome.deliver(.success(value))
            } catch {
                outcome.deliver(.failure(error))
            }
        }
        let timer = Task {
            try await Task.sleep(for: timeout)
            let abandons = race.withLock { state -> Bool in
                guard state == .waiting else { return false }
                state = .abandoned
                return true
            }
            guard abandons else { return }
            operation.cancel()
            outcome.deliver(.failure(AdmissionTimedOut(timeout: timeout)))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await outcome.value().get()
        } onCancel: {
            operation.cancel()
        }
    }

    private enum Race { case waiting, started, abandoned }
}

/// Every connection is busy and the queue is full: the database is up, the node is overloaded.
@available(OS2022, *)
struct AdmissionRefused: Error {
    let slots: Int
    let queue: Int

    var storageError: StreamStorageError {
        StreamStorageError(
            .temporarilyUnavailable,
            "all \(slots) database connections are busy and \(queue) requests are already waiting")
    }
}

/// No connection could be used within the queue timeout: the database is unreachable (or the pool overloaded).
@available(OS2022, *)
struct AdmissionTimedOut: Error {
    let timeout: Duration

    var storageError: StreamStorageError {
        StreamStorageError(.temporarilyUnavailable, "no database connection could be used within \(timeout)")
    }
}
