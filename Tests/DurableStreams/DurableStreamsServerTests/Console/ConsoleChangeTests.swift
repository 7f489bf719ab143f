import DurableStreamsServer
import DurableStreamsStorage
import DurableStreamsTestSupport
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("The Durable Streams console's changes and windowed reads")
struct ConsoleChangeTests {
    @Test("send text and JSON, read them back by window and over the protocol, close, fork, delete")
    @available(OS2023, *)
    func changes() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            let text = ServerHarness.uniquePath("text")
            let created = try await server.consoleChange(
                "create", ["path": text, "contentType": "text/plain", "ttlSeconds": 60])
            #expect(created.status == 201)
            #expect((created.json as? [String: Any])?["ttlSeconds"] as? Int == 60)
            #expect(try await server.consoleChange("create", ["path": text]).status == 409)
            #expect(try await server.consoleChange("append", ["path": text, "body": "hello "]).status == 200)
            #expect(try await server.consoleChange("append", ["path": text, "body": "world"]).status == 200)
            #expect(try await server.consoleChange("append", ["path": text, "body": ""]).status == 400)
            #expect(try await server.read(text).text == "hello world")

            // Windows: at most `max` bytes (whole appends), with the next offset.
            let query = "?path=\(text)&offset=-1&max=3"
            let first = try await server.send(.GET, "/__console/api/read" + query)
            #expect(first.text == "hello ")
            #expect(first.header("Stream-Up-To-Date") == nil)
            let next = try #require(first.nextOffset)
            let second = try await server.send(.GET, "/__console/api/read?path=\(text)&offset=\(next)")
            #expect(second.text == "world" && second.header("Stream-Up-To-Date") == "true")
            #expect(second.header("Content-Type") == "application/octet-stream")
            #expect(try await server.send(.GET, "/__console/api/read?path=\(text)&offset=zz").status == 400)

            let json = ServerHarness.uniquePath("json")
            try await server.consoleChange("create", ["path": json, "contentType": "application/json"])
            #expect(try await server.consoleChange("append", ["path": json, "body": "[{\"a\": 1}, 2]"]).status == 200)
            #expect(try await server.consoleChange("append", ["path": json, "body": "{nope"]).status == 400)
            #expect(try await server.send(.GET, "/__console/api/read?path=\(json)").text == "[{\"a\":1},2]")

