import CourierTestSupport
import DurableStreams
import Foundation
import Testing

/// A hostile or broken server yields typed errors or a retry: never a crash, a hang, unbounded memory, or a
/// duplicated or skipped message.
@Suite("Bad input from the server")
struct BadInputTests {
    @available(OS2023, *)
    private func jsonStream(_ server: TestServer, messages: Int) async throws -> DurableStreamHandle {
        let handle = try await DurableStreamHandle.create(
            url: server.streamURL(), configuration: server.configuration())
        for id in 0..<messages { try await handle.appendSync(Message(id: id, text: "payload \(id)")) }
        return handle
    }

    @Test("a truncated JSON body is a decoding error, and the next read succeeds")
    @available(OS2023, *)
    func truncatedBody() async throws {
        try await withTestServer { server in
            let handle = try await jsonStream(server, messages: 3)
            try await server.inject(handle.url.path, ["truncateBodyBytes": 15, "method": "GET"])
            await #expect(throws: DurableStreamError.self) {
                try await DurableStream.stream(url: handle.url, configuration: server.http).json(as: Message.self)
            }
            let batch = try await DurableStream.stream(url: handle.url, configuration: server.http).json(
                as: Message.self)
            #expect(batch.items.map(\.id) == [0, 1, 2])
        }
    }

    @Test("a corrupted body is a typed decoding error")
    @available(OS2023, *)
    func corruptBody() async throws {
        try await withTestServer { server in
            let handle = try await jsonStream(server, messages: 2)
            try await server.inject(handle.url.path, ["corruptBody": true, "method": "GET"])
            do {
                _ = try await DurableStream.stream(url: handle.url, configuration: server.http).json(as: Message.self)
                Issue.record("a corrupt body decoded")
            } catch let error as DurableStreamError {
                guard case .decodingFailed = error else { throw error }
            }
        }
    }

    @Test(
        "dropped connections, 5xx and delays are retried without duplicating data",
        arguments: [
            ["dropConnection": true, "count": 2] as [String: any Sendable],
            ["status": 500, "count": 2],
            ["status": 429, "retryAfter": 1],
            ["delayMs": 300, "jitterMs": 100],
        ])
    @available(OS2023, *)
    func transientFaults(fault: [String: any Sendable]) async throws {
        try await withTestServer { server in
            let handle = try await jsonStream(server, messages: 4)
            var fields: [String: Any] = [:]
            for (key, value) in fault { fields[key] = value }
            fields["method"] = "GET"
            try await server.inject(handle.url.path, fields)
            let batch = try await DurableStream.stream(url: handle.url, configuration: server.http).json(
                as: Message.self)
            #expect(batch.items.map(\.id) == [0, 1, 2, 3])
        }
    }

    @Test("retries give up: persistent 5xx fails with a typed error instead of looping")
    @available(OS2023, *)
    func retryExhaustion() async throws {
        try await withTestServer { server in
            let handle = try await jsonStream(server, messages: 1)
            try await server.inject(handle.url.path, ["status": 500, "count": 50, "method": "GET"])
            do {
                _ = try await withTimeout(.seconds(30)) {
                    try await DurableStream.stream(url: handle.url, configuration: server.http).bytes()
                }
                Issue.record("a persistently failing read succeeded")
            } catch let error as DurableStreamError {
                guard case .serverError = error, error.status == 500 else { throw error }
            }
        }
    }

    @Test("malformed SSE control events are parse errors", arguments: ["{invalid json", "", #"{"upToDate":true}"#])
    @available(OS2023, *)
    func malformedControl(data: String) async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), contentType: "text/plain", configuration: server.configuration())
            try await handle.appendBytesSync(Data("x".utf8))
            try await server.inject(
                handle.url.path, ["injectSseEvent": ["eventType": "control", "data": data], "count": 2])
            do {
                _ = try await withTimeout(.seconds(20)) {
                    try await DurableStream.stream(url: handle.url, live: .sse, configuration: server.http).bytes()
                }
                Issue.record("a malformed control event was accepted")
            } catch let error as DurableStreamError {
                guard case .invalidResponse = error else { throw error }
            }
        }
    }

    @Test("invalid base64 in an SSE data event of a binary stream is a parse error")
    @available(OS2023, *)
    func invalidBase64() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), contentType: "application/octet-stream", configuration: server.configuration())
            try await handle.appendBytesSync(Data([1, 2, 3]))
            try await server.inject(
                handle.url.path, ["injectSseEvent": ["eventType": "data", "data": "!!!not-base64"]])
            do {
                _ = try await withTimeout(.seconds(20)) {
                    try await DurableStream.stream(url: handle.url, live: .sse, configuration: server.http).bytes()
                }
                Issue.record("invalid base64 was accepted")
            } catch let error as DurableStreamError {
                guard case .invalidResponse = error else { throw error }
            }
        }
    }

    @Test("unknown SSE events are skipped and the data still arrives")
    @available(OS2023, *)
    func unknownEvents() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL(), contentType: "text/plain", configuration: server.configuration())
            try await handle.appendBytesSync(Data("expected".utf8))
            try await server.inject(handle.url.path, ["injectSseEvent": ["eventType": "future-v2", "data": "{}"]])
            let text = try await DurableStream.stream(url: handle.url, live: .sse, configuration: server.http).text()
            #expect(text.text == "expected")
        }
    }

    // MARK: - A hostile server

    @available(OS2023, *)
    private func hostileRead(
        readTimeout: Duration = .seconds(20),
        live: LiveMode = .catchUp,
        _ respond: @escaping @Sendable (String) -> HostileServer.Reply
    ) async throws -> DurableStreamError? {
        let hostile = try HostileServer(respond: respond)
        defer { hostile.stop() }
        let transport = TestTransport(readTimeout: readTimeout, connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let http = HTTPConfiguration(
            transport: transport, timeout: .seconds(2),
            readRetryPolicy: RetryPolicy(
                maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .milliseconds(20)))
        let url = try #require(URL(string: hostile.baseURL + "/s"))
        do {
            _ = try await withTimeout(.seconds(30)) {
                try await DurableStream.stream(url: url, live: live, configuration: http).bytes()
            }
            return nil
        } catch let error as DurableStreamError {
            return error
        }
    }

    @Test("a response without Stream-Next-Offset is an invalid response")
    @available(OS2023, *)
    func missingOffset() async throws {
        let error = try await hostileRead { _ in
            .bytes(HostileServer.response(headers: ["Content-Type": "text/plain"], body: Data("data".utf8)))
        }
        guard case .invalidResponse? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
    }

    @Test("a body cut short by a dropped connection is retried, then reported")
    @available(OS2023, *)
    func droppedMidBody() async throws {
        let error = try await hostileRead { _ in
            .bytes(
                HostileServer.response(
                    headers: ["Content-Type": "text/plain", "Stream-Next-Offset": "9", "Stream-Up-To-Date": "true"],
                    body: Data("half".utf8), contentLength: 1000))
        }
        guard case .connectionFailed? = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
    }

    @Test("a server that never answers times out instead of hanging")
    @available(OS2023, *)
    func neverAnswers() async throws {
        let error = try await hostileRead(readTimeout: .seconds(1)) { _ in .hang }
        guard case .timeout? = error else {
            Issue.record("expected timeout, got \(String(describing: error))")
            return
        }
    }

    @Test("a giant SSE line fails at the limit instead of growing memory")
    @available(OS2023, *)
    func giantSSELine() async throws {
        let head = HostileServer.response(
            headers: ["Content-Type": "text/event-stream", "Transfer-Encoding": "chunked"], body: Data())
        let line = Data("4000\r\n".utf8) + Data(repeating: UInt8(ascii: "a"), count: 0x4000) + Data("\r\n".utf8)
        let body = Data("6\r\ndata: \r\n".utf8) + (0..<2000).reduce(into: Data()) { data, _ in data.append(line) }
        let hostile = try HostileServer { _ in .bytesThenHang(head + body) }
        defer { hostile.stop() }
        let transport = TestTransport(readTimeout: .seconds(10), connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let http = HTTPConfiguration(transport: transport, maxSSEEventBytes: 1 << 20)
        let url = try #require(URL(string: hostile.baseURL + "/s"))
        do {
            _ = try await withTimeout(.seconds(30)) {
                try await DurableStream.stream(url: url, live: .sse, configuration: http).bytes()
            }
            Issue.record("a 32 MB SSE line was accepted")
        } catch let error as DurableStreamError {
            guard case .invalidResponse = error else { throw error }
            #expect(error.message.contains("exceeds"))
        }
    }

    @Test("an SSE request answered with plain data reports that SSE is not supported")
    @available(OS2023, *)
    func wrongContentType() async throws {
        let error = try await hostileRead(live: .sse) { _ in
            .bytes(
                HostileServer.response(
                    headers: ["Content-Type": "text/plain", "Stream-Next-Offset": "1"], body: Data()))
        }
        guard case .sseNotSupported? = error else {
            Issue.record("expected sseNotSupported, got \(String(describing: error))")
            return
        }
    }
}
