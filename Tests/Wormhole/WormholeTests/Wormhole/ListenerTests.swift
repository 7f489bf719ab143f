import CourierTestSupport
import Foundation
import Testing
import Wormhole

/// Collects what callback listeners receive, to await it.
@available(OS2022, *)
final class Inbox<Element: Sendable>: Sendable {
    let stream: AsyncStream<Element>
    let continuation: AsyncStream<Element>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    }
}

@Suite("Callback listeners")
struct ListenerTests {
    @Test("several listeners on one identifier each receive every delivery, with the identifier")
    @available(OS2022, *)
    func severalListeners() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let inbox = Inbox<String>()
            for name in ["first", "second", "third"] {
                try await wormhole.listen(for: "c", as: Counter.self) { delivery in
                    inbox.continuation.yield("\(name):\(delivery.identifier):\(delivery.message?.count ?? -1)")
                }
            }
            try await wormhole.send(Counter(count: 4), to: "c")
            let received = try await inbox.stream.first(3)
            #expect(Set(received) == ["first:c:4", "second:c:4", "third:c:4"])
        }
    }

    @Test("a @MainActor handler runs on the main actor")
    @available(OS2022, *)
    func mainActorHandler() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let inbox = Inbox<Bool>()
            try await wormhole.listen(for: "c", as: Counter.self) { @MainActor _ in
                MainActor.assertIsolated()  // traps if the handler runs anywhere else
                inbox.continuation.yield(true)
            }
            try await wormhole.send(Counter(count: 1), to: "c")
            #expect(try await inbox.stream.first(1) == [true])
        }
    }

    @Test("a handler isolated to an actor runs on that actor, in order")
    @available(OS2022, *)
    func actorHandler() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory, queues: ["q": 100])
            let recorder = Recorder()
            try await recorder.listen(to: wormhole)
            for count in 1...20 {
                try await wormhole.send(Counter(count: count), to: "q")
            }
            #expect(try await recorder.inbox.stream.first(20) == Array(1...20))
        }
    }

    @Test("stopListening stops one listener; stopListening(for:) stops all on the identifier")
    @available(OS2022, *)
    func stopping() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let inbox = Inbox<String>()
            let first = try await wormhole.listen(for: "c", as: Counter.self) { _ in inbox.continuation.yield("first") }
            try await wormhole.listen(for: "c", as: Counter.self) { _ in inbox.continuation.yield("second") }
            try await wormhole.listen(for: "d", as: Counter.self) { _ in inbox.continuation.yield("other") }
            #expect(first.identifier == "c")
            wormhole.stopListening(first)
            try await wormhole.send(Counter(count: 1), to: "c")
            #expect(try await inbox.stream.first(1) == ["second"])
            wormhole.stopListening(for: "c")
            try await wormhole.send(Counter(count: 2), to: "c")
            try await wormhole.send(Counter(count: 2), to: "d")
            #expect(try await inbox.stream.first(1) == ["other"])
            // Bounded negative check: the stopped listeners stay silent for 200 ms.
            let extra = try? await inbox.stream.first(1, within: .milliseconds(200))
            #expect(extra == nil)
        }
    }

    @Test("releasing the wormhole ends its streams and listeners")
    @available(OS2022, *)
    func release() async throws {
        try await withDirectory { directory in
            var wormhole: Wormhole? = try makeWormhole(directory)
            let stream = try await wormhole?.messages(Counter.self, for: "c")
            let ended = Task {
                var count = 0
                for await _ in try #require(stream) { count += 1 }
                return count
            }
            wormhole = nil
            #expect(try await withTimeout(.seconds(10)) { try await ended.value } == 0)
        }
    }

    @Test("cancelling the consuming task ends the stream")
    @available(OS2022, *)
    func cancellation() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let stream = try await wormhole.messages(Counter.self, for: "c")
            let consumer = Task {
                for await _ in stream {}
                return true
            }
            consumer.cancel()
            #expect(try await withTimeout(.seconds(10)) { await consumer.value })
            // The wormhole still works for others.
            let other = try await wormhole.messages(Counter.self, for: "c")
            try await wormhole.send(Counter(count: 1), to: "c")
            #expect(try await other.first(1).first?.message == Counter(count: 1))
        }
    }
}

/// An actor whose listener handler runs on it.
@available(OS2022, *)
actor Recorder {
    let inbox = Inbox<Int>()
    private var received: [Int] = []

    func listen(to wormhole: Wormhole) async throws {
        try await wormhole.listen(for: "q", as: Counter.self) { await self.record($0) }
    }

    private func record(_ delivery: Delivery<Counter>) {
        assertIsolated()
        if let count = delivery.message?.count {
            received.append(count)
            inbox.continuation.yield(count)
        }
    }
}
