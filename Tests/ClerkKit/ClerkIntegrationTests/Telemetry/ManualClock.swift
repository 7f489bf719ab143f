import ClerkKit
import Foundation

/// A clock that stands still until the test moves it: a sleeper wakes when ``advance(by:)`` passes its deadline
/// (or when its task is cancelled).
@available(OS2023, *)
final class ManualClock: ClerkClock, @unchecked Sendable {
    private struct Sleeper {
        var id: Int
        var deadline: Date
        var continuation: CheckedContinuation<Void, Never>
    }

    private let lock = NSLock()
    private var current: Date
    private var sleepers: [Sleeper] = []
    private var nextID = 0
    private var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(now: Date = Date()) {
        current = now
    }

    var now: Date { lock.withLock { current } }

    func sleep(for duration: Duration) async throws(ClerkError) {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (wakeNow, ready) = lock.withLock { () -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled || seconds <= 0 { return (true, []) }
                    sleepers.append(
                        Sleeper(id: id, deadline: current.addingTimeInterval(seconds), continuation: continuation))
                    return (false, takeSatisfiedWaiters())
                }
                if wakeNow { continuation.resume() }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume()
        }
        if Task.isCancelled { throw ClerkError(.cancelled, "The wait was cancelled.") }
    }

    /// Moves the time forward and wakes every sleeper whose deadline has passed.
    func advance(by seconds: TimeInterval) {
        let due = lock.withLock { () -> [Sleeper] in
            current = current.addingTimeInterval(seconds)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are sleeping.
    func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock { () -> Bool in
                if sleepers.count >= count { return true }
                sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Called with the lock held.
    private func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
        let satisfied = sleeperWaiters.filter { $0.count <= sleepers.count }.map(\.continuation)
        sleeperWaiters.removeAll { $0.count <= sleepers.count }
        return satisfied
    }
}

/// Random draws from a list, in order; the last one repeats.
@available(OS2023, *)
final class ScriptedRandomness: ClerkRandomness, @unchecked Sendable {
    private let lock = NSLock()
    private var draws: [Double]

    init(_ draws: [Double]) {
        self.draws = draws
    }

    func uuid() -> UUID { UUID() }

    func unitInterval() -> Double {
        lock.withLock { draws.count > 1 ? draws.removeFirst() : (draws.first ?? 0) }
    }

    func bytes(_ count: Int) -> [UInt8] { (0..<max(0, count)).map { _ in UInt8.random(in: 0...255) } }
}
