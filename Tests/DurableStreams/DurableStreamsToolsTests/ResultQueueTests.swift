import Testing

@testable import durable_streams_conformance

@Suite("The conformance runner's result queue")
struct ResultQueueTests {
    @available(OS2023, *)
    typealias Queue = ResultQueue<String, Int>

    @available(OS2023, *)
    struct Ended: Error {}

    /// Sends a command: its slot, or a thrown error if the queue has ended.
    @available(OS2023, *)
    static func send(_ queue: inout Queue) throws -> Int {
        guard let slot = queue.send() else { throw Ended() }
        return slot
    }

    /// The waiters an action resumes, and with what.
    @available(OS2023, *)
    static func resumed(_ action: Queue.Action) -> [Int: String] {
        switch action {
        case .none: [:]
        case .resume(let waiter, let answer): [waiter: answer]
        case .resumeAll(let waiters, let answer): Dictionary(uniqueKeysWithValues: waiters.map { ($0, answer) })
        }
    }

    @Test("Answers fill the oldest unanswered slot, whether its waiter comes before or after")
    @available(OS2023, *)
    func inOrder() throws {
        var queue = Queue()
        let first = try Self.send(&queue)
        let second = try Self.send(&queue)
        let parked = queue.wait(for: second, 20)
        #expect(Self.resumed(parked).isEmpty)
        let early = queue.answer("one")
        #expect(Self.resumed(early).isEmpty, "the first slot has no waiter yet: the answer is kept")
        let late = queue.answer("two")
        #expect(Self.resumed(late) == [20: "two"])
        let kept = queue.wait(for: first, 10)
        #expect(Self.resumed(kept) == [10: "one"])
    }

    @Test("An answer with nothing sent is dropped")
    @available(OS2023, *)
    func unexpectedAnswer() throws {
        var queue = Queue()
        #expect(Self.resumed(queue.answer("stray")).isEmpty)
        let slot = try Self.send(&queue)
        #expect(Self.resumed(queue.answer("real")).isEmpty)
        #expect(Self.resumed(queue.wait(for: slot, 1)) == [1: "real"])
    }

    @Test("The adapter's exit answers parked and later waiters, keeps answers already given, and refuses new sends")
    @available(OS2023, *)
    func exit() throws {
        var queue = Queue()
        let answered = try Self.send(&queue)
        let parked = try Self.send(&queue)
        let unwaited = try Self.send(&queue)
        _ = queue.answer("done")
        _ = queue.wait(for: parked, 2)
        let end = queue.end(with: "exited")
        #expect(Self.resumed(end) == [2: "exited"])
        #expect(queue.hasEnded)
        #expect(Self.resumed(queue.wait(for: answered, 1)) == [1: "done"])
        #expect(Self.resumed(queue.wait(for: unwaited, 3)) == [3: "exited"])
        #expect(queue.send() == nil)
        #expect(Self.resumed(queue.end(with: "again")).isEmpty, "a second exit changes nothing")
        #expect(Self.resumed(queue.answer("late")).isEmpty)
    }
}
