import CourierPrimitives
import DurableStreamsStorage
import NIOCore

/// The live reads in progress (long-poll and SSE), so that stopping the server ends them at once instead of
/// waiting out their timeouts, and a read whose connection closed stops waiting.
///
/// Each connection gets one ``WaitCancellation``, cancelled when the connection closes (one callback per
/// connection, however many reads it makes) or when the server stops.
@available(OS2023, *)
final class LiveWaits: Sendable {
    private struct State {
        var connections: [ObjectIdentifier: WaitCancellation] = [:]
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

    /// Runs a live read with the cancellation of its connection (already cancelled if the server is
    /// stopping).
    func run<Value>(on channel: any Channel, _ body: (WaitCancellation) async throws -> Value) async rethrows -> Value {
        let key = ObjectIdentifier(channel)
        let (cancellation, isNew) = state.withLock { state -> (WaitCancellation, Bool) in
            if let existing = state.connections[key] { return (existing, false) }
            let cancellation = WaitCancellation()
            if state.isStopped {
                cancellation.cancel()
            } else {
                state.connections[key] = cancellation
            }
            return (cancellation, true)
        }
        enter()
        if isNew {
            channel.closeFuture.whenComplete { [weak self] _ in
                cancellation.cancel()
                self?.state.withLock { state in
                    if state.connections[key] === cancellation { state.connections[key] = nil }
                }
            }
        }
        defer { leave() }
        return try await body(cancellation)
    }

    /// Whether the server stops: live reads that have not started waiting should end instead.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Counts a live read (an SSE reader, which the fan-out ends) until ``leave()``.
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

    /// Ends every live read now and every later one at once.
    func stopAll() {
        let cancellations = state.withLock { state -> [WaitCancellation] in
            state.isStopped = true
            defer { state.connections = [:] }
            return Array(state.connections.values)
        }
        for cancellation in cancellations { cancellation.cancel() }
    }
}
