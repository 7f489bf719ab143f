import DurableStreams
import Foundation
import Testing

@testable import DurableStreams

@Suite("Following a stream's incarnation")
struct IncarnationTests {
    @Test("The pin: first incarnation seen, re-pinned by the handle's create, forgotten by its delete")
    @available(OS2023, *)
    func pin() {
        let methods: [StreamHTTPRequest.Method] = [.get, .head, .put, .post, .delete]
        for start in [nil, "a"] as [String?] {
            for seen in [nil, "a", "b"] as [String?] {
                for method in methods {
                    var pin = IncarnationPin(current: start)
                    pin.observe(seen, method: method)
                    let expected: String? =
                        switch method {
                        case .delete: nil
                        case .put: seen ?? start
                        default: start ?? seen
                        }
                    #expect(
                        pin.current == expected, "\(String(describing: start)) \(String(describing: seen)) \(method)")
                }
            }
        }
        for method in methods {
            let sends = [.get, .head, .post].contains(method)
            #expect(IncarnationPin(current: "a").precondition(for: method) == (sends ? "a" : nil))
            #expect(IncarnationPin(current: nil).precondition(for: method) == nil)
        }
    }

    /// The error `body` throws, or `nil` when it does not throw.
    @available(OS2023, *)
    static func failure(_ body: () async throws(DurableStreamError) -> Void) async -> DurableStreamError? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test("After a delete and create at the URL, reads and appends fail with the new incarnation until followed")
    @available(OS2023, *)
    func recreated() async throws {
        try await withTestServer { server in
            let url = server.streamURL()
            let handle = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let first = try #require(handle.incarnation)
            _ = try await handle.appendBytesSync(Data("old".utf8))
            #expect(try await handle.stream(offset: .start, live: .catchUp).text().text == "old")
            #expect(try await handle.head().incarnation == first)

            try await DurableStreamHandle.delete(url: url, configuration: server.configuration())
            let other = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let second = try #require(other.incarnation)
            #expect(second != first)
            _ = try await other.appendBytesSync(Data("new".utf8))

            for live in [LiveMode.catchUp, .longPoll, .sse, .auto] {
                let read = await Self.failure { () throws(DurableStreamError) in
                    _ = try await handle.stream(offset: .start, live: live).text()
                }
                #expect(read?.code == .incarnationChanged, "\(live)")
                #expect(read?.context.incarnation == second, "\(live)")
                #expect(read?.status == 412)
            }
            let append = await Self.failure { () throws(DurableStreamError) in
                _ = try await handle.appendBytesSync(Data("lost".utf8))
            }
            #expect(append?.code == .incarnationChanged)
            #expect(append?.context.incarnation == second)
            let head = await Self.failure { () throws(DurableStreamError) in _ = try await handle.head() }
            #expect(head?.code == .incarnationChanged)
            #expect(try await other.stream(offset: .start, live: .catchUp).text().text == "new")

            handle.followIncarnation(append?.context.incarnation)
            #expect(handle.incarnation == second)
            #expect(try await handle.stream(offset: .start, live: .catchUp).text().text == "new")
            _ = try await handle.appendBytesSync(Data("!".utf8))
            #expect(try await other.stream(offset: .start, live: .catchUp).text().text == "new!")
        }
    }

    @Test("A handle's own delete and create follow the new stream without an error")
    @available(OS2023, *)
    func ownRecreation() async throws {
        try await withTestServer { server in
            let url = server.streamURL()
            let handle = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let first = try #require(handle.incarnation)
            try await handle.delete()
            #expect(handle.incarnation == nil)
            let again = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            #expect(again.incarnation != first)
            _ = try await again.appendBytesSync(Data("x".utf8))
            #expect(try await again.stream(offset: .start, live: .catchUp).text().text == "x")
            // The first handle forgot its stream with the delete, so it follows whichever it meets next.
            #expect(try await handle.stream(offset: .start, live: .catchUp).text().text == "x")
            #expect(handle.incarnation == again.incarnation)
        }
    }
}

// README "Incarnations and HTTP caching", word for word (scripts/readme-snippets checks it).
/// Reads a stream from the start; if it was deleted and created again meanwhile, reads the new one from its start.
@available(OS2023, *)
func readCurrentStream(_ handle: DurableStreamHandle) async throws(DurableStreamError) -> String {
    do {
        return try await handle.stream(offset: .start, live: .catchUp).text().text
    } catch  where error.code == .incarnationChanged {
        // Offsets of the old stream mean nothing in the new one.
        handle.followIncarnation(error.context.incarnation)
        return try await handle.stream(offset: .start, live: .catchUp).text().text
    }
}

@Test("README: a reader whose stream was created again reads the new one from its start")
@available(OS2023, *)
func readmeReadCurrentStream() async throws {
    try await withTestServer { server in
        let url = server.streamURL()
        let handle = try await DurableStreamHandle.create(
            url: url, contentType: "text/plain", configuration: server.configuration())
        _ = try await handle.appendBytesSync(Data("old".utf8))
        #expect(try await readCurrentStream(handle) == "old")
        try await DurableStreamHandle.delete(url: url, configuration: server.configuration())
        let other = try await DurableStreamHandle.create(
            url: url, contentType: "text/plain", configuration: server.configuration())
        _ = try await other.appendBytesSync(Data("new".utf8))
        #expect(try await readCurrentStream(handle) == "new")
        #expect(handle.incarnation == other.incarnation)
    }
}
