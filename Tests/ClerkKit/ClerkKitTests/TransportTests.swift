import Foundation
import Testing

@testable import ClerkKit

/// ``URLSessionTransport`` over real sockets on 127.0.0.1.
@MainActor
@Suite struct TransportTests {
    @available(OS2023, *)
    @Test func signInOverHTTPThroughAProxyURL() async throws {
        let body = Fixtures.data([
            "response": Fixtures.signIn(status: "complete", sessionId: "sess_1"), "client": Fixtures.signedInClient(),
        ])
        let server = try RawHTTPServer { _ in
            RawHTTPServer.response(
                headers: [("Content-Type", "application/json"), ("Authorization", "dvc_wire")], body: body)
        }
        defer { server.stop() }
        let configuration = try Fixtures.configuration(proxy: "http://127.0.0.1:\(server.port)/__clerk")
        let clerk = Clerk(configuration: configuration)
        let signIn = try await clerk.auth.signIn(identifier: "ada@example.com", password: "pw")
        #expect(signIn.status == .complete)
        #expect(clerk.session?.id == "sess_1")
        #expect(clerk.core.identity.snapshot.deviceToken == "dvc_wire")
        let raw = try #require(server.requests.first)
        #expect(raw.hasPrefix("POST /__clerk/v1/client/sign_ins?_is_native=true HTTP/1.1\r\n"))
        #expect(raw.lowercased().contains("clerk-api-version: 2026-05-12"))
        #expect(raw.lowercased().contains("content-type: application/x-www-form-urlencoded"))
        #expect(raw.hasSuffix("identifier=ada%40example.com&password=pw&strategy=password"))
    }

    @available(OS2023, *)
    @Test func aConnectionDroppedMidBodyIsATransportErrorAndChangesNothing() async throws {
        let server = try RawHTTPServer { _ in
            Array("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\nAuthorization: dvc_evil\r\n\r\n{\"response\":".utf8)
        }
        defer { server.stop() }
        let configuration = try Fixtures.configuration(proxy: "http://127.0.0.1:\(server.port)")
        let store = InMemorySecureStore()
        let clerk = Clerk(configuration: configuration, store: store)
        let error = await caught { try await clerk.auth.signIn(identifier: "a", password: "b") }
        #expect(error?.code == .transport)
        #expect(server.requests.count == 1)  // a POST that may have been processed is not resent
        #expect(clerk.client == nil)
        #expect(store.keys.isEmpty)
    }

    /// libcurl resends a request whose kept-alive connection turns out closed, whatever its method: a POST the
    /// server may have processed must never take that path.
    @available(OS2023, *)
    @Test func aPostIsNeverSentTwiceWhenAKeptAliveConnectionDrops() async throws {
        let server = try RawHTTPServer(keepAliveThenDrop: true) { _ in
            RawHTTPServer.response(
                headers: [("Content-Type", "application/json")], body: Data("{}".utf8), keepAlive: true)
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        let base = "http://127.0.0.1:\(server.port)"
        let read = try await transport.send(
            ClerkHTTPRequest(method: "GET", url: try #require(URL(string: base + "/v1/client"))))
        #expect(read.status == 200)
        _ = try? await transport.send(
            ClerkHTTPRequest(
                method: "POST", url: try #require(URL(string: base + "/v1/client/sign_ins")),
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data("identifier=a".utf8)))
        #expect(server.requests.filter { $0.hasPrefix("POST ") }.count == 1)
        #expect(URLSessionTransport.isSafeToResend("GET") && !URLSessionTransport.isSafeToResend("POST"))
    }

    @available(OS2023, *)
    @Test func everyHeaderFieldReachesTheWireAndRepeatedNamesAreJoined() async throws {
        let server = try RawHTTPServer { _ in
            RawHTTPServer.response(headers: [("Content-Type", "application/json")], body: Data("{}".utf8))
        }
        defer { server.stop() }
        var headers: ClerkHTTPHeaders = ["Authorization": "dvc_1", "x-clerk-client-id": "client_1"]
        headers.add("X-Trace", "a")
        headers.add("x-trace", "b")
        headers["AUTHORIZATION"] = "dvc_2"
        #expect(headers.fields.map(\.name) == ["x-clerk-client-id", "X-Trace", "x-trace", "AUTHORIZATION"])
        #expect(headers["authorization"] == "dvc_2" && headers["X-CLERK-CLIENT-ID"] == "client_1")
        #expect(headers["x-clerk-client-i"] == nil && headers["x-clerk-client-idx"] == nil)
        // Only letters fold: "@" and "`" differ by the case bit but are not one letter in two cases.
        #expect(!ClerkHTTPHeaders.sameName("a@b", "a`b") && ClerkHTTPHeaders.sameName("Content-Type", "cONTENT-tYPE"))
        let response = try await URLSessionTransport().send(
            ClerkHTTPRequest(
                method: "GET", url: try #require(URL(string: "http://127.0.0.1:\(server.port)/v1/client")),
                headers: headers))
        #expect(response.status == 200)
        let raw = try #require(server.requests.first).lowercased()
        #expect(raw.contains("\r\nauthorization: dvc_2\r\n"))
        #expect(raw.contains("\r\nx-clerk-client-id: client_1\r\n"))
        #expect(raw.contains("\r\nx-trace: a,b\r\n"))
    }

    @available(OS2023, *)
    @Test func connectionRefusedIsATransportError() async throws {
        let server = try RawHTTPServer { _ in [] }
        let port = server.port
        server.stop()
        let configuration = try Fixtures.configuration(
            proxy: "http://127.0.0.1:\(port)", options: ClerkOptions(retry: .none, device: Fixtures.testDevice))
        let clerk = Clerk(configuration: configuration)
        let error = await caught { try await clerk.refreshClient() }
        #expect(error?.code == .transport)
    }
}
