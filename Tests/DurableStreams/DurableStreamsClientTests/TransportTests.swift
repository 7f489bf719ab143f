import CourierTestSupport
import DurableStreams
import Foundation
import Testing

/// URLSession (FoundationNetworking on Linux) behind the same protocol as AsyncHTTPClient.
@Suite("URLSession transport")
struct TransportTests {
    @Test("reads, writes and SSE tails work through one URLSession")
    @available(OS2023, *)
    func urlSession() async throws {
        try await withTestServer { server in
            let transport = URLSessionTransport()
            defer { transport.shutdown() }
            // Generous: the whole suite loads the machine, and no step here waits on a timeout.
            let configuration = HandleConfiguration(
                http: HTTPConfiguration(transport: transport, timeout: .seconds(60)))
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL("urlsession"), contentType: "text/plain", configuration: configuration)
            try await handle.appendBytesSync(Data("one;".utf8))
            let caughtUp = try await DurableStream.stream(url: handle.url, configuration: configuration.http).text()
            #expect(caughtUp.text == "one;")
            let response = try await DurableStream.stream(
                url: handle.url, live: .sse, configuration: configuration.http)
            let reader = Task { () -> String in
                var text = ""
                for try await chunk in response.textStream() { text += chunk.text }
                return text
            }
            try await handle.appendBytesSync(Data("two;".utf8))
            try await handle.closeStream()
            #expect(try await withTimeout(.seconds(60)) { try await reader.value } == "one;two;")
        }
    }

    @Test("a request after shutdown fails with transportShutDown, sending nothing")
    @available(OS2023, *)
    func requestAfterShutdown() async throws {
        try await withTestServer { server in
            let transport = URLSessionTransport()
            transport.shutdown()
            transport.shutdown()
            let http = HTTPConfiguration(transport: transport, readRetryPolicy: .readDefault)
            for method in [StreamHTTPRequest.Method.get, .post] {
                let refused = await #expect(throws: DurableStreamError.self) {
                    _ = try await transport.execute(StreamHTTPRequest(method: method, url: server.streamURL()))
                }
                #expect(refused?.code == .transportShutDown)
            }
            let read = await #expect(throws: DurableStreamError.self) {
                _ = try await DurableStream.stream(url: server.streamURL(), configuration: http).text()
            }
            #expect(read?.code == .transportShutDown, "not retried: \(String(describing: read))")
        }
    }

    @Test("shutdown while a cancelled long-poll reader starts its next request ends the read, never traps")
    @available(OS2023, *)
    func shutdownDuringLongPoll() async throws {
        // Long-polls of 2 s: FoundationNetworking itself traps when a task is cancelled just as it completes (a
        // race inside it that no caller can close), which 20 ms long-polls would hit.
        try await withTestServer(longPollTimeout: .seconds(2)) { server in
            let url = server.streamURL("shutdown")
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: HandleConfiguration(http: server.http))
            // Twenty runs, each shutting down at a different point of the reader's start.
            for round in 0..<20 {
                let transport = URLSessionTransport()
                let http = HTTPConfiguration(transport: transport, timeout: .seconds(30))
                let reader = Task {
                    let response = try await DurableStream.stream(url: url, live: .longPoll, configuration: http)
                    for try await _ in response.byteStream() {}
                }
                try await Task.sleep(for: .milliseconds(round % 8 * 5))
                reader.cancel()
                transport.shutdown()
                let ended = try await withTimeout(.seconds(30)) { await reader.result }
                if case .failure(let error) = ended {
                    #expect(error is DurableStreamError, "a typed error: \(error)")
                }
            }
        }
    }

    @Test("an append on a dropped kept-alive connection is resent only before its body left (Expect: 100-continue)")
    @available(OS2023, *)
    func appendResentOnlyBeforeBody() async throws {
        let reply = HostileServer.response(
            headers: ["Stream-Next-Offset": "1", "Content-Type": "text/plain"], body: Data(), keepAlive: true)
        let server = try HostileServer { _ in .bytesThenDropNext(reply) }
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.shutdown() }
        let configuration = HandleConfiguration(http: HTTPConfiguration(transport: transport, timeout: .seconds(10)))
        let url = try #require(URL(string: server.baseURL + "/once"))
        // A read leaves a kept-alive connection that the server drops when the next request arrives on it.
        _ = try await DurableStreamHandle.head(url: url, configuration: configuration)
        let handle = try DurableStreamHandle.attach(url: url, contentType: "text/plain", configuration: configuration)
        _ = try? await handle.appendBytesSync(Data("once".utf8))
        // The server dropped the first POST after its head, before any 100 Continue: its body never left, so
        // libcurl may send it again on a new connection. Each POST waits for the 100 before its body.
        let posts = server.requests.filter { $0.hasPrefix("POST ") }
        #expect((1...2).contains(posts.count), "\(server.requests)")
        #expect(posts.allSatisfy { $0.lowercased().contains("\r\nexpect: 100-continue\r\n") }, "\(posts)")
    }

    @Test("an informational head before the response (103 Early Hints) is skipped, not taken for the answer")
    @available(OS2023, *)
    func informationalHeadSkipped() async throws {
        let final = HostileServer.response(
            headers: ["Stream-Next-Offset": "5", "Content-Type": "text/plain"], body: Data("hello".utf8))
        let server = try HostileServer { _ in
            .bytes(Data("HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n".utf8) + final)
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.shutdown() }
        let url = try #require(URL(string: server.baseURL + "/hinted?offset=-1"))
        let response = try await transport.execute(StreamHTTPRequest(method: .get, url: url, timeout: .seconds(20)))
        #expect(response.status == 200)
        var body = Data()
        while let chunk = try await response.body.next() { body += chunk }
        #expect(body == Data("hello".utf8))
    }

    @Test("a large catch-up body streams through the delegate intact")
    @available(OS2023, *)
    func largeBody() async throws {
        try await withTestServer { server in
            let transport = URLSessionTransport(highWaterMark: 64 * 1024)
            defer { transport.shutdown() }
            let http = HTTPConfiguration(transport: transport)
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL("large"), contentType: "application/octet-stream",
                configuration: server.configuration(timeout: .seconds(60)))
            let payload = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try await handle.appendBytesSync(payload)
            let bytes = try await DurableStream.stream(url: handle.url, configuration: http).bytes()
            #expect(bytes.data == payload)
        }
    }

    #if canImport(FoundationNetworking)
    @Test("a reader that falls too far behind is cut off with a retryable error, not buffered without bound")
    @available(OS2023, *)
    func boundedBuffer() async throws {
        try await withTestServer { server in
            let transport = URLSessionTransport(highWaterMark: 16 * 1024, maxBufferedBytes: 256 * 1024)
            defer { transport.shutdown() }
            // The 4 MiB set-up append is not under test: it gets as long as the reader's request below.
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL("slow"), contentType: "application/octet-stream",
                configuration: server.configuration(timeout: .seconds(60)))
            try await handle.appendBytesSync(Data(repeating: 9, count: 4 << 20))
            let url = try #require(URL(string: handle.url.absoluteString + "?offset=-1"))
            // Generous: what is under test is the buffer bound, and the whole suite loads the machine.
            let response = try await transport.execute(StreamHTTPRequest(method: .get, url: url, timeout: .seconds(60)))
            // Simulates a consumer busy elsewhere while the body keeps arriving.
            try await Task.sleep(for: .milliseconds(500))
            var received = 0
            do {
                while let chunk = try await response.body.next() { received += chunk.count }
                Issue.record("the whole body was buffered (\(received) bytes)")
            } catch let error as DurableStreamError {
                guard case .connectionFailed = error else { throw error }
                #expect(error.isTransient)
                #expect(received < 4 << 20)
            }
        }
    }
    #endif

    @Test("a missing stream is a typed error through URLSession too")
    @available(OS2023, *)
    func notFound() async throws {
        try await withTestServer { server in
            let transport = URLSessionTransport()
            defer { transport.shutdown() }
            await #expect(throws: DurableStreamError.self) {
                try await DurableStreamHandle.head(
                    url: server.streamURL("missing"),
                    configuration: HandleConfiguration(http: HTTPConfiguration(transport: transport)))
            }
        }
    }
}
