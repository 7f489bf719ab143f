import CourierPrimitives

/// Wakes readers waiting for a stream to grow: the notification seam between writers and live readers.
///
/// Writers call ``publish(_:tail:closed:)`` after making an append visible; readers call
/// ``wait(for:after:timeout:current:)``. A backend that several server nodes share feeds ``publish`` from its
/// change feed (for example PostgreSQL `LISTEN`/`NOTIFY`), so readers on every node wake without polling.
///
/// No wake-up is lost: a waiter is registered before it re-checks the stream, and a writer publishes after
/// the data is visible, so either the re-check sees the data or the publish finds the waiter.
///
/// Waking a reader costs the server a task switch, a read and a write, so once a round of wakes reaches
/// ``pacedWaiters`` readers the stream is woken in paced rounds, at least ``pacePerWaiter`` per reader of the
/// last round apart, and at least three times what the last round took (the time nine in ten of its readers
/// took to come back to wait), at most ``longestPace``: wakes take at most about a third of the machine. Appends in between reach the readers together in the next round,
/// and writers keep most of the machine: woken at every append, 1,000 readers of one stream held appends to
/// about 20 a second, each append queued behind a thousand wakes.
@available(OS2022, *)
public final class StreamChangeNotifier: Sendable {
    /// A stream's state as a waiter needs it.
    public struct Snapshot: Sendable {
        /// The tail.
        public var tail: StreamOffset
        /// Whether the stream is closed.
        public var isClosed: Bool
        /// Whether the stream is soft-deleted (kept for its forks, gone for its readers).
        public var isGone: Bool

        /// Creates a snapshot.
        public init(tail: StreamOffset, isClosed: Bool, isGone: Bool = false) {
            self.tail = tail
            self.isClosed = isClosed
            self.isGone = isGone
        }
    }

    private struct Waiter {
        let after: StreamOffset
        let continuation: CheckedContinuation<WaitResult, Never>
        var timer: UInt64?
        var cancellation: (WaitCancellation, UInt64)?
    }

    /// When a paced stream's waiters were last woken, and the round to come.
    private struct Pace {
        var lastRound: ContinuousClock.Instant
        /// How many waiters that round woke.
        var readers: Int
        /// How long nine in ten of the last measured round's waiters took to come back: what a round costs.
        var cost: Duration
        /// How many of this round's waiters have come back to wait again.
        var returned = 0
        /// A round is scheduled; it wakes the waiters before `tail`.
        var isDeferred = false
        var tail: StreamOffset = .zero
    }

    private struct State {
        var waiters: [StreamPath: [UInt64: Waiter]] = [:]
        var paths: [UInt64: StreamPath] = [:]
        var paces: [StreamPath: Pace] = [:]
        var nextID: UInt64 = 0
        var isShutDown = false
    }

    /// A stream is paced once a round wakes this many waiters; fewer are woken at every append.
    public static let pacedWaiters = 32
    /// The least time between two rounds of wakes of a paced stream, per waiter.
    public static let pacePerWaiter = Duration.microseconds(100)
    /// The most time between two rounds of wakes.
    public static let longestPace = Duration.milliseconds(500)

    private let state = Locked(State())

    /// Creates a notifier.
    public init() {}

    /// The number of readers waiting, over all streams.
    public var waiterCount: Int { state.withLock { $0.paths.count } }

