import DurableStreamsServer
import DurableStreamsStorage
import DurableStreamsTestSupport
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("A configurable stream root (base path)")
struct BasePathTests {
    @available(OS2023, *)
    private func mounted(_ basePath: String = "/v1/stream") -> DurableStreamsServer.Configuration {
        .forTests { $0.basePath = basePath }
    }

    @Test("streams live under the root; paths outside it are 404, and __ds under it is reserved")
    @available(OS2023, *)
    func mountedStreams() async throws {
        try await ServerHarness.run(mounted("/v1/stream/")) { server async throws in
            let path = "/v1/stream/orders-\(UUID().uuidString.lowercased())"
            #expect(try await server.create(path).status == 201)
            #expect(try await server.append(path, "x").status == 204)
            #expect(try await server.read(path).body == Array("x".utf8))
            // Outside the root, and the root itself.
            #expect(try await server.send(.PUT, "/orders").status == 404)
            #expect(try await server.send(.GET, "/v1/streamx/a").status == 404)
            #expect(try await server.send(.GET, "/v1/stream").status == 404)
            #expect(try await server.send(.GET, "/v1/stream/").status == 404)
            // The reserved namespace is the first segment under the root, escaped or not.
            #expect(try await server.send(.GET, "/v1/stream/__ds/subscriptions/s").status == 404)
            #expect(try await server.send(.GET, "/v1/stream/%5F%5Fds/subscriptions/s").text.contains("SUBSCRIPTION"))
            #expect(try await server.send(.GET, "/v1/stream/__ds").text.contains("control route not found"))
            // Deeper down, __ds is an ordinary segment; above the root, nothing is served.
            #expect(try await server.create("/v1/stream/app/__ds").status == 201)
            #expect(try await server.send(.PUT, "/__ds/subscriptions/s").status == 404)
            // An escaped root names the same streams.
            #expect(try await server.read("/v1/%73tream/" + path.dropFirst("/v1/stream/".count)).status == 200)
        }
    }

    @Test("a fork's source must be a stream under the same root")
    @available(OS2023, *)
    func forkSources() async throws {
        try await ServerHarness.run(mounted()) { server async throws in
            let source = "/v1/stream/source-\(UUID().uuidString.lowercased())"
            try await server.create(source)
            try await server.append(source, "abc")
            let fork = "/v1/stream/fork-\(UUID().uuidString.lowercased())"
            #expect(try await server.fork(fork, from: source).status == 201)
            #expect(try await server.read(fork).body == Array("abc".utf8))
            #expect(try await server.fork(fork + "-2", from: "/elsewhere/x").status == 400)
            #expect(try await server.fork(fork + "-3", from: "/v1/stream/__ds/subscriptions/x").status == 400)
        }
    }

    @Test(
        "the root is checked when the server starts",
        arguments: ["v1/stream", "/v1/../x", "/v1//x", "/v1/__ds", "/a b"])
    @available(OS2023, *)
    func invalidRoots(root: String) async throws {
        let server = DurableStreamsServer(configuration: mounted(root))
        do {
            _ = try await server.start()
            await server.stop()
            Issue.record("started with base path \(root)")
        } catch {
            #expect(error.code == .invalidConfiguration, "\(error)")
        }
    }

    @Test("locating request paths")
    @available(OS2023, *)
    func locate() throws {
        let top = try StreamRoot("/")
        #expect(top.prefix == "")
        #expect(try top.locate("/a/b") == .stream(try StreamPath(validating: "/a/b")))
        #expect(try top.locate("/__ds/subscriptions/x") == .reserved(rest: "subscriptions/x"))
        #expect(throws: StreamStorageError.self) { try top.locate("/") }
        let mounted = try StreamRoot("/v1/stream//")
        #expect(mounted.prefix == "/v1/stream")
        #expect(
            try mounted.locate("/v1/stream/__ds/subscriptions/x/streams/a%2Fb")
                == .reserved(rest: "subscriptions/x/streams/a%2Fb"))
        #expect(try mounted.locate("/v1/stream-2/a") == .outside)
        #expect(mounted.relative(try StreamPath(validating: "/v1/stream/events/abc")) == "events/abc")
        #expect(mounted.relative(try StreamPath(validating: "/other/abc")) == nil)
        #expect(try mounted.stream(relative: "events/abc").value == "/v1/stream/events/abc")
        #expect(throws: StreamStorageError.self) { try mounted.stream(relative: "__ds/x") }
        #expect(throws: StreamStorageError.self) { try mounted.stream(relative: "../x") }
    }
}
