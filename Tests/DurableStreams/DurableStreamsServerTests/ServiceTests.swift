import CourierTestSupport
import DurableStreamsServer
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

@Suite("The server as a Service")
struct ServiceTests {
    @Test("It serves once listening, until graceful shutdown, then stops", .timeLimit(.minutes(1)))
    @available(OS2023, *)
    func gracefulShutdown() async throws {
        let server = DurableStreamsServer(configuration: .forTests())
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.run { listening.yield($0) } }
                let port = try await withTimeout(.seconds(30)) { await ports.first { _ in true } }
                #expect(port != nil && server.port == port)
                let client = try await ServerHarness.client(for: server)
                let path = ServerHarness.uniquePath()
                #expect(try await client.create(path).status == 201)
                await client.client.shutdown()
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        #expect(server.port == nil, "the server stopped")
        await #expect(throws: DurableStreamsServerError.self) { try await server.start() }
    }

    @Test("Cancelling the service stops the server")
    @available(OS2023, *)
    func cancellation() async throws {
        let server = DurableStreamsServer(configuration: .forTests())
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { listening.yield($0) } }
        _ = try await withTimeout(.seconds(30)) { await ports.first { _ in true } }
        task.cancel()
        try await withTimeout(.seconds(10)) { try await task.value }
        #expect(server.port == nil)
    }
}
