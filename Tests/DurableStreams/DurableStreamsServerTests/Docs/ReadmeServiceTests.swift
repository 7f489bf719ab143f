import CourierTestSupport
import DurableStreamsStorage
import ExactHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycleTestKit
import Testing

@Suite("The server README's service example")
struct ReadmeServiceTests {
    @Test(
        "serveStreams serves the directory until graceful shutdown, then stops and releases it",
        .timeLimit(.minutes(2)))
    @available(OS2023, *)
    func serviceExampleRuns() async throws {
        try await withTemporaryDirectory(prefix: "ds-readme-service") { directory in
            let (addresses, listening) = AsyncStream.makeStream(of: String.self)
            let logger = Logger(label: "readme-service") { _ in ListeningHandler(listening: listening) }
            try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await serveStreams(in: directory.path, port: 0, logger: logger) }
                    let address = try #require(try await addresses.firstValue(within: .seconds(60)))
                    let client = ExactHTTPClient()
                    let created = try await client.request(
                        .PUT, "http://\(address)/readme", headers: [("Content-Type", "text/plain")],
                        body: Array("kept".utf8))
                    await client.shutdown()
                    #expect(created.status == 201)
                    trigger.triggerGracefulShutdown()
                    try await group.waitForAll()
                }
            }
            // The server stopped and shut its store down: the directory is free again and holds the stream.
            let store = try await FileStreamStorage.open(at: directory.path)
            let read = try await store.read(try StreamPath(validating: "/readme"), from: .beginning, maxBytes: 1024)
            await store.shutdown()
            #expect(read.payload == Array("kept".utf8))
        }
    }
}

/// Hands over the address of the server's "durable-streams listening" log line.
@available(OS2023, *)
private struct ListeningHandler: LogHandler {
    let listening: AsyncStream<String>.Continuation
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.message.description == "durable-streams listening", let address = event.metadata?["address"] {
            listening.yield("\(address)")
        }
    }
}
