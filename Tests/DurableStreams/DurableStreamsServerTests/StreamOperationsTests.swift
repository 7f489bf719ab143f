import DurableStreamsStorage
import Testing

@testable import DurableStreamsServer

/// The operations layer between the store and HTTP: typed requests in, typed results out, no HTTP.
@Suite("Stream operations without HTTP")
struct StreamOperationsTests {
    @available(OS2023, *)
    static func operations() -> StreamOperations {
        StreamOperations(storage: MemoryStreamStorage(), subscriptions: nil)
    }

    @Test("Create, append, read and delete return the store's typed results; the tail comes from them")
    @available(OS2023, *)
    func lifecycle() async throws {
        let operations = Self.operations()
        let path = try StreamPath(validating: "/ops/text")
        let created = try await operations.create(
            path, CreateStream(contentType: "text/plain", body: Array("one ".utf8)))
        guard case .created(let info) = created else {
            Issue.record("a new path must be created, got \(created)")
            return
        }
        #expect(info.configuration.contentType == "text/plain")
        let appended = try await operations.append(
            path, AppendToStream(contentType: "text/plain", body: Array("two".utf8)))
        #expect(appended.tail > info.tail)
        #expect(!appended.isClosed)
        let closed = try await operations.append(path, AppendToStream(close: true))
        #expect(closed.isClosed)
        #expect(closed.tail == appended.tail)
        let read = try await operations.read(path, from: .beginning, maxBytes: 1 << 20)
        #expect(String(decoding: read.payload, as: UTF8.self) == "one two")
        #expect(read.next == closed.tail)
        try await operations.delete(path)
        await #expect(throws: StreamStorageError(.notFound)) { try await operations.info(path) }
    }

    @Test("JSON bodies are put in storage form; an invalid one is refused by the store")
    @available(OS2023, *)
    func json() async throws {
        let operations = Self.operations()
        let path = try StreamPath(validating: "/ops/json")
        _ = try await operations.create(
            path, CreateStream(contentType: "application/json", body: Array(#"[{"a":1},{"b":2}]"#.utf8)))
        _ = try await operations.append(
            path, AppendToStream(contentType: "application/json", body: Array(#"{"c":3}"#.utf8)))
        let refused = await #expect(throws: StreamStorageError.self) {
            try await operations.append(path, AppendToStream(contentType: "application/json", body: Array("{".utf8)))
        }
        #expect(refused?.code == .invalidPayload)
        let read = try await operations.read(path, from: .beginning, maxBytes: 1 << 20)
        #expect(
            String(decoding: JSONMessages.array(fromStorageForm: read.payload), as: UTF8.self)
                == #"[{"a":1},{"b":2},{"c":3}]"#)
    }

    @Test("A fork that names no content type, created with a body, takes its source's")
    @available(OS2023, *)
    func forkInheritsContentType() async throws {
        let operations = Self.operations()
        let source = try StreamPath(validating: "/ops/source")
        let fork = try StreamPath(validating: "/ops/fork")
        _ = try await operations.create(
            source, CreateStream(contentType: "application/json", body: Array(#"{"a":1}"#.utf8)))
        let created = try await operations.create(
            fork,
            CreateStream(fork: ForkRequest(source: source, inheritsContentType: true), body: Array(#"{"b":2}"#.utf8)))
        #expect(created.info.configuration.contentType == "application/json")
        let read = try await operations.read(fork, from: .beginning, maxBytes: 1 << 20)
        #expect(
            String(decoding: JSONMessages.array(fromStorageForm: read.payload), as: UTF8.self)
                == #"[{"a":1},{"b":2}]"#)
    }

    @Test("A GET's query decodes to a typed read; a malformed one is refused with 400 before the store is asked")
    @available(OS2023, *)
    func readDecoding() throws {
        let offset = try #require(StreamOffset(token: "0000000000000005"))
        #expect(try StreamHTTPHandler.readStream(RequestTarget("/s")) == ReadStream())
        #expect(try StreamHTTPHandler.readStream(RequestTarget("/s?offset=now")) == ReadStream(start: .tail))
        #expect(
            try StreamHTTPHandler.readStream(RequestTarget("/s?offset=0000000000000005&live=long-poll&cursor=c1"))
                == ReadStream(start: .offset(offset), live: .longPoll, cursor: "c1"))
        #expect(
            try StreamHTTPHandler.readStream(RequestTarget("/s?offset=-1&live=sse"))
                == ReadStream(start: .beginning, live: .serverSentEvents))
        for refused in [
            "/s?offset=1&offset=2", "/s?offset=", "/s?offset=nonsense", "/s?live=sse", "/s?offset=-1&live=forever",
            "/s?offset=-1&live=sse&live=sse",
        ] {
            do {
                _ = try StreamHTTPHandler.readStream(RequestTarget(refused))
                Issue.record("\(refused) was accepted")
            } catch {
                #expect(error.reply.status == .badRequest, "\(refused)")
            }
        }
    }
}
