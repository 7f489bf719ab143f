import Testing

@Suite("Idempotent producers over HTTP")
struct ProducerTests {
    @available(OS2023, *)
    private func producer(_ id: String, _ epoch: Any, _ seq: Any) -> [(String, String)] {
        [("Producer-Id", id), ("Producer-Epoch", "\(epoch)"), ("Producer-Seq", "\(seq)")]
    }

    @Test("200 with the echoed epoch and seq; duplicates 204 with the highest seq; data stored once")
    @available(OS2023, *)
    func acceptAndDeduplicate() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            for seq in 0..<3 {
                let response = try await server.append(path, "m\(seq)", headers: producer("p", 0, seq))
                #expect(response.status == 200)
                #expect(response.header("Producer-Epoch") == "0")
                #expect(response.header("Producer-Seq") == "\(seq)")
                #expect(response.nextOffset != nil)
            }
            let duplicate = try await server.append(path, "m1", headers: producer("p", 0, 1))
            #expect(duplicate.status == 204)
            #expect(duplicate.header("Producer-Seq") == "2")
            #expect(try await server.read(path).text == "m0m1m2")
        }
    }

    @Test(
        "Stale epochs get 403 with the current epoch; gaps 409 with expected and received; a new epoch must start at 0")
    @available(OS2023, *)
    func fencingAndGaps() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(try await server.append(path, "a", headers: producer("p", 0, 0)).status == 200)
            let gap = try await server.append(path, "b", headers: producer("p", 0, 2))
            #expect(gap.status == 409)
            #expect(gap.header("Producer-Expected-Seq") == "1")
            #expect(gap.header("Producer-Received-Seq") == "2")
            #expect(try await server.append(path, "b", headers: producer("p", 1, 5)).status == 400)
            let upgraded = try await server.append(path, "b", headers: producer("p", 1, 0))
            #expect(upgraded.status == 200)
            #expect(upgraded.header("Producer-Epoch") == "1")
            let zombie = try await server.append(path, "z", headers: producer("p", 0, 1))
            #expect(zombie.status == 403)
            #expect(zombie.header("Producer-Epoch") == "1")
            #expect(try await server.append(path, "q", headers: producer("q", 0, 0)).status == 200)
            #expect(try await server.read(path).text == "abq")
        }
    }

    @Test("A retry with both producer headers and a Stream-Seq is a duplicate, not a conflict")
    @available(OS2023, *)
    func duplicateBeforeStreamSeq() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let headers = producer("p", 0, 0) + [("Stream-Seq", "app-001")]
            #expect(try await server.append(path, "m", headers: headers).status == 200)
            #expect(try await server.append(path, "m", headers: headers).status == 204)
        }
    }

    @Test(
        "Partial, empty or non-integer producer headers are refused with 400",
        arguments: [
            [("Producer-Id", "p")], [("Producer-Epoch", "0")], [("Producer-Id", "p"), ("Producer-Epoch", "0")],
            [("Producer-Id", ""), ("Producer-Epoch", "0"), ("Producer-Seq", "0")],
            [("Producer-Id", "p"), ("Producer-Epoch", "0"), ("Producer-Seq", "1abc")],
            [("Producer-Id", "p"), ("Producer-Epoch", "0xyz"), ("Producer-Seq", "0")],
            [("Producer-Id", "p"), ("Producer-Epoch", "1e3"), ("Producer-Seq", "0")],
            [("Producer-Id", "p"), ("Producer-Epoch", "-1"), ("Producer-Seq", "0")],
            [("Producer-Id", "p"), ("Producer-Epoch", "+1"), ("Producer-Seq", "0")],
            [("Producer-Id", "p"), ("Producer-Epoch", "9007199254740992"), ("Producer-Seq", "0")],
            [("Producer-Id", "p"), ("Producer-Epoch", "0"), ("Producer-Seq", "0"), ("Producer-Seq", "1")],
        ])
    @available(OS2023, *)
    func invalidHeaders(headers: [(String, String)]) async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(try await server.append(path, "x", headers: headers).status == 400)
            #expect(try await server.read(path).text.isEmpty)
        }
    }

    @Test("Producer appends to JSON streams deduplicate too, and invalid JSON is still refused")
    @available(OS2023, *)
    func json() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "application/json")
            #expect(
                try await server.append(
                    path, "{\"id\":1}", contentType: "application/json", headers: producer("p", 0, 0)
                ).status == 200)
            #expect(
                try await server.append(
                    path, "{\"id\":1}", contentType: "application/json", headers: producer("p", 0, 0)
                ).status == 204)
            #expect(
                try await server.append(path, "{bad", contentType: "application/json", headers: producer("p", 0, 1))
                    .status == 400)
            #expect(
                try await server.append(path, "[]", contentType: "application/json", headers: producer("p", 0, 1))
                    .status == 400)
            #expect(
                try await server.append(
                    path, "{\"id\":2}", contentType: "application/json", headers: producer("p", 0, 1)
                ).status == 200)
            #expect(try await server.read(path).text == #"[{"id":1},{"id":2}]"#)
        }
    }
}
