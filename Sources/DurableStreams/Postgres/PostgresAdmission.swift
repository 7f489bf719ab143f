import CourierPrimitives
import DurableStreamsStorage

/// Bounds how many requests wait for a database connection, and for how long.
///
/// At most `slots + queue` operations are admitted at once; one more fails at once. An admitted operation
/// that has not started (leased its connection) within `timeout` is cancelled and fails. Both failures are
/// ``StreamStorageError/Code/temporarilyUnavailable``: the server answers `503` with `Retry-After`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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

    /// Runs `body`, which calls `started` once it holds its connection.
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (_ started: @escaping @Sendable () -> Void) async throws -> Value
    ) async throws -> Value {
        let limit = slots + queue
        let isAdmitted = admitted.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard isAdmitted else { throw AdmissionRefused(slots: slots, queue: queue) }
        defer { admitted.withLock { $0 -= 1 } }
        let hasStarted = Locked(false)
        defer { if hasStarted.value { running.withLock { $0 -= 1 } } }
        let timeout = self.timeout
        let running = self.running
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                try await body {
                    let isFirst = hasStarted.withLock { started -> Bool in
                        defer { started = true }
                        return !started
                    }
                    if isFirst { running.withLock { $0 += 1 } }
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                if hasStarted.value { return nil }
                throw AdmissionTimedOut(timeout: timeout)
            }
            while let value = try await group.next() {
                if let value {
                    group.cancelAll()
                    return value
                }
            }
            throw CancellationError()
        }
    }
}

/// Every connection is busy and the queue is full: the database is up, the node is overloaded.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct AdmissionTimedOut: Error {
    let timeout: Duration

    var storageError: StreamStorageError {
        StreamStorageError(.temporarilyUnavailable, "no database connection could be used within \(timeout)")
    }
}
