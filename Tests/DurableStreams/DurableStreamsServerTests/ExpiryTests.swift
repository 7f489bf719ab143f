import CourierPrimitives
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

/// A clock the test moves by hand.
@available(OS2023, *)
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.value }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

@Suite("Expiry over HTTP")
struct ExpiryTests {
    @Test("Stream-TTL slides with reads and appends, not with HEAD; an expired stream is gone and can be created again")
    @available(OS2023, *)
    func timeToLive() async throws {
        let clock = TestClock()
        let storage = MemoryStreamStorage(now: { clock.now })
        try await ServerHarness.run(.forTests { $0.storage = .custom(storage) }) { server async throws in
            let path = ServerHarness.uniquePath()
            #expect(try await server.create(path, headers: [("Stream-TTL", "10")], body: "data").status == 201)
            clock.advance(by: 8)
            #expect(try await server.read(path).status == 200)
            clock.advance(by: 8)
            #expect(try await server.append(path, "more").status == 204)
            clock.advance(by: 8)
            #expect(try await server.send(.HEAD, path).status == 200)
            clock.advance(by: 3)
            #expect(try await server.send(.HEAD, path).status == 404)
            #expect(try await server.read(path).status == 404)
            #expect(try await server.append(path, "x").status == 404)
            #expect(try await server.create(path, contentType: "application/json").status == 201)
        }
        await storage.shutdown()
    }

    @Test("Stream-Expires-At passes at its instant, whatever the use")
    @available(OS2023, *)
    func expiresAt() async throws {
        let clock = TestClock()
        let storage = MemoryStreamStorage(now: { clock.now })
        try await ServerHarness.run(.forTests { $0.storage = .custom(storage) }) { server async throws in
            let path = ServerHarness.uniquePath()
            let instant = StreamTimestamp(date: clock.now.addingTimeInterval(5)).text
            #expect(try await server.create(path, headers: [("Stream-Expires-At", instant)]).status == 201)
            #expect(try await server.create(path, headers: [("Stream-Expires-At", instant)]).status == 200)
            clock.advance(by: 4)
            #expect(try await server.append(path, "x").status == 204)
            clock.advance(by: 1)
            #expect(try await server.read(path).status == 404)
        }
        await storage.shutdown()
    }
}
