import Foundation
import Testing

@Suite("PUT creates streams")
struct CreateTests {
    @Test("201 with Location, Content-Type and the tail; 200 for an identical create; 409 for a different one")
    @available(OS2023, *)
    func createIsIdempotent() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let created = try await server.create(path, contentType: "text/plain")
            #expect(created.status == 201)
            #expect(created.header("Content-Type") == "text/plain")
            #expect(created.header("Location") == "\(server.base)\(path)")
            #expect(created.nextOffset == "0000000000000000")
            #expect(created.header("X-Content-Type-Options") == "nosniff")

            #expect(try await server.create(path, contentType: "TEXT/PLAIN").status == 200)
            #expect(try await server.create(path, contentType: "application/json").status == 409)
            #expect(try await server.create(path, headers: [("Stream-TTL", "60")]).status == 409)
            #expect(try await server.create(path, headers: [("Stream-Closed", "true")]).status == 409)
        }
    }

    @Test("An initial body becomes the stream's first data")
    @available(OS2023, *)
    func initialBody() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let created = try await server.create(path, body: "first")
            #expect(created.status == 201)
            let read = try await server.read(path)
            #expect(read.text == "first")
            #expect(read.nextOffset == created.nextOffset)
            #expect(read.header("Stream-Up-To-Date") == "true")
        }
    }

    @Test("A stream created closed is closed, with its body as the whole content")
    @available(OS2023, *)
    func createClosed() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let created = try await server.create(path, headers: [("Stream-Closed", "true")], body: "all of it")
            #expect(created.status == 201)
            #expect(created.header("Stream-Closed") == "true")
            let read = try await server.read(path)
            #expect(read.text == "all of it")
            #expect(read.header("Stream-Closed") == "true")
            #expect(try await server.append(path, "more").status == 409)
            #expect(try await server.create(path, headers: [("Stream-Closed", "true")]).status == 200)
            #expect(try await server.create(path).status == 409)
        }
    }

    @Test("Without Content-Type a stream is application/octet-stream")
    @available(OS2023, *)
    func defaultContentType() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let created = try await server.send(.PUT, path)
            #expect(created.status == 201)
            #expect(created.header("Content-Type") == "application/octet-stream")
        }
    }

    @Test("Content-Type parameters are kept and ignored when comparing")
    @available(OS2023, *)
    func contentTypeParameters() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "text/plain; charset=utf-8")
            let head = try await server.send(.HEAD, path)
            #expect(head.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(try await server.append(path, "x", contentType: "text/plain").status == 204)
        }
    }
}
