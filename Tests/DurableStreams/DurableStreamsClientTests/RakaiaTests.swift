import CourierTestSupport
import DurableStreams
import Foundation
import Testing

/// The client against an independent server, `rakaia-streams` (Python), for the operations it supports, so
/// the client is never tested only against this repository's own server.
@Suite("Against rakaia-streams")
struct RakaiaTests {
    @Test("create, append, read in every mode, head, close and delete")
    @available(OS2023, *)
    func lifecycle() async throws {
        try await withRakaia { server in
            let url = server.streamURL("lifecycle")
            let handle = try await DurableStreamHandle.create(url: url, configuration: server.configuration())
            #expect(handle.wasCreated)
            let again = try await DurableStreamHandle.create(url: url, configuration: server.configuration())
            #expect(!again.wasCreated)
            for id in 1...3 { try await handle.appendSync(Message(id: id, text: "r")) }
            let http = server.configuration().http
            for live in [LiveMode.catchUp, .longPoll, .sse] {
                let batch = try await DurableStream.stream(url: url, live: live, configuration: http).json(
                    as: Message.self)
                #expect(batch.items.map(\.id) == [1, 2, 3], "mode \(live)")
            }
            let info = try await handle.head()
            #expect(info.contentType == "application/json")
            try await handle.closeStream()
            #expect(try await handle.head().isClosed)
            try await handle.delete()
            await #expect(throws: DurableStreamError.self) { try await handle.head() }
        }
    }

    @Test("live tails over long-poll and SSE end when the stream closes", arguments: [LiveMode.longPoll, .sse])
    @available(OS2023, *)
    func liveTail(live: LiveMode) async throws {
        try await withRakaia { server in
            let url = server.streamURL("tail")
            let handle = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let http = server.configuration().http
            let response = try await DurableStream.stream(url: url, live: live, configuration: http)
            let reader = Task { () -> String in
                var text = ""
                for try await chunk in response.textStream() { text += chunk.text }
                return text
            }
            for index in 0..<5 { try await handle.appendBytesSync(Data("m\(index);".utf8)) }
            try await handle.closeStream()
            #expect(try await withTimeout(.seconds(30)) { try await reader.value } == "m0;m1;m2;m3;m4;")
        }
    }

    @Test("the idempotent producer stores pipelined appends exactly once")
    @available(OS2023, *)
    func producer() async throws {
        try await withRakaia { server in
            let url = server.streamURL("producer")
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: "text/plain",
                configuration: server.configuration(
                    producer: .init(producerId: "rk", maxInFlight: 4, maxBatchBytes: 40, lingerTime: .milliseconds(1))))
            var expected = Data()
            for index in 0..<200 {
                let line = Data("item-\(index);".utf8)
                expected.append(line)
                handle.appendBytes(line)
                if index % 10 == 0 { await Task.yield() }
            }
            try await handle.flush()
            let stored = try await DurableStream.stream(url: url, configuration: server.configuration().http).bytes()
            #expect(stored.data == expected)
        }
    }

    @Test("missing streams and conflicting creates map to typed errors")
    @available(OS2023, *)
    func errors() async throws {
        try await withRakaia { server in
            let url = server.streamURL("errors")
            do {
                _ = try await DurableStream.stream(url: url, configuration: server.configuration().http)
                Issue.record("reading a missing stream succeeded")
            } catch let error as DurableStreamError {
                guard case .notFound = error else { throw error }
            }
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            do {
                _ = try await DurableStreamHandle.create(
                    url: url, contentType: "application/json", configuration: server.configuration())
                Issue.record("a conflicting create succeeded")
            } catch let error as DurableStreamError {
                guard case .conflict = error else { throw error }
            }
        }
    }
}
