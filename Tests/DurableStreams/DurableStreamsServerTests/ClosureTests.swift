import Testing

@Suite("Stream closure over HTTP")
struct ClosureTests {
    @Test(
        "Close-only keeps the offset, is idempotent, ignores Content-Type, and later appends get 409 with the final offset"
    )
    @available(OS2023, *)
    func closeOnly() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let created = try await server.create(path, contentType: "application/json", body: "[1]")
            let close = try await server.send(
                .POST, path, headers: [("Stream-Closed", "true"), ("Content-Type", "text/plain")])
            #expect(close.status == 204)
            #expect(close.header("Stream-Closed") == "true")
            #expect(close.nextOffset == created.nextOffset)
            let again = try await server.send(.POST, path, headers: [("Stream-Closed", "TRUE")])
            #expect(again.status == 204)
            #expect(again.header("Stream-Closed") == "true")
            let refused = try await server.append(path, "[2]", contentType: "application/json")
            #expect(refused.status == 409)
            #expect(refused.header("Stream-Closed") == "true")
            #expect(refused.nextOffset == created.nextOffset)
            let appendAndClose = try await server.append(
                path, "[2]", contentType: "text/plain", headers: [("Stream-Closed", "true")])
            #expect(appendAndClose.status == 409)
            #expect(appendAndClose.header("Stream-Closed") == "true")
            let head = try await server.send(.HEAD, path)
            #expect(head.header("Stream-Closed") == "true")
        }
    }

    @Test("Values other than 'true' do not close")
    @available(OS2023, *)
    func otherValues() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            for value in ["false", "yes", "1", ""] {
                #expect(try await server.append(path, "x", headers: [("Stream-Closed", value)]).status == 204)
            }
            #expect(try await server.send(.HEAD, path).header("Stream-Closed") == nil)
        }
    }

    @Test("Append-and-close stores the final data; reads signal EOF at the end only")
    @available(OS2023, *)
    func appendAndClose() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let first = try await server.append(path, "first ")
            let closing = try await server.append(path, "final", headers: [("Stream-Closed", "true")])
            #expect(closing.status == 204)
            #expect(closing.header("Stream-Closed") == "true")
            let all = try await server.read(path)
            #expect(all.text == "first final")
            #expect(all.header("Stream-Closed") == "true")
            #expect(all.header("Stream-Up-To-Date") == "true")
            let eof = try await server.read(path, query: "offset=\(try #require(closing.nextOffset))")
            #expect(eof.status == 200)
            #expect(eof.body.isEmpty)
            #expect(eof.header("Stream-Closed") == "true")
            let partial = try await server.read(path, query: "offset=\(try #require(first.nextOffset))")
            #expect(partial.text == "final")
            let now = try await server.read(path, query: "offset=now")
            #expect(now.header("Stream-Closed") == "true")
            #expect(now.header("Stream-Up-To-Date") == "true")
        }
    }

    @Test("A producer's closing request is a duplicate when retried, even with another body; other requests get 409")
    @available(OS2023, *)
    func producerClose() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let headers = [
                ("Stream-Closed", "true"), ("Producer-Id", "p"), ("Producer-Epoch", "0"), ("Producer-Seq", "0"),
            ]
            let first = try await server.append(path, "body-A", headers: headers)
            #expect(first.status == 200)
            #expect(first.header("Stream-Closed") == "true")
            let retry = try await server.append(path, "body-B", headers: headers)
            #expect(retry.status == 204)
            #expect(retry.header("Stream-Closed") == "true")
            let other = try await server.append(
                path, "x",
                headers: [
                    ("Stream-Closed", "true"), ("Producer-Id", "q"), ("Producer-Epoch", "0"), ("Producer-Seq", "0"),
                ])
            #expect(other.status == 409)
            #expect(try await server.read(path).text == "body-A")
        }
    }

    @Test("Close-only with producer headers takes part in the producer's sequence")
    @available(OS2023, *)
    func producerCloseOnly() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(
                try await server.append(
                    path, "m", headers: [("Producer-Id", "p"), ("Producer-Epoch", "0"), ("Producer-Seq", "0")]
                ).status == 200)
            let close = try await server.send(
                .POST, path,
                headers: [
                    ("Stream-Closed", "true"), ("Producer-Id", "p"), ("Producer-Epoch", "0"), ("Producer-Seq", "1"),
                ])
            #expect(close.status == 204)
            #expect(close.header("Producer-Epoch") == "0")
            #expect(close.header("Producer-Seq") == "1")
            let retry = try await server.send(
                .POST, path,
                headers: [
                    ("Stream-Closed", "true"), ("Producer-Id", "p"), ("Producer-Epoch", "0"), ("Producer-Seq", "1"),
                ])
            #expect(retry.status == 204)
            #expect(retry.header("Stream-Closed") == "true")
        }
    }

    @Test("Closing a missing stream is 404; deleting a closed stream removes it")
    @available(OS2023, *)
    func missingAndDelete() async throws {
        try await ServerHarness.run { server in
            #expect(
                try await server.send(.POST, ServerHarness.uniquePath(), headers: [("Stream-Closed", "true")]).status
                    == 404)
            let path = ServerHarness.uniquePath()
            try await server.create(path, headers: [("Stream-Closed", "true")])
            #expect(try await server.send(.DELETE, path).status == 204)
            #expect(try await server.send(.HEAD, path).status == 404)
        }
    }
}
