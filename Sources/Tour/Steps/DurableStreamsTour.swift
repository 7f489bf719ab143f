import DurableStreams
import DurableStreamsServer
import Foundation
import Logging

/// DurableStreams: an embedded server on an ephemeral port, a stream, a live tail and a producer.
@available(OS2023, *)
enum DurableStreamsTour {
    struct Event: Codable, Sendable {
        var id: Int
        var text: String
    }

    static func run() async throws {
        print("== DurableStreams")
        var configuration = DurableStreamsServer.Configuration(host: "127.0.0.1", port: 0, storage: .memory)
        var logger = Logger(label: "tour")
        logger.logLevel = .warning
        configuration.logger = logger
        let server = DurableStreamsServer(configuration: configuration)
        let port = try await server.start()
        print("server listening on http://127.0.0.1:\(port)")

        let url = URL(string: "http://127.0.0.1:\(port)/tour/events") ?? URL(fileURLWithPath: "/")
        let handle = try await DurableStreamHandle.create(
            url: url,
            configuration: HandleConfiguration(idempotentProducer: .enabled(producerId: "tour")))
        print("created \(url.path) (application/json)")

        // Tail the stream live (long-poll) until it is closed.
        let tail = Task {
            for try await event in handle.messages(as: Event.self, from: .start, live: .longPoll) {
                print("  received #\(event.id): \(event.text)")
            }
        }

        // Produce a few events: fire-and-forget, batched, exactly once.
        for (id, text) in ["hello", "from", "the", "durable", "stream"].enumerated() {
            handle.append(Event(id: id, text: text))
        }
        let flushed = try await handle.flush()
        print("flushed: tail offset \(flushed.offset)")
        let closed = try await handle.closeStream()
        try await tail.value
        print("stream closed at offset \(closed.finalOffset); the tail ended by itself\n")
        await server.stop()
    }
}
