// The Swift blocks of the DocC article "Configuring a handle", word for word (scripts/readme-snippets checks it).
import DurableStreams
import Foundation
import Testing

@available(OS2023, *)
func openOrders(at url: URL, token: String, debug: Bool) async throws -> DurableStreamHandle {
    try await DurableStreamHandle.create(url: url) {
        Producer(id: "orders-writer")
        Batching(maxBytes: 128_000, linger: .milliseconds(10))
        Retry(maxAttempts: 5, backoff: .exponential(base: .milliseconds(100)))
        Headers("Authorization", "Bearer \(token)")
        if debug {
            Timeouts(request: .seconds(5))
        }
    }
}

@available(OS2023, *)
func ordersConfiguration(token: String) -> HandleConfiguration {
    var configuration = HandleConfiguration(
        idempotentProducer: IdempotentProducerConfiguration(producerId: "orders-writer"),
        batching: BatchingConfiguration(maxBytes: 128_000, lingerTime: .milliseconds(10)))
    configuration.http.readRetryPolicy = RetryPolicy(
        maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(5))
    configuration.http.headers["Authorization"] = "Bearer \(token)"
    return configuration
}

@Suite("DocC article: configuring a handle")
struct ConfigurationArticleTests {
    @Test("the article's block and struct forms open the same stream the same way")
    @available(OS2023, *)
    func blockAndStructAgree() async throws {
        let server = try await TestServer.start()
        do {
            let url = server.streamURL()
            let handle = try await openOrders(at: url, token: "t", debug: false)
            let written = ordersConfiguration(token: "t")
            #expect(handle.configuration.idempotentProducer?.producerId == written.idempotentProducer?.producerId)
            #expect(handle.configuration.batching == written.batching)
            #expect(handle.configuration.http.headers == written.http.headers)
            #expect(handle.configuration.http.readRetryPolicy.maxAttempts == written.http.readRetryPolicy.maxAttempts)
            #expect(handle.configuration.http.readRetryPolicy.maxDelay == written.http.readRetryPolicy.maxDelay)
            #expect(handle.wasCreated)
            try await handle.delete()
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
