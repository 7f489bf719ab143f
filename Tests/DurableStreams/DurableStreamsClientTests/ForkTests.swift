import DurableStreams
import Foundation
import Testing

@Suite("Forks")
struct ForkTests {
    @Test("a fork reads the source's prefix, then its own appends; the source does not change")
    @available(OS2023, *)
    func forkAtOffset() async throws {
        try await withTestServer { server in
            let configuration = server.configuration()
            let source = try await DurableStreamHandle.create(
                url: server.streamURL("orders"), configuration: configuration)
            try await source.appendSync(1)
            let checkpoint = try await source.appendSync(2).offset
            try await source.appendSync(3)

            let fork = try await DurableStreamHandle.fork(
                url: server.streamURL("draft"), from: source.url, at: checkpoint, configuration: configuration)
            #expect(fork.wasCreated)
            #expect(fork.contentType == "application/json", "a fork without a content type takes its source's")
            #expect(await fork.offset == checkpoint)
            try await fork.appendSync(20)

            let forked = try await DurableStream.stream(url: fork.url, configuration: server.http).json(as: Int.self)
            #expect(forked.items == [1, 2, 20])
            let original = try await DurableStream.stream(url: source.url, configuration: server.http)
                .json(as: Int.self)
            #expect(original.items == [1, 2, 3])

            let again = try await DurableStreamHandle.fork(
                url: fork.url, from: source.url, at: checkpoint, configuration: configuration)
            #expect(!again.wasCreated, "the same fork again is confirmed, not created")
        }
    }

    @Test("a sub-offset takes part of the append at the fork offset")
    @available(OS2023, *)
    func subOffset() async throws {
        try await withTestServer { server in
            let source = try await DurableStreamHandle.create(
                url: server.streamURL("batches"), configuration: server.configuration())
            let start = try await source.appendSync(batch: [1, 2]).offset
            try await source.appendSync(batch: [3, 4, 5])
            let fork = try await DurableStreamHandle.fork(
                url: server.streamURL("partial"), from: source.url, at: start, subOffset: 2,
                configuration: server.configuration())
            let items = try await DurableStream.stream(url: fork.url, configuration: server.http).json(as: Int.self)
            #expect(items.items == [1, 2, 3, 4])
        }
    }

    @Test("forks of missing sources, at offsets that are no boundary, or on another server are typed errors")
    @available(OS2023, *)
    func errors() async throws {
        try await withTestServer { server in
            let configuration = server.configuration()
            let source = try await DurableStreamHandle.create(
                url: server.streamURL("text"), contentType: "text/plain", configuration: configuration)
            try await source.appendBytesSync(Data("hello".utf8))

            await #expect {
                _ = try await DurableStreamHandle.fork(
                    url: server.streamURL("a"), from: server.streamURL("missing"), configuration: configuration)
            } throws: { error in
                if case DurableStreamError.notFound = error { return true }
                return false
            }
            await #expect {
                _ = try await DurableStreamHandle.fork(
                    url: server.streamURL("b"), from: source.url, at: Offset(rawValue: "not-an-offset"),
                    configuration: configuration)
            } throws: { error in
                if case DurableStreamError.badRequest = error { return true }
                return false
            }
            let elsewhere = try #require(URL(string: "http://example.invalid:9/text"))
            await #expect {
                _ = try await DurableStreamHandle.fork(
                    url: server.streamURL("c"), from: elsewhere, configuration: configuration)
            } throws: { error in
                if case DurableStreamError.invalidArgument = error { return true }
                return false
            }
        }
    }
}
