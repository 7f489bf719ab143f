/// The adapter's answers matched to the commands sent, in order: a value type, driven by ``AdapterProcess``.
///
/// Each command sent gets a slot; an answer fills the oldest unanswered slot; a waiter either takes its slot's
/// answer at once or is parked until it arrives; the adapter's exit answers every open slot with a failure.
@available(OS2023, *)
struct ResultQueue<Answer, Waiter> {
    /// What the driver does after an input.
    enum Action {
        /// Nothing to do.
        case none
        /// Hand `answer` to `waiter`.
        case resume(Waiter, Answer)
        /// Hand `answer` to each waiter.
        case resumeAll([Waiter], Answer)
    }

    private struct Slot {
        var answer: Answer?
        var waiter: Waiter?
        /// Its waiter gave up: the adapter's answer, when it comes, is dropped.
        var abandoned = false
    }

    private var slots: [Int: Slot] = [:]
    /// Slots sent and not yet answered, oldest first.
    private var unanswered: [Int] = []
    private var nextID = 0
    private var exitAnswer: Answer?

    /// Whether the adapter has exited.
    var hasEnded: Bool { exitAnswer != nil }

    /// A command is about to be sent: its slot, or `nil` once the adapter has exited.
    mutating func send() -> Int? {
        guard exitAnswer == nil else { return nil }
        defer { nextID += 1 }
        slots[nextID] = Slot()
        unanswered.append(nextID)
        return nextID
    }

    /// An answer arrived for the oldest unanswered command.
    mutating func answer(_ answer: Answer) -> Action {
        guard !unanswered.isEmpty else { return .none }
        let id = unanswered.removeFirst()
        if slots[id]?.abandoned == true { return .none }
        if let waiter = slots[id]?.waiter {
            slots[id] = nil
            return .resume(waiter, answer)
        }
        slots[id]?.answer = answer
        return .none
    }

    /// `waiter` waits for slot `id`'s answer.
    mutating func wait(for id: Int, _ waiter: Waiter) -> Action {
        guard let slot = slots[id] else { return exitAnswer.map { .resume(waiter, $0) } ?? .none }
        if let answer = slot.answer {
            slots[id] = nil
            return .resume(waiter, answer)
        }
        slots[id]?.waiter = waiter
        return .none
    }

    /// The waiter of slot `id` gives up (its timeout passed): it gets `answer` now, or at once when it comes to
    /// wait, and the adapter's own answer is dropped when it arrives. A slot already answered keeps its answer.
    mutating func abandon(_ id: Int, with answer: Answer) -> Action {
        guard var slot = slots[id], slot.answer == nil else { return .none }
        if let waiter = slot.waiter {
            slots[id] = nil
            return .resume(waiter, answer)
        }
        slot.answer = answer
        slot.abandoned = true
        slots[id] = slot
        return .none
    }

    /// The adapter exited: every open slot gets `answer`.
    mutating func end(with answer: Answer) -> Action {
        guard exitAnswer == nil else { return .none }
        exitAnswer = answer
        let waiters = unanswered.compactMap { slots[$0]?.waiter }
        for id in unanswered where slots[id]?.waiter == nil { slots[id]?.answer = answer }
        for id in unanswered where slots[id]?.waiter != nil { slots[id] = nil }
        unanswered = []
        return waiters.isEmpty ? .none : .resumeAll(waiters, answer)
    }
}

// `@unchecked Sendable`: held only under `AdapterProcess`'s lock; the errors among its answers (`any Error`) are the
// runner's own, made and read by the runner.
@available(OS2023, *)
extension ResultQueue: @unchecked Sendable {}
