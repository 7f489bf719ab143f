import CourierPrimitives
import CourierTestSupport
import Testing

@testable import DurableStreams

@Suite("Background time for a flush")
struct BackgroundTimeTests {
    @available(OS2023, *)
    typealias Action = BackgroundTaskBookkeeping.Action

    /// Feeds `inputs` in order and returns the actions.
    @available(OS2023, *)
    private func run(_ inputs: [String]) -> [Action] {
        var bookkeeping = BackgroundTaskBookkeeping()
        return inputs.map { input in
            switch input {
            case "began": bookkeeping.began(7)
            case "refused": bookkeeping.began(nil)
            case "finished": bookkeeping.finished()
            default: bookkeeping.expired()
            }
        }
    }

    @Test("every order of began, finished and expired ends the system task exactly once")
    @available(OS2023, *)
    func everyOrder() {
        let expectations: [([String], [Action])] = [
            (["began", "finished", "expired"], [.none, .end(identifier: 7), .none]),
            (["began", "expired", "finished"], [.none, .cancelAndEnd(identifier: 7), .none]),
            (["finished", "began", "expired"], [.none, .end(identifier: 7), .none]),
            (["finished", "expired", "began"], [.none, .none, .end(identifier: 7)]),
            (["expired", "began", "finished"], [.cancelAndEnd(identifier: nil), .end(identifier: 7), .none]),
            (["expired", "finished", "began"], [.cancelAndEnd(identifier: nil), .none, .end(identifier: 7)]),
            (["refused", "finished", "expired"], [.none, .none, .none]),
            (["refused", "expired", "finished"], [.none, .cancelAndEnd(identifier: nil), .none]),
            (["finished", "refused"], [.none, .none]),
            (["began", "began", "finished", "finished"], [.none, .none, .end(identifier: 7), .none]),
            (["began", "expired", "expired"], [.none, .cancelAndEnd(identifier: 7), .none]),
        ]
        for (inputs, actions) in expectations {
            let result = run(inputs)
            #expect(result == actions, "\(inputs)")
            let ends = result.filter {
                switch $0 {
                case .end, .cancelAndEnd(identifier: .some): true
                default: false
                }
            }
            #expect(ends.count == (inputs.contains("refused") ? 0 : 1), "\(inputs)")
        }
    }

    @Test("a flush that finishes ends its background task")
    @available(OS2023, *)
    func finishes() async throws {
        let provider = FakeBackgroundTime()
        try await BackgroundTime.run(name: "flush", provider: provider) { () async throws(DurableStreamError) in }
        #expect(provider.calls.value == ["begin flush", "end 1"])
    }

    @Test("when background time expires, the task is ended at once and the flush is cancelled")
    @available(OS2023, *)
    func expires() async throws {
        let provider = FakeBackgroundTime()
        let flush = await startBlockedFlush(provider)
        await provider.expire()
        #expect(provider.calls.value == ["begin flush", "end 1"], "ended inside the expiration handler")
        let result = try await withTimeout(.seconds(10)) { await flush.result }
        expectError(.cancelled) { try result.get() }
        #expect(provider.calls.value == ["begin flush", "end 1"], "never ended twice")
    }

    @Test("cancelling the caller cancels the flush and ends the task")
    @available(OS2023, *)
    func callerCancelled() async throws {
        let provider = FakeBackgroundTime()
        let flush = await startBlockedFlush(provider)
        flush.cancel()
        let result = try await withTimeout(.seconds(10)) { await flush.result }
        expectError(.cancelled) { try result.get() }
        #expect(provider.calls.value == ["begin flush", "end 1"])
    }

    /// Starts a flush under background time that blocks until cancelled, as a flush to an unresponsive server
    /// would, and returns once it runs.
    @available(OS2023, *)
    private func startBlockedFlush(_ provider: FakeBackgroundTime) async -> Task<Void, any Error> {
        let started = AsyncStream<Void>.makeStream()
        let flush = Task {
            try await BackgroundTime.run(name: "flush", provider: provider) { () async throws(DurableStreamError) in
                started.continuation.yield()
                let (never, continuation) = AsyncStream<Void>.makeStream()
                for await _ in never {}
                withExtendedLifetime(continuation) {}
                if Task.isCancelled { throw .cancelled }
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        var begun = provider.begun.stream.makeAsyncIterator()
        await begun.next()
        return flush
    }
}

/// Records begin and end calls, and fires the expiration handler on demand.
@available(OS2023, *)
private final class FakeBackgroundTime: BackgroundTimeProvider {
    let calls = Locked<[String]>([])
    /// Yields once background time has been requested.
    let begun = AsyncStream<Void>.makeStream()
    private let handler = Locked<(@MainActor @Sendable () -> Void)?>(nil)

    @MainActor func begin(name: String, expiration: @escaping @MainActor @Sendable () -> Void) -> Int? {
        calls.withLock { $0.append("begin \(name)") }
        handler.withLock { $0 = expiration }
        begun.continuation.yield()
        return 1
    }

    @MainActor func end(_ identifier: Int) {
        calls.withLock { $0.append("end \(identifier)") }
    }

    @MainActor func expire() {
        handler.value?()
    }
}
