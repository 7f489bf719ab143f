import CourierPrimitives
import CourierTestSupport
import DurableStreams
import Foundation
import Testing

/// Recovery paths that need a server misbehaving in a precise way.
@Suite("Recovery")
struct RecoveryTests {
    @available(OS2023, *)
    private func http(_ transport: any HTTPTransport, errorHandler: StreamErrorHandler = .default) -> HTTPConfiguration
    {
        HTTPConfiguration(
            transport: transport, timeout: .seconds(5),
            readRetryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20)))
    }

    @Test("after three short SSE connections the read falls back to long-polling")
    @available(OS2023, *)
    func sseFallback() async throws {
        let requests = Locked<[String]>([])
        let hostile = try HostileServer { head in
            let line = head.split(separator: "\r\n").first.map(String.init) ?? ""
            requests.withLock { $0.append(line) }
            if line.contains("live=sse") {
                // An event stream that ends at once, before any control event (a buffering proxy, say).
                return .bytes(HostileServer.response(headers: ["Content-Type": "text/event-stream"], body: Data()))
            }
            return .bytes(
                HostileServer.response(
                    headers: [
                        "Content-Type": "text/plain", "Stream-Next-Offset": "5", "Stream-Up-To-Date": "true",
                        "Stream-Closed": "true",
                    ],
                    body: Data("hello".utf8)))
        }
        defer { hostile.stop() }
        let transport = TestTransport(readTimeout: .seconds(5), connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let url = try #require(URL(string: hostile.baseURL + "/s"))
        let text = try await withTimeout(.seconds(30)) {
            try await DurableStream.stream(url: url, live: .sse, configuration: http(transport)).text()
        }
        #expect(text.text == "hello")
        #expect(text.streamClosed)
        let seen = requests.value
        #expect(seen.filter { $0.contains("live=sse") }.count == 3)
        #expect(seen.last.map { !$0.contains("live=sse") } == true)
    }

    @Test("the error handler can retry with fresh headers (token refresh), evaluated per request")
    @available(OS2023, *)
    func tokenRefresh() async throws {
        let hostile = try HostileServer { head in
            if head.contains("Authorization: Bearer fresh") {
                return .bytes(
                    HostileServer.response(
                        headers: [
                            "Content-Type": "text/plain", "Stream-Next-Offset": "2", "Stream-Up-To-Date": "true",
                        ],
                        body: Data("ok".utf8)))
            }
            return .bytes(HostileServer.response(status: 401, headers: [:], body: Data("expired".utf8)))
        }
        defer { hostile.stop() }
        let transport = TestTransport(readTimeout: .seconds(5), connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let asked = Locked(0)
        let handler = StreamErrorHandler { error in
            guard case .unauthorized = error else { return .propagate }
            asked.withLock { $0 += 1 }
            return .retryWithHeaders(["Authorization": "Bearer fresh"])
        }
        let evaluations = Locked(0)
        let url = try #require(URL(string: hostile.baseURL + "/s"))
        let result = try await DurableStream.stream(
            url: url,
            headers: {
                evaluations.withLock { $0 += 1 }
                return ["Authorization": "Bearer stale"]
            },
            configuration: http(transport), errorHandler: handler
        ).text()
        #expect(result.text == "ok")
        #expect(asked.value == 1)
        #expect(evaluations.value == 2, "dynamic headers are computed for every request, retries included")
    }

    @Test("a handler that keeps asking for retries is bounded")
    @available(OS2023, *)
    func boundedHandlerRetries() async throws {
        let hostile = try HostileServer { _ in
            .bytes(HostileServer.response(status: 403, headers: [:], body: Data("no".utf8)))
        }
        defer { hostile.stop() }
        let transport = TestTransport(readTimeout: .seconds(5), connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let url = try #require(URL(string: hostile.baseURL + "/s"))
        let handler = StreamErrorHandler { _ in .retryAfter(.milliseconds(1)) }
        do {
            // Bounded, not fast: every retry is a new connection, slow on a machine busy with the whole suite.
            _ = try await withTimeout(.seconds(60)) {
                try await DurableStream.stream(url: url, configuration: http(transport), errorHandler: handler).bytes()
            }
            Issue.record("an always-failing read succeeded")
        } catch let error as DurableStreamError {
            guard case .forbidden = error else { throw error }
        }
    }

    @Test("plain appends are not retried by default; at-least-once appends are")
    @available(OS2023, *)
    func writeRetries() async throws {
        try await withTestServer { server in
            let url = server.streamURL("writes")
            let handle = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            try await server.inject(url.path, ["status": 500, "method": "POST"])
            await #expect(throws: DurableStreamError.self) { try await handle.appendBytesSync(Data("once".utf8)) }
            var configuration = server.configuration()
            configuration.http.writeRetryPolicy = .atLeastOnceWrite
            let retrying = try DurableStreamHandle.attach(
                url: url, contentType: "text/plain", configuration: configuration)
            try await server.inject(url.path, ["status": 503, "method": "POST"])
            try await retrying.appendBytesSync(Data("retried".utf8))
            let text = try await DurableStream.stream(url: url, configuration: server.http).text()
            #expect(text.text == "retried")
        }
    }
}

@Suite("No tight loops")
struct TightLoopTests {
    @Test("a server answering every long-poll at once without data is not hammered")
    @available(OS2023, *)
    func immediateEmptyLongPolls() async throws {
        let requests = Locked(0)
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let hostile = try HostileServer { head in
            requests.withLock { $0 += 1 }
            arrived.yield()
            let live = head.contains("live=long-poll")
            return .bytes(
                HostileServer.response(
                    status: live ? 204 : 200,
                    headers: ["Stream-Next-Offset": "1", "Stream-Up-To-Date": "true", "Stream-Cursor": "1"],
                    body: Data()))
        }
        defer { hostile.stop() }
        let transport = TestTransport(readTimeout: .seconds(5), connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let url = try #require(URL(string: hostile.baseURL + "/s"))
        let http = HTTPConfiguration(transport: transport, timeout: .seconds(5))
        let reader = Task {
            let response = try await DurableStream.stream(url: url, live: .longPoll, configuration: http)
            for try await _ in response.byteStream() {}
        }
        // One catch-up and three instant empty long-polls: from here on the reader must back off.
        _ = try await arrivals.first(4, within: .seconds(20))
        let before = requests.value
        let clock = ContinuousClock()
        let windowStart = clock.now
        // Bounds a negative check: about a second in which a reader without backoff would send thousands of
        // requests. A loaded machine may stretch the window, so the check is on the rate over the measured time.
        try await Task.sleep(for: .seconds(1))
        let during = requests.value - before
        let window = max((clock.now - windowStart) / .seconds(1), 1)
        reader.cancel()
        _ = await reader.result
        #expect(Double(during) / window < 40, "\(during) requests in \(window) s")
    }

    @Test("an SSE server that hangs up at once after repeating the offset falls back to long-polling")
    @available(OS2023, *)
    func sseImmediateHangUps() async throws {
        let requests = Locked<[String]>([])
        let hostile = try HostileServer { head in
            let line = head.split(separator: "\r\n").first.map(String.init) ?? ""
            requests.withLock { $0.append(line) }
            if line.contains("live=sse") {
                let control = "event: control\ndata: {\"streamNextOffset\":\"-1\",\"upToDate\":true}\n\n"
                return .bytes(
                    HostileServer.response(headers: ["Content-Type": "text/event-stream"], body: Data(control.utf8)))
            }
            return .bytes(
                HostileServer.response(
                    headers: [
                        "Content-Type": "text/plain", "Stream-Next-Offset": "3", "Stream-Up-To-Date": "true",
                        "Stream-Closed": "true",
                    ],
                    body: Data("end".utf8)))
        }
        defer { hostile.stop() }
        let transport = TestTransport(readTimeout: .seconds(5), connectTimeout: .seconds(5))
        defer { Task { await transport.shutdown() } }
        let url = try #require(URL(string: hostile.baseURL + "/s"))
        let http = HTTPConfiguration(
            transport: transport, timeout: .seconds(5),
            readRetryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20)))
        let response = try await DurableStream.stream(url: url, live: .sse, configuration: http)
        var text = ""
        for try await chunk in response.textStream() { text += chunk.text }
        #expect(text == "end")
        #expect(requests.value.filter { $0.contains("live=sse") }.count == 3)
    }
}
