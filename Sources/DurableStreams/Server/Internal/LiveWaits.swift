import CourierPrimitives
import DurableStreamsStorage
import NIOCore

/// The live reads in progress (long-poll waiters and SSE readers, which the fan-outs answer and end), so that
/// stopping the server ends them at once instead of waiting out their timeouts, and its owner can watch their
/// number.
@available(OS2023, *)
final class LiveWaits: Sendable {
    private struct State {
        var reads = 0
        var isStopped = false
    }

    private let state = Locked(State())
    private let counts = Broadcast<Int>(replayLatest: true)

    init() {
        counts.send(0)
    }

    /// The number of live reads in progress.
    var count: Int { state.withLock { $0.reads } }

    /// The number of live reads in progress, now and after every change.
    var countChanges: AsyncStream<Int> { counts.subscribe() }

    /// Whether the server stops: live reads that have not started waiting should end instead.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Counts a live read (an SSE reader or a long-poll waiter, which a fan-out ends) until ``leave()``.
    func enter() {
        counts.send(
            state.withLock { state -> Int in
                state.reads += 1
                return state.reads
            })
    }

    /// A live read counted by ``enter()`` ended.
    func leave() {
        counts.send(
            state.withLock { state -> Int in
                state.reads -= 1
                return state.reads
            })
    }

    /// Live reads that have not started waiting end instead (the fan-outs end those that have).
    func stopAll() {
        state.withLock { $0.isStopped = true }
    }
}