            // Fork at the first append, then close and delete the source.
            let fork = ServerHarness.uniquePath("fork")
            let forked = try await server.consoleChange("fork", ["path": fork, "source": text, "offset": next])
            #expect(forked.status == 201)
            #expect((forked.json as? [String: Any])?["forkSource"] as? String == text)
            #expect(try await server.read(fork).text == "hello ")
            let closed = try await server.consoleChange("close", ["path": text])
            #expect((closed.json as? [String: Any])?["closed"] as? Bool == true)
            #expect(try await server.consoleChange("append", ["path": text, "body": "late"]).status == 409)
            #expect(try await server.consoleChange("delete", ["path": fork]).status == 200)
            #expect(try await server.read(fork).status == 404)
            #expect(try await server.send(.GET, "/__console/api/stream?path=\(fork)").status == 404)
            #expect(try await server.consoleChange("delete", ["path": fork]).status == 404)
        }
    }

    @Test("text sends end with a newline when asked (the console's default), once, and never for JSON")
    @available(OS2023, *)
    func newline() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            let text = ServerHarness.uniquePath("lines")
            try await server.consoleChange("create", ["path": text, "contentType": "text/plain"])
            for body in ["one", "two\n"] {
                #expect(
                    try await server.consoleChange("append", ["path": text, "body": body, "newline": true]).status
                        == 200)
            }
            #expect(try await server.consoleChange("append", ["path": text, "body": "three"]).status == 200)
            #expect(try await server.read(text).text == "one\ntwo\nthree")
            let json = ServerHarness.uniquePath("json-lines")
            try await server.consoleChange("create", ["path": json, "contentType": "application/json"])
            #expect(
                try await server.consoleChange("append", ["path": json, "body": "1", "newline": true]).status == 200)
            #expect(try await server.send(.GET, "/__console/api/read?path=\(json)").text == "[1]")
        }
    }

    @Test("a path with a '.' or '..' segment is refused naming the segment")
    @available(OS2023, *)
    func dotSegments() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            for (path, segment) in [("/a/../b", "'..'"), ("/a/./b", "'.'")] {
                let refused = try await server.consoleChange("create", ["path": path])
                #expect(refused.status == 400)
                #expect(refused.text.contains("\(segment) segment"), "\(refused.text)")
            }
        }
    }

    @Test("paths outside the streams and bodies that are not JSON objects are refused")
    @available(OS2023, *)
    func badInput() async throws {
        try await ServerHarness.run(.withConsole { $0.basePath = "/v1" }) { server async throws in
            #expect(try await server.consoleChange("create", ["path": "/elsewhere"]).status == 400)
            #expect(try await server.consoleChange("create", ["path": "/v1/__ds/x"]).status == 400)
            #expect(try await server.consoleChange("create", ["path": "relative"]).status == 400)
            #expect(try await server.consoleChange("create", [:]).status == 400)
            #expect(try await server.consoleChange("create", ["path": "/v1/a", "contentType": "nope"]).status == 400)
            #expect(try await server.consoleChange("fork", ["path": "/v1/b", "source": "/v1/none"]).status == 404)
            let csrf = try await server.consoleSession()
            let raw = try await server.send(
                .POST, "/__console/api/create", headers: server.consoleHeaders(csrf: csrf), text: "[1, 2]")
            #expect(raw.status == 400)
            #expect(try await server.send(.GET, "/__console/api/stream").status == 400)
        }
    }

    @Test("hostile names and bodies come back as JSON strings and raw bytes, never as markup")
    @available(OS2023, *)
    func hostile() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            let path = "/%3Cscript%3Ealert(1)%3C%2Fscript%3E"
            #expect(try await server.create(path, body: "<b>\u{FFFD}</b>").status == 201)
            try await server.send(.POST, path, headers: [("Content-Type", "text/plain")], body: [0xFF, 0xFE, 0x3C])
            let list = try await server.send(.GET, "/__console/api/streams")
            #expect(list.header("Content-Type") == "application/json; charset=utf-8")
            #expect(list.header("X-Content-Type-Options") == "nosniff")
            let streams = try #require((list.json as? [String: Any])?["streams"] as? [[String: Any]])
            #expect(streams.first?["path"] as? String == path)
            let read = try await server.send(
                .GET, "/__console/api/read?path=\(path.replacingOccurrences(of: "%", with: "%25"))")
            #expect(read.body.suffix(3) == [0xFF, 0xFE, 0x3C])
            #expect(read.header("Content-Type") == "application/octet-stream")
        }
    }

    @Test("the console's streams and subscriptions: a pull-wake subscription linked to a stream is listed")
    @available(OS2023, *)
    func subscriptions() async throws {
        try await ServerHarness.run(.withConsole()) { server async throws in
            let path = "/jobs/a"
            try await server.create(path)
            let body =
                #"{"type":"pull-wake","streams":["jobs/a"],"wake_stream":"wakes","description":"<i>workers</i>"}"#
            try await server.create("/wakes", contentType: "application/json")
            #expect(try await server.send(.PUT, "/__ds/subscriptions/workers", text: body).status < 300)
            let listed = try await server.consoleGet("subscriptions", ["path": path])
            #expect(listed["available"] as? Bool == true)
            let first = try #require((listed["subscriptions"] as? [[String: Any]])?.first)
            #expect(first["id"] as? String == "workers" && first["link"] as? String == "explicit")
            #expect(first["description"] as? String == "<i>workers</i>")
            #expect(
                (try await server.consoleGet("subscriptions", ["path": "/wakes"])["subscriptions"] as? [Any])?.isEmpty
                    == true)
        }
    }

    @Test("the embedded files are the Web folder's (scripts/web-assets was run)")
    @available(OS2023, *)
    func assetsUpToDate() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let web = root.appendingPathComponent("Sources/DurableStreams/Server/Console/Web")
        let names = try FileManager.default.contentsOfDirectory(atPath: web.path).sorted()
        #expect(names == ConsoleAssets.names)
        for name in names {
            let text = try String(contentsOf: web.appendingPathComponent(name), encoding: .utf8)
            var expected = text
            while expected.hasSuffix("\n") { expected.removeLast() }
            #expect(ConsoleAssets.file(named: name)?.text == expected, "\(name): run scripts/web-assets")
        }
    }
}
