import Foundation
import Testing

@Suite("POST appends")
struct AppendTests {
    @Test("204 with a growing Stream-Next-Offset; the data reads back in order")
    @available(OS2023, *)
    func appendsInOrder() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            var offsets: [String] = []
            for chunk in ["chunk1", "chunk2", "chunk3"] {
                let response = try await server.append(path, chunk)
                #expect(response.status == 204)
                offsets.append(try #require(response.nextOffset))
            }
            #expect(offsets == offsets.sorted())
            #expect(Set(offsets).count == 3)
            #expect(try await server.read(path).text == "chunk1chunk2chunk3")
            #expect(try await server.read(path, query: "offset=\(offsets[0])").text == "chunk2chunk3")
        }
    }

    @Test("404 for a missing stream; 409 for a different content type; 400 without Content-Type or body")
    @available(OS2023, *)
    func refusals() async throws {
        try await ServerHarness.run { server in
            #expect(try await server.append(ServerHarness.uniquePath("missing"), "x").status == 404)
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(try await server.append(path, "{}", contentType: "application/json").status == 409)
            #expect(try await server.send(.POST, path, text: "no type").status == 400)
            #expect(try await server.send(.POST, path, headers: [("Content-Type", "text/plain")]).status == 400)
            #expect(try await server.append(path, "x", contentType: "TEXT/PLAIN").status == 204)
            #expect(try await server.append(path, "x", contentType: "not a type").status == 400)
        }
    }

    @Test(
        "Content-Type is type/subtype of tokens, any case, parameters and surrounding spaces allowed",
        arguments: [
            ("text/plain", 204), (" Text/Plain ; charset=utf-8 ", 204), ("\ttext/plain\t", 204),
            ("text/", 400), ("/plain", 400), ("text", 400), ("text/plain/x", 400), ("te xt/plain", 400),
            ("text/pl@in", 400), ("", 400), (";", 400),
        ])
    @available(OS2023, *)
    func contentTypeForms(contentType: String, status: Int) async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(try await server.append(path, "x", contentType: contentType).status == status)
        }
    }

    @Test("A header that must be single (Content-Type, a producer header) sent twice is refused with 400")
    @available(OS2023, *)
    func repeatedHeaders() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let twice = [("Content-Type", "text/plain"), ("Content-Type", "text/plain")]
            #expect(try await server.send(.POST, path, headers: twice, text: "x").status == 400)
            let producer = [
                ("Content-Type", "text/plain"), ("Producer-Id", "a"), ("Producer-Id", "b"), ("Producer-Epoch", "0"),
                ("Producer-Seq", "0"),
            ]
            #expect(try await server.send(.POST, path, headers: producer, text: "x").status == 400)
            #expect(try await server.read(path).text == "")
        }
    }

    @Test("Stream-Seq must grow byte-wise: '2' then '10' conflicts, '09' then '10' does not")
    @available(OS2023, *)
    func streamSequence() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(try await server.append(path, "a", headers: [("Stream-Seq", "2")]).status == 204)
            #expect(try await server.append(path, "b", headers: [("Stream-Seq", "10")]).status == 409)
            #expect(try await server.append(path, "b", headers: [("Stream-Seq", "2")]).status == 409)
            let other = ServerHarness.uniquePath()
            try await server.create(other)
            #expect(try await server.append(other, "a", headers: [("stream-seq", "09")]).status == 204)
            #expect(try await server.append(other, "b", headers: [("Stream-Seq", "10")]).status == 204)
            #expect(try await server.append(other, "c", headers: [("Stream-Seq", "")]).status == 400)
        }
    }

    @Test("Binary data round-trips byte for byte")
    @available(OS2023, *)
    func binary() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "application/octet-stream")
            let bytes: [UInt8] = Array(0...255) + [0, 0xFF, 0x0A, 0x0D]
            #expect(
                try await server.send(.POST, path, headers: [("Content-Type", "application/octet-stream")], body: bytes)
                    .status == 204)
            #expect(try await server.read(path).body == bytes)
        }
    }

    @Test("Concurrent appends are all stored once")
    @available(OS2023, *)
    func concurrent() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<40 {
                    group.addTask { try await server.append(path, "<\(index)>").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 204 })
            let text = try await server.read(path).text
            for index in 0..<40 { #expect(text.contains("<\(index)>")) }
            #expect(text.count == (0..<40).map { "<\($0)>".count }.reduce(0, +))
        }
    }
}

@Suite("JSON mode")
struct JSONModeTests {
    @Test("Values are kept as messages; a top-level array is flattened one level; reads return one array")
    @available(OS2023, *)
    func flattening() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            #expect(try await server.create(path, contentType: "application/json", body: "[]").status == 201)
            let empty = try await server.read(path)
            #expect(empty.text == "[]")
            for body in [
                "{\"event\" : \"a\"}", "[{\"event\":\"b\"}, {\"event\":\"c\"}]", "[[1,2], [3,4]]", "[[[1,2,3]]]",
                "\"text\"", "42", "null",
            ] {
                #expect(try await server.append(path, body, contentType: "application/json").status == 204)
            }
            let read = try await server.read(path)
            #expect(read.header("Content-Type") == "application/json")
            #expect(read.text == #"[{"event":"a"},{"event":"b"},{"event":"c"},[1,2],[3,4],[[1,2,3]],"text",42,null]"#)
        }
    }

    @Test("Whitespace is removed, everything else is kept byte for byte")
    @available(OS2023, *)
    func compactForm() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "application/json")
            let body =
                "\u{FEFF}{ \"big\" : 12345678901234567890.50e+3 ,\n\t\"s\": \"a\\u00e9 \\n\\\"q\\\" é\", \"dup\":1, \"dup\":2 }"
            #expect(try await server.append(path, body, contentType: "application/json; charset=utf-8").status == 204)
            let text = try await server.read(path).text
            #expect(
                text == "[{\"big\":12345678901234567890.50e+3,\"s\":\"a\\u00e9 \\n\\\"q\\\" é\",\"dup\":1,\"dup\":2}]")
        }
    }

    @Test(
        "Invalid JSON and empty arrays are refused with 400 and change nothing",
        arguments: [
            "{ invalid json }", "[]", "[1,]", "{\"a\":1", "01", "1.", "-", "\"\u{1}\"", "[1] 2", "tru", "", "   ",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        ])
    @available(OS2023, *)
    func invalid(body: String) async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "application/json")
            let response = try await server.append(path, body, contentType: "application/json")
            #expect(response.status == 400)
            #expect(try await server.read(path).text == "[]")
        }
    }

    @Test("Invalid UTF-8 inside a string is refused")
    @available(OS2023, *)
    func invalidUTF8() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "application/json")
            for bytes: [UInt8] in [
                [0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
            ] {
                let response = try await server.send(
                    .POST, path, headers: [("Content-Type", "application/json")], body: bytes)
                #expect(response.status == 400)
            }
        }
    }

    @Test("An invalid initial body fails the create; an empty array creates an empty stream")
    @available(OS2023, *)
    func invalidCreate() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let refused = try await server.create(path, contentType: "application/json", body: "{oops")
            #expect(refused.status == 400)
            #expect(try await server.send(.HEAD, path).status == 404)
        }
    }
}
