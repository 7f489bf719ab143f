import CourierPrimitives
import Foundation

/// One thread that fires many deadlines: the timeouts of waiting readers and of request bodies cost an entry in a
/// heap, not a task or a timer each. Cancelled deadlines leave the heap at once. The thread is woken only for a
/// deadline earlier than the one it already waits for: a deadline scheduled and cancelled per request (most are)
/// costs no thread switch.
///
/// `@unchecked Sendable`: the heap is only touched with `condition` locked.
@available(OS2022, *)
package final class DeadlineTimer: @unchecked Sendable {
    private struct Entry {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    package static let shared = DeadlineTimer()

    private let condition = NSCondition()
    private var heap: [Entry] = []
    private var positions: [UInt64: Int] = [:]
    private var nextID: UInt64 = 0
    /// When the thread wakes by itself (`nil`: it waits for a signal).
    private var wakesAt: ContinuousClock.Instant?
    private let clock = ContinuousClock()

    private init() {
        let thread = Thread { [self] in self.run() }
        thread.name = "durable-streams-timer"
        thread.start()
    }

    /// The number of deadlines pending.
    package var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return heap.count
    }

    /// Runs `action` on the timer thread once `delay` has passed, unless cancelled first. Actions must be
    /// short and must not block.
    @discardableResult
    package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        schedule(at: clock.now.advanced(by: delay), action)
    }

    /// Runs `action` on the timer thread at `deadline`, unless cancelled first.
    @discardableResult
    package func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        condition.lock()
        nextID &+= 1
        let id = nextID
        heap.append(Entry(id: id, deadline: deadline, action: action))
        positions[id] = heap.count - 1
        let position = siftUp(heap.count - 1)
        if position == 0, wakesAt.map({ deadline < $0 }) ?? true { condition.signal() }
        condition.unlock()
        return id
    }

    /// Cancels a deadline that has not fired.
    package func cancel(_ id: UInt64) {
        condition.lock()
        defer { condition.unlock() }
        guard let index = positions[id] else { return }
        remove(at: index)
    }

    private func run() {
        while true {
            condition.lock()
            var due: [@Sendable () -> Void] = []
            while due.isEmpty {
                guard let first = heap.first else {
                    wakesAt = nil
                    condition.wait()
                    continue
                }
                let now = clock.now
                if first.deadline <= now {
                    while let top = heap.first, top.deadline <= now {
                        due.append(top.action)
                        remove(at: 0)
                    }
                } else {
                    wakesAt = first.deadline
                    _ = condition.wait(until: Date().addingTimeInterval(now.duration(to: first.deadline).inSeconds))
                }
            }
            condition.unlock()
            for action in due { action() }
        }
    }

    private func remove(at index: Int) {
        let last = heap.count - 1
        if index != last { swap(index, last) }
        positions[heap[last].id] = nil
        heap.removeLast()
        if index < heap.count { siftDown(siftUp(index)) }
    }

    private func swap(_ first: Int, _ second: Int) {
        heap.swapAt(first, second)
        positions[heap[first].id] = first
        positions[heap[second].id] = second
    }

    @discardableResult
    private func siftUp(_ start: Int) -> Int {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            swap(child, parent)
            child = parent
        }
        return child
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count && heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            swap(parent, smallest)
            parent = smallest
        }
    }
}
