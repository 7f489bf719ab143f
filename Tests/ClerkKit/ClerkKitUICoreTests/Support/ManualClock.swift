import ClerkKit
import Foundation

/// A clock that moves only when a test advances it; sleepers wake when their deadline passes.
@available(OS2023, *)
final class ManualClock: ClerkClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    private var sleepers: [(deadline: Date, continuation: CheckedContinuation<Void, Never>)] = []

    var now: Date { lock.withLock { current } }

    /// How many tasks are sleeping on the clock.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    func sleep(for duration: Duration) async throws(ClerkError) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        await withCheckedContinuation { continuation in
            lock.withLock { sleepers.append((current.addingTimeInterval(seconds), continuation)) }
        }
        if Task.isCancelled { throw ClerkError(.cancelled, "The wait was cancelled.") }
    }

    func advance(by seconds: TimeInterval) {
        let due = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            current = current.addingTimeInterval(seconds)
            let ready = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return ready.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Wakes every sleeper (so no task is left waiting when a test ends).
    func releaseAll() {
        let all = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            defer { sleepers.removeAll() }
            return sleepers.map(\.continuation)
        }
        for continuation in all { continuation.resume() }
    }
}

/// Waits, yielding, until `condition` holds on the main actor; fails after `limit`.
@MainActor
@available(OS2023, *)
func eventually(
    within limit: Duration = .seconds(10), _ condition: @escaping @MainActor () -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while !condition() {
        guard clock.now < deadline else { throw EventuallyTimeout() }
        await Task.yield()
    }
}

struct EventuallyTimeout: Error {}
