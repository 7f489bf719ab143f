import CourierPrimitives
import CourierTestSupport
import DurableStreams
import Foundation
import Testing

@available(OS2023, *)
struct Message: Codable, Sendable, Equatable {
    var id: Int
    var text: String
}

@Suite("Reads against the server")
struct ReadTests {
    @Test("catch-up accumulators return everything with the resumption offset")
    @available(OS2023, *)
    func accumulators() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), configuration: server.configuration())
            #expect(handle.wasCreated)
            try await handle.appendSync(Message(id: 1, text: "a"))
            try await handle.appendSync(batch: [Message(id: 2, text: "b"), Message(id: 3, text: "c")])
            let batch = try await DurableStream.stream(url: handle.url, configuration: server.http).json(
                as: Message.self)
            #expect(batch.items.map(\.id) == [1, 2, 3])
            #expect(batch.upToDate)
            let tail = try await handle.head().offset
            #expect(batch.offset == tail)
            // Resuming from the returned offset yields nothing new.
            let rest = try await DurableStream.stream(url: handle.url, offset: batch.offset, configuration: server.http)
                .json(as: Message.self)
            #expect(rest.items.isEmpty)
        }
    }

    @Test("an array value is stored as one message, not flattened")
    @available(OS2023, *)
    func arrayValue() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), configuration: server.configuration())
            try await handle.appendSync([1, 2, 3])
            let batch = try await DurableStream.stream(url: handle.url, configuration: server.http).json(as: [Int].self)
            #expect(batch.items == [[1, 2, 3]])
        }
    }

    @Test("text and bytes accumulate a byte stream exactly", arguments: [LiveMode.catchUp, .auto, .longPoll, .sse])
    @available(OS2023, *)
    func textAndBytes(live: LiveMode) async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), contentType: "application/octet-stream", configuration: server.configuration())
            let payload = Data((0..<1000).map { UInt8($0 % 256) })
            try await handle.appendBytesSync(payload)
            try await handle.appendBytesSync(Data("tail".utf8))
            let bytes = try await DurableStream.stream(url: handle.url, live: live, configuration: server.http).bytes()
            #expect(bytes.data == payload + Data("tail".utf8))
            #expect(bytes.upToDate)
        }
    }

    @Test("a live read tails new data and ends cleanly when the stream closes", arguments: [LiveMode.longPoll, .sse])
    @available(OS2023, *)
    func tailUntilClosed(live: LiveMode) async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), configuration: server.configuration())
            try await handle.appendSync(Message(id: 0, text: "before"))
            let response = try await DurableStream.stream(url: handle.url, live: live, configuration: server.http)
            let reader = Task { () -> [Message] in
                var seen: [Message] = []
                for try await message in response.jsonItems(as: Message.self) { seen.append(message) }
                return seen
            }
            for id in 1...5 { try await handle.appendSync(Message(id: id, text: "live")) }
            try await handle.closeStream()
            let seen = try await withTimeout(.seconds(20)) { try await reader.value }
            #expect(seen.map(\.id) == [0, 1, 2, 3, 4, 5])
        }
    }

    @Test(
        "text lines that start with spaces or tabs arrive whole in every mode", arguments: [LiveMode.longPoll, .sse])
    @available(OS2023, *)
    func leadingWhitespace(live: LiveMode) async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), contentType: "text/plain", configuration: server.configuration())
            try await handle.appendBytesSync(Data("first\n port: 8080\n".utf8))
            let response = try await DurableStream.stream(url: handle.url, live: live, configuration: server.http)
            let reader = Task { () -> String in
                var text = ""
                for try await chunk in response.textStream() { text += chunk.text }
                return text
            }
            for line in ["\thost: a\n", " two", "  three\n\t\tfour"] {
                try await handle.appendBytesSync(Data(line.utf8))
            }
            try await handle.closeStream()
            let text = try await withTimeout(.seconds(20)) { try await reader.value }
            #expect(text == "first\n port: 8080\n\thost: a\n two  three\n\t\tfour")
        }
    }

    @Test("a binary stream over SSE arrives base64-decoded, byte for byte")
    @available(OS2023, *)
    func sseBase64() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), contentType: "application/octet-stream", configuration: server.configuration())
            let payload = Data((0..<5000).map { UInt8(($0 * 7) % 256) })
            try await handle.appendBytesSync(payload)
            try await handle.closeStream()
            let response = try await DurableStream.stream(url: handle.url, live: .sse, configuration: server.http)
            var received = Data()
            var closed = false
            for try await chunk in response.byteStream() {
                received.append(chunk.data)
                closed = chunk.streamClosed
            }
            #expect(received == payload)
            #expect(closed)
        }
    }

    @Test("reading from now skips history")
    @available(OS2023, *)
    func fromNow() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), configuration: server.configuration())
            try await handle.appendSync(Message(id: 1, text: "old"))
            let response = try await DurableStream.stream(
                url: handle.url, offset: .now, live: .longPoll, configuration: server.http)
            let first = Task { () -> Message? in
                for try await message in response.jsonItems(as: Message.self) { return message }
                return nil
            }
            try await handle.appendSync(Message(id: 2, text: "new"))
            #expect(try await withTimeout(.seconds(20)) { try await first.value }?.id == 2)
        }
    }

    @Test("cancelling the consuming task ends a live read promptly")
    @available(OS2023, *)
    func cancellation() async throws {
        try await withTestServer(longPollTimeout: .seconds(30)) { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), configuration: server.configuration())
            let started = AsyncStream<Void>.makeStream()
            let reader = Task {
                let response = try await DurableStream.stream(
                    url: handle.url, live: .longPoll, configuration: server.http)
                started.continuation.yield()
                for try await _ in response.byteStream() {}
            }
            _ = try await started.stream.first(1, within: .seconds(10))
            reader.cancel()
            // The long-poll would hold for 30 s; cancellation must end it long before.
            let outcome = try await withTimeout(.seconds(5)) { await reader.result }
            #expect(throws: (any Error).self) { try outcome.get() }
        }
    }

    @Test("a subscriber controls the pace and can stop")
    @available(OS2023, *)
    func subscriber() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), configuration: server.configuration())
            for id in 1...3 { try await handle.appendSync(Message(id: id, text: "s")) }
            let response = try await DurableStream.stream(url: handle.url, live: .longPoll, configuration: server.http)
            let seen = LockedList()
            let late = Task {
                // Appended once the subscriber has caught up, so it arrives through a long-poll.
                _ = try await seen.caughtUp.first(1, within: .seconds(10))
                try await handle.appendSync(Message(id: 4, text: "live"))
            }
            defer { late.cancel() }
            try await withTimeout(.seconds(10)) {
                try await response.subscribe(as: Message.self) { batch in
                    seen.append(batch.items.map(\.id))
                    return seen.ids.count >= 4 ? .stop : .pauseFor(.milliseconds(1))
                }
            }
            #expect(seen.ids == [1, 2, 3, 4])
        }
    }

    @Test("handles connect, report metadata, and fail clearly for missing streams")
    @available(OS2023, *)
    func metadata() async throws {
        try await withTestServer { server in
            let url = server.streamURL()
            await #expect(throws: DurableStreamError.self) {
                try await DurableStreamHandle.connect(url: url, configuration: server.configuration())
            }
            let created = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", expireAfter: .seconds(600), configuration: server.configuration())
            let again = try await DurableStreamHandle.createOrConnect(
                url: url, contentType: "application/json", configuration: server.configuration())
            #expect(again.contentType == "text/plain", "createOrConnect connects to an existing stream")
            let info = try await created.head()
            #expect(info.contentType == "text/plain")
            #expect(!info.isClosed)
            try await created.delete()
            do {
                _ = try await created.head()
                Issue.record("head after delete succeeded")
            } catch let error as DurableStreamError {
                guard case .notFound = error else { throw error }
                #expect(error.context.url == url)
            }
        }
    }

    @Test("handle messages(as:) follows the stream until it closes")
    @available(OS2023, *)
    func handleMessages() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), configuration: server.configuration())
            try await handle.appendSync(Message(id: 1, text: "x"))
            try await handle.closeStream(finalData: Data(#"{"id":2,"text":"y"}"#.utf8))
            var ids: [Int] = []
            for try await message in handle.messages(as: Message.self) { ids.append(message.id) }
            #expect(ids == [1, 2])
            await #expect(throws: DurableStreamError.self) { try await handle.appendSync(Message(id: 3, text: "z")) }
        }
    }
}

/// A thread-safe list of batches for callbacks.
@available(OS2023, *)
final class LockedList: Sendable {
    private let items = Locked<[[Int]]>([])
    private let signal = AsyncStream<Void>.makeStream()

    /// Yields once the first batch has arrived.
    var caughtUp: AsyncStream<Void> { signal.stream }

    func append(_ item: [Int]) {
        items.withLock { $0.append(item) }
        signal.continuation.yield()
    }

    var ids: [Int] { items.value.flatMap { $0 } }

    var count: Int { items.value.count }
}
