import CourierPrimitives
import CourierTestSupport
import Foundation
import Testing
import Wormhole

/// File transiting that counts the answers written to reply mailboxes.
@available(OS2022, *)
struct CountingReplies: TransitingStrategy {
    let base: any TransitingStrategy
    let replies = Locked(0)

    func write(_ payload: Data, for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage {
        let stored = try base.write(payload, for: identifier)
        if identifier.rawValue.contains("#reply-") { replies.withLock { $0 += 1 } }
        return stored
    }
    func read(for identifier: MessageIdentifier) throws(WormholeError) -> StoredMessage? {
        try base.read(for: identifier)
    }
    func append(_ payload: Data, for identifier: MessageIdentifier, capacity: Int) throws(WormholeError)
        -> StoredMessage
    {
        try base.append(payload, for: identifier, capacity: capacity)
    }
    func readQueue(for identifier: MessageIdentifier, after sequence: UInt64, limit: Int) throws(WormholeError)
        -> QueueSlice
    {
        try base.readQueue(for: identifier, after: sequence, limit: limit)
    }
    func delete(for identifier: MessageIdentifier) throws(WormholeError) { try base.delete(for: identifier) }
    func deleteAll() throws(WormholeError) { try base.deleteAll() }
}

@Suite("Finishing a responder")
struct FinishRespondingTests {
    @Test("finishResponding returns only once the answer in progress is written, then takes no more requests")
    @available(OS2022, *)
    func waitsForTheAnswer() async throws {
        try await withDirectory { directory in
            let counting = try CountingReplies(base: FileTransiting(directory: directory))
            var configuration = Configuration(directory: directory)
            configuration.transitingStrategy = .custom(counting)
            let app = try Wormhole(configuration: configuration)
            let widget = try Wormhole(directory: directory)
            let started = Inbox<Int>()
            let gate = Inbox<Void>()
            let token = try await app.respond(to: "slow", as: Int.self) { value in
                started.continuation.yield(value)
                for await _ in gate.stream { break }
                return value + 1
            }
            let request = Task {
                try await widget.request(41, to: "slow", expecting: Int.self, timeout: .seconds(30))
            }
            #expect(try await started.stream.first(1) == [41])
            let finishing = Task {
                await app.finishResponding(token)
                return counting.replies.withLock { $0 }
            }
            gate.continuation.yield()
            // The handler was still waiting when finishing began: the answer is written before it returns.
            #expect(await finishing.value == 1)
            #expect(try await request.value == 42)
            await #expect(throws: WormholeError.self) {
                try await widget.request(1, to: "slow", expecting: Int.self, timeout: .seconds(30))
            }
        }
    }

    @Test("finishResponding with an idle responder returns at once and releases the identifier")
    @available(OS2022, *)
    func idleResponder() async throws {
        try await withDirectory { directory in
            let app = try Wormhole(directory: directory)
            let token = try await app.respond(to: "idle", as: Int.self) { $0 }
            await app.finishResponding(token)
            // Another responder may take the identifier now.
            let next = try await app.respond(to: "idle", as: Int.self) { $0 * 2 }
            #expect(try await app.request(4, to: "idle", expecting: Int.self, timeout: .seconds(30)) == 8)
            await app.finishResponding(next)
        }
    }
}
