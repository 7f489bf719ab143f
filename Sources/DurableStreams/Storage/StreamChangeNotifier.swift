import CourierPrimitives

/// Wakes readers waiting for a stream to grow: the notification seam between writers and live readers.
///
/// Writers call ``publish(_:tail:closed:)`` after making an append visible; readers call
/// ``wait(for:after:timeout:current:)``. A backend that several server nodes share feeds ``publish`` from its
/// change feed (for example PostgreSQL `LISTEN`/`NOTIFY`), so readers on every node wake without polling.
///
/// No wake-up is lost: a waiter is registered before it re-checks the stream, and a writer publishes after
/// the data is visible, so either the re-check sees the data or the publish finds the waiter.
public final class StreamChangeNotifier: Sendable {
    /// A stream's state as a waiter needs it.
    public struct Snapshot: Sendable {
        /// The tail.
        public var tail: StreamOffset
        /// Whether the stream is closed.
        public var isClosed: Bool

        /// Creates a snapshot.
        public init(tail: StreamOffset, isClosed: Bool) {
            self.tail = tail
            self.isClosed = isClosed
        }
    }

    private struct Waiter {
        let after: StreamOffset
        let continuation: CheckedContinuation<WaitResult, Never>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var waiters: [StreamPath: [UInt64: Waiter]] = [:]
        var paths: [UInt64: StreamPath] = [:]
        var nextID: UInt64 = 0
        var isShutDown = false
    }

    private let state = Locked(State())

    /// Creates a notifier.
    public init() {}

    /// The number of readers waiting, over all streams.
    public var waiterCount: Int { state.withLock { $0.paths.count } }

    /// Waits until the stream has data after `offset`, is closed, or is gone, for at most `timeout`.
    ///
    /// - Parameters:
    ///   - path: The stream.
    ///   - offset: The reader's position.
    ///   - timeout: The longest wait.
    ///   - current: Reads the stream's current state, or `nil` when it no longer exists. Called after the
    ///     waiter is registered; must not block.
    public func wait(
        for path: StreamPath,
        after offset: StreamOffset,
        timeout: Duration,
        current: @escaping @Sendable () -> Snapshot?
    ) async -> WaitResult {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<WaitResult, Never>) in
                let registered = state.withLock { state -> Bool in
                    guard !state.isShutDown else { return false }
                    state.waiters[path, default: [:]][id] = Waiter(after: offset, continuation: continuation)
                    state.paths[id] = path
                    return true
                }
                guard registered else {
                    continuation.resume(returning: .shutdown)
                    return
                }
                if Task.isCancelled {
                    resolve(id, with: .cancelled)
                    return
                }
                guard let snapshot = current() else {
                    resolve(id, with: .notFound)
                    return
                }
                if snapshot.tail > offset {
                    resolve(id, with: .appended)
                    return
                }
                if snapshot.isClosed {
                    resolve(id, with: .closed)
                    return
                }
                let timer = Task { [weak self] in
                    do {
                        try await Task.sleep(for: timeout)
                    } catch {
                        return
                    }
                    self?.resolve(id, with: .timedOut)
                }
                let stillWaiting = state.withLock { state -> Bool in
                    guard let path = state.paths[id], state.waiters[path]?[id] != nil else { return false }
                    state.waiters[path]?[id]?.timer = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
            }
        } onCancel: {
            resolve(id, with: .cancelled)
        }
    }

    /// Wakes the stream's waiters that have something new: data after their offset, or the stream closed.
    public func publish(_ path: StreamPath, tail: StreamOffset, closed: Bool) {
        let woken = state.withLock { state -> [(Waiter, WaitResult)] in
            guard let waiters = state.waiters[path] else { return [] }
            var woken: [(Waiter, WaitResult)] = []
            var remaining = waiters
            for (id, waiter) in waiters {
                if tail > waiter.after {
                    woken.append((waiter, .appended))
                } else if closed {
                    woken.append((waiter, .closed))
                } else {
                    continue
                }
                remaining[id] = nil
                state.paths[id] = nil
            }
            state.waiters[path] = remaining.isEmpty ? nil : remaining
            return woken
        }
        for (waiter, result) in woken {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: result)
        }
    }

    /// Wakes every waiter of a stream that no longer exists.
    public func publishDeleted(_ path: StreamPath) {
        let woken = state.withLock { state -> [Waiter] in
            guard let waiters = state.waiters.removeValue(forKey: path) else { return [] }
            for id in waiters.keys { state.paths[id] = nil }
            return Array(waiters.values)
        }
        for waiter in woken {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: .notFound)
        }
    }

    /// Wakes every waiter with ``WaitResult/shutdown``; later waits return it at once.
    public func shutdown() {
        let woken = state.withLock { state -> [Waiter] in
            state.isShutDown = true
            let all = state.waiters.values.flatMap(\.values)
            state.waiters = [:]
            state.paths = [:]
            return all
        }
        for waiter in woken {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: .shutdown)
        }
    }

    private func resolve(_ id: UInt64, with result: WaitResult) {
        let waiter = state.withLock { state -> Waiter? in
            guard let path = state.paths.removeValue(forKey: id) else { return nil }
            let waiter = state.waiters[path]?.removeValue(forKey: id)
            if state.waiters[path]?.isEmpty == true { state.waiters[path] = nil }
            return waiter
        }
        guard let waiter else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: result)
    }
}
