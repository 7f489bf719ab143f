// The Swift blocks of the client's DocC catalogs, word for word (scripts/readme-snippets checks it), compiled here.
import DurableStreams
import DurableStreamsServiceLifecycle
import Foundation
import Logging
import ServiceLifecycle

#if os(Linux)
import DurableStreamsAsyncHTTPClient
#endif

/// The catalogs' getting-started blocks, each with the URL (and logger) it assumes.
@available(OS2023, *)
enum ClientDocCSnippets {
    /// DurableStreams.docc.
    static func gettingStarted(url: URL) async throws {
        struct Event: Codable, Sendable { var id: Int }

        // Everything up to the tail, with the offset to resume from.
        let result = try await DurableStream.stream(url: url).json(as: Event.self)

        // Live, until the stream is closed.
        let response = try await DurableStream.stream(url: url, offset: result.offset, live: .sse)
        for try await batch in response.jsonStream(as: Event.self) {
            print(batch.items, batch.offset)
        }

        // Exactly-once writes.
        let handle = try await DurableStreamHandle.createOrConnect(
            url: url, configuration: .init(idempotentProducer: .enabled(producerId: "writer-1")))
        handle.append(Event(id: 1))
        try await handle.flush()
    }

    // The test targets build AsyncHTTPClient on Linux only (see Package.swift).
    #if os(Linux)
    /// DurableStreamsAsyncHTTPClient.docc.
    static func asyncHTTPClient(url: URL) async throws {
        let transport = AsyncHTTPClientTransport()
        let configuration = HandleConfiguration(http: HTTPConfiguration(transport: transport))
        let handle = try await DurableStreamHandle.connect(url: url, configuration: configuration)
        print(try await handle.head())  // the stream's metadata, over AsyncHTTPClient
        try await transport.shutdown()
    }
    #endif

    /// DurableStreamsServiceLifecycle.docc.
    static func serviceLifecycle(url: URL, logger: Logger) async throws {
        let handle = try await DurableStreamHandle.createOrConnect(url: url)
        let group = ServiceGroup(services: [handle], gracefulShutdownSignals: [.sigterm], logger: logger)
        try await group.run()
    }
}