    /// Waits until the stream has data after `offset`, is closed, or is gone, for at most `timeout`.
    ///
    /// A wait costs no task and no timer of its own: timeouts share one timer thread.
    ///
    /// - Parameters:
    ///   - path: The stream.
    ///   - offset: The reader's position.
    ///   - timeout: The longest wait.
    ///   - cancellation: Ends the wait early with ``WaitResult/cancelled`` when cancelled (as does
    ///     cancelling the calling task).
    ///   - current: Reads the stream's current state, or `nil` when it no longer exists. Called after the
    ///     waiter is registered; must not block. A snapshot marked ``Snapshot/isGone`` ends the wait with
    ///     ``WaitResult/gone``.
    public func wait(
        for path: StreamPath,
        after offset: StreamOffset,
        timeout: Duration,
        cancellation: WaitCancellation? = nil,
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
                    Self.noteReturn(path, in: &state)
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
                if let cancellation {
                    guard
                        let registration = cancellation.register({ [weak self] in self?.resolve(id, with: .cancelled) })
                    else {
                        resolve(id, with: .cancelled)
                        return
                    }
                    attach(id) {
                        $0.cancellation = (cancellation, registration)
                    } orElse: {
                        cancellation.unregister(registration)
                    }
                }
                guard let snapshot = current() else {
                    resolve(id, with: .notFound)
                    return
                }
                if snapshot.isGone {
                    resolve(id, with: .gone)
                    return
                }
                if snapshot.tail > offset {
                    // In a paced stream the next round wakes it, with the other readers.
                    if !deferIfPaced(path, tail: snapshot.tail) { resolve(id, with: .appended) }
                    return
                }
                if snapshot.isClosed {
                    resolve(id, with: .closed)
                    return
                }
                let timer = DeadlineTimer.shared.schedule(after: timeout) { [weak self] in
                    self?.resolve(id, with: .timedOut)
                }
                attach(id) {
                    $0.timer = timer
                } orElse: {
                    DeadlineTimer.shared.cancel(timer)
                }
            }
        } onCancel: {
            resolve(id, with: .cancelled)
        }
    }

    /// Updates a waiter that is still waiting, or runs `orElse` if it is already resolved.
    private func attach(_ id: UInt64, _ update: (inout Waiter) -> Void, orElse: () -> Void) {
        let attached = state.withLock { state -> Bool in
            guard let path = state.paths[id], var waiter = state.waiters[path]?[id] else { return false }
            update(&waiter)
            state.waiters[path]?[id] = waiter
            return true
        }
        if !attached { orElse() }
    }

    /// Wakes the stream's waiters that have something new: data after their offset, or the stream closed.
    /// A stream whose last round woke many waiters is woken in paced rounds (see the type's description);
    /// closure wakes at once.
    public func publish(_ path: StreamPath, tail: StreamOffset, closed: Bool) {
        let now = ContinuousClock.now
        var delay: Duration?
        let woken = state.withLock { state -> [(Waiter, WaitResult)] in
            guard state.waiters[path] != nil else { return [] }
            if !closed, let wait = Self.deferRound(path, tail: tail, now: now, in: &state) {
                delay = wait
                return []
            }
            return Self.round(path, tail: tail, closed: closed, now: now, in: &state)
        }
        if let delay { scheduleRound(path, after: delay) }
        for (waiter, result) in woken {
            Self.finish(waiter, with: result)
        }
    }

    /// The least time between two rounds of wakes after a round that woke `count` waiters.
    public static func pace(for count: Int) -> Duration {
        min(pacePerWaiter * count, longestPace)
    }

    /// Keeps the wake of the stream's waiters before `tail` for its next round if the stream is paced and its
    /// last round was too recent (state locked). Returns `nil` when it does not, the delay of a round to
    /// schedule when one is needed, or `.zero` when one is already scheduled.
    private static func deferRound(
        _ path: StreamPath,
        tail: StreamOffset,
        now: ContinuousClock.Instant,
        in state: inout State
    ) -> Duration? {
        guard var pace = state.paces[path] else { return nil }
        let gap = min(max(Self.pace(for: pace.readers), pace.cost * 3), longestPace)
        let next = pace.lastRound.advanced(by: gap)
        guard pace.isDeferred || now < next else { return nil }
        pace.tail = max(pace.tail, tail)
        defer { state.paces[path] = pace }
        if pace.isDeferred { return .zero }
        pace.isDeferred = true
        return next - now
    }

    /// Wakes the waiters before `tail` (or every waiter on closure) and records the round (state locked).
    private static func round(
        _ path: StreamPath,
        tail: StreamOffset,
        closed: Bool,
        now: ContinuousClock.Instant,
        in state: inout State
    ) -> [(Waiter, WaitResult)] {
        let woken = take(path, tail: tail, closed: closed, from: &state)
        // The last round's cost stands until this one's is known.
        let cost = state.paces[path]?.cost ?? .zero
        state.paces[path] =
            woken.count >= pacedWaiters ? Pace(lastRound: now, readers: woken.count, cost: cost) : nil
        return woken
    }

    /// Counts a waiter of a paced stream coming back after its round (state locked), and records the round's
    /// cost once nine in ten have.
    private static func noteReturn(_ path: StreamPath, in state: inout State) {
        guard var pace = state.paces[path], pace.returned < pace.readers else { return }
        pace.returned += 1
        if pace.returned * 10 == pace.readers * 9 { pace.cost = ContinuousClock.now - pace.lastRound }
        state.paces[path] = pace
    }

    /// Keeps a waiter that could be woken now for the stream's next round, if the stream is paced; returns
    /// whether it does.
    private func deferIfPaced(_ path: StreamPath, tail: StreamOffset) -> Bool {
        let now = ContinuousClock.now
        let delay = state.withLock { state in Self.deferRound(path, tail: tail, now: now, in: &state) }
        guard let delay else { return false }
        if delay > .zero { scheduleRound(path, after: delay) }
        return true
    }

    /// Runs a paced stream's deferred round after `delay`.
    private func scheduleRound(_ path: StreamPath, after delay: Duration) {
        _ = DeadlineTimer.shared.schedule(after: delay) { [weak self] in
            guard let self else { return }
            let woken = self.state.withLock { state -> [(Waiter, WaitResult)] in
                guard let pace = state.paces[path], pace.isDeferred else { return [] }
                return Self.round(path, tail: pace.tail, closed: false, now: .now, in: &state)
            }
            for (waiter, result) in woken {
                Self.finish(waiter, with: result)
            }
        }
    }

    /// Removes and returns the stream's waiters that have something new (state locked).
    private static func take(_ path: StreamPath, tail: StreamOffset, closed: Bool, from state: inout State)
        -> [(Waiter, WaitResult)]
    {
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

    /// Wakes every waiter of a stream that no longer exists.
    public func publishDeleted(_ path: StreamPath) {
        wakeAll(path, with: .notFound)
    }

    /// Wakes every waiter of a stream that was soft-deleted (kept for its forks, gone for its readers).
    public func publishGone(_ path: StreamPath) {
        wakeAll(path, with: .gone)
    }

    private func wakeAll(_ path: StreamPath, with result: WaitResult) {
        let woken = state.withLock { state -> [Waiter] in
            state.paces[path] = nil
            guard let waiters = state.waiters.removeValue(forKey: path) else { return [] }
            for id in waiters.keys { state.paths[id] = nil }
            return Array(waiters.values)
        }
        for waiter in woken {
            Self.finish(waiter, with: result)
        }
    }

    /// Wakes every waiter with ``WaitResult/shutdown``; later waits return it at once.
    public func shutdown() {
        let woken = state.withLock { state -> [Waiter] in
            state.isShutDown = true
            let all = state.waiters.values.flatMap(\.values)
            state.waiters = [:]
            state.paths = [:]
            state.paces = [:]
            return all
        }
        for waiter in woken {
            Self.finish(waiter, with: .shutdown)
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
        Self.finish(waiter, with: result)
    }

    /// Releases a resolved waiter's timer and cancellation, then resumes it (never under the state lock).
    private static func finish(_ waiter: Waiter, with result: WaitResult) {
        if let timer = waiter.timer { DeadlineTimer.shared.cancel(timer) }
        if let (cancellation, registration) = waiter.cancellation { cancellation.unregister(registration) }
        waiter.continuation.resume(returning: result)
    }
}
