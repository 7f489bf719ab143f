import DurableStreamsStorage
import Foundation
import Testing

/// The behaviour every store must have; each test runs against the memory and the file store.
@Suite("Storage contract")
struct StorageContractTests {
    @Test(
        "Create is idempotent for the same configuration and closure, and refuses a different one",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func createSemantics(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            let text = StreamConfiguration(contentType: "text/plain")
            let created = try await store.create(stream, CreateRequest(configuration: text))
            guard case .created(let info) = created else {
                Issue.record("expected a new stream, got \(created)")
                return
            }
            #expect(info.tail == .zero)
            #expect(!info.isClosed)
            let again = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "TEXT/PLAIN; charset=utf-8")))
            #expect(again == .existing(info))
            await #expect(throws: StreamStorageError(.configurationMismatch)) {
                try await store.create(
                    stream, CreateRequest(configuration: StreamConfiguration(contentType: "application/json")))
            }
            await #expect(throws: StreamStorageError(.configurationMismatch)) {
                try await store.create(stream, CreateRequest(configuration: text, closed: true))
            }
            await #expect(throws: StreamStorageError(.configurationMismatch)) {
                try await store.create(
                    stream,
                    CreateRequest(
                        configuration: StreamConfiguration(contentType: "text/plain", expiry: .timeToLive(seconds: 5))))
            }
        }
    }

    @Test(
        "A refused initial payload fails a new stream, but not an identical existing one", arguments: StoreKind.allCases
    )
    @available(OS2023, *)
    func payloadIssueOnCreate(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            let json = StreamConfiguration(contentType: "application/json")
            await #expect(throws: StreamStorageError.invalidPayload("bad")) {
                try await store.create(stream, CreateRequest(configuration: json, payloadIssue: "bad"))
            }
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(stream) }
            _ = try await store.create(stream, CreateRequest(configuration: json))
            let again = try await store.create(stream, CreateRequest(configuration: json, payloadIssue: "bad"))
            #expect(again.info.tail == .zero)
        }
    }

    @Test("Appends are read back in order from every offset they returned", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func appendAndReadBack(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream,
                CreateRequest(
                    configuration: StreamConfiguration(contentType: "text/plain"), initialPayload: Array("zero")))
            var offsets: [StreamOffset] = [try await store.info(stream).tail]
            let words = ["one", "two", "three", "four"]
            for word in words {
                guard case .appended(let tail, let closed) = try await store.append(stream, .text(word)) else {
                    Issue.record("append was not accepted")
                    return
                }
                #expect(!closed)
                #expect(tail > offsets[offsets.count - 1])
                offsets.append(tail)
            }
            #expect(try await store.readAll(stream) == Array("zeroonetwothreefour"))
            for (index, offset) in offsets.enumerated() {
                let result = try await store.read(stream, from: .offset(offset), maxBytes: 1 << 20)
                #expect(result.payload == Array(words[index...].joined()))
                #expect(result.next == offsets[offsets.count - 1])
                #expect(result.reachedTail)
            }
        }
    }

    @Test("A read returns at least one whole append and stops near the byte limit", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func readLimits(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(stream, CreateRequest(configuration: StreamConfiguration()))
            let big = [UInt8](repeating: 7, count: 300_000)
            _ = try await store.append(stream, AppendRequest(payload: big, contentType: "application/octet-stream"))
            for index in 0..<50 {
                _ = try await store.append(
                    stream, AppendRequest(payload: Array("record-\(index);"), contentType: "application/octet-stream"))
            }
            let first = try await store.read(stream, from: .beginning, maxBytes: 10)
            #expect(first.payload == big)
            #expect(!first.reachedTail)
            let second = try await store.read(stream, from: .offset(first.next), maxBytes: 30)
            #expect(second.payload == Array("record-0;record-1;record-2;"))
            #expect(
                try await store.readAll(stream, maxBytes: 64) == big
                    + Array((0..<50).map { "record-\($0);" }.joined().utf8))
        }
    }

    @Test(
        "Reads at the tail, past it, and from the tail sentinel return nothing; other offsets are refused",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func readEdges(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream,
                CreateRequest(
                    configuration: StreamConfiguration(contentType: "text/plain"), initialPayload: Array("abcdef")))
            let tail = try await store.info(stream).tail
            for start in [ReadStart.tail, .offset(tail), .offset(StreamOffset(position: UInt64.max))] {
                let result = try await store.read(stream, from: start, maxBytes: 100)
                #expect(result.payload.isEmpty)
                #expect(result.next == tail)
                #expect(result.reachedTail)
            }
            await #expect(throws: StreamStorageError.invalidOffset(StreamOffset(position: 1))) {
                try await store.read(stream, from: .offset(StreamOffset(position: 1)), maxBytes: 100)
            }
            await #expect(throws: StreamStorageError(.notFound)) {
                try await store.read(try path("/missing"), from: .beginning, maxBytes: 100)
            }
        }
    }

    @Test(
        "Closing keeps the tail, is idempotent, and refuses later appends with the final offset",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func closing(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream,
                CreateRequest(
                    configuration: StreamConfiguration(contentType: "text/plain"), initialPayload: Array("data")))
            let tail = try await store.info(stream).tail
            #expect(
                try await store.append(stream, AppendRequest(payload: [], closeStream: true)) == .closed(tail: tail))
            #expect(
                try await store.append(
                    stream, AppendRequest(payload: [], contentType: "application/json", closeStream: true))
                    == .closed(tail: tail))
            await #expect(throws: StreamStorageError.streamClosed(tail: tail)) {
                try await store.append(stream, .text("more"))
            }
            await #expect(throws: StreamStorageError.streamClosed(tail: tail)) {
                var request = AppendRequest.text("final")
                request.closeStream = true
                return try await store.append(stream, request)
            }
            let info = try await store.info(stream)
            #expect(info.isClosed)
            #expect(info.tail == tail)
            let end = try await store.read(stream, from: .offset(tail), maxBytes: 10)
            #expect(end.reachedEnd)
        }
    }

    @Test("Append-and-close stores the last data and closes in one step", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func appendAndClose(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            var request = AppendRequest.text("last")
            request.closeStream = true
            guard case .appended(let tail, true) = try await store.append(stream, request) else {
                Issue.record("append-and-close was not accepted")
                return
            }
            let read = try await store.read(stream, from: .beginning, maxBytes: 100)
            #expect(read.payload == Array("last"))
            #expect(read.next == tail)
            #expect(read.reachedEnd)
        }
    }

    @Test("The content type of an append must match the stream's media type", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func contentTypeCheck(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain; charset=utf-8")))
            await #expect(throws: StreamStorageError.contentTypeMismatch(expected: "text/plain; charset=utf-8")) {
                try await store.append(stream, .text("{}", contentType: "application/json"))
            }
            _ = try await store.append(stream, .text("ok", contentType: "Text/Plain"))
            #expect(try await store.readAll(stream) == Array("ok"))
        }
    }

    @Test("Stream-Seq must grow byte-wise", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func streamSequence(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            func append(_ text: String, seq: String) async throws -> AppendResult {
                var request = AppendRequest.text(text)
                request.streamSequence = seq
                return try await store.append(stream, request)
            }
            _ = try await append("a", seq: "2")
            await #expect(throws: StreamStorageError.streamSequenceConflict(last: "2")) {
                try await append("b", seq: "10")
            }
            await #expect(throws: StreamStorageError.streamSequenceConflict(last: "2")) {
                try await append("b", seq: "2")
            }
            _ = try await append("c", seq: "3")
            _ = try await append("d", seq: "a")
            await #expect(throws: StreamStorageError.streamSequenceConflict(last: "a")) {
                try await append("e", seq: "B")
            }
            #expect(try await store.readAll(stream) == Array("acd"))
        }
    }

    @Test("Idempotent producers follow the protocol's table", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func producerTable(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            func send(_ text: String, _ id: String, epoch: UInt64, seq: UInt64) async throws -> AppendResult {
                var request = AppendRequest.text(text)
                request.producer = ProducerStamp(id: id, epoch: epoch, sequence: seq)
                return try await store.append(stream, request)
            }
            await #expect(throws: StreamStorageError.producerSequenceGap(expected: 0, received: 3)) {
                try await send("x", "p", epoch: 0, seq: 3)
            }
            guard case .appended = try await send("a0", "p", epoch: 0, seq: 0) else {
                Issue.record("first producer append refused")
                return
            }
            _ = try await send("a1", "p", epoch: 0, seq: 1)
            _ = try await send("a2", "p", epoch: 0, seq: 2)
            let tail = try await store.info(stream).tail
            #expect(
                try await send("again", "p", epoch: 0, seq: 1) == .duplicate(tail: tail, lastSequence: 2, closed: false)
            )
            await #expect(throws: StreamStorageError.producerSequenceGap(expected: 3, received: 5)) {
                try await send("x", "p", epoch: 0, seq: 5)
            }
            await #expect(throws: StreamStorageError(.producerEpochMustStartAtZero)) {
                try await send("x", "p", epoch: 1, seq: 1)
            }
            _ = try await send("b0", "p", epoch: 1, seq: 0)
            await #expect(throws: StreamStorageError.staleProducerEpoch(current: 1)) {
                try await send("zombie", "p", epoch: 0, seq: 3)
            }
            _ = try await send("q0", "q", epoch: 7, seq: 0)
            #expect(try await store.readAll(stream) == Array("a0a1a2b0q0"))
        }
    }

    @Test(
        "A producer retry is a duplicate even with a stale Stream-Seq or a refused payload",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func producerPrecedence(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "application/json")))
            var request = AppendRequest(payload: Array("1,"), contentType: "application/json", streamSequence: "001")
            request.producer = ProducerStamp(id: "p", epoch: 0, sequence: 0)
            _ = try await store.append(stream, request)
            let tail = try await store.info(stream).tail
            #expect(try await store.append(stream, request) == .duplicate(tail: tail, lastSequence: 0, closed: false))
            request.payloadIssue = "Invalid JSON"
            #expect(try await store.append(stream, request) == .duplicate(tail: tail, lastSequence: 0, closed: false))
            request.producer = ProducerStamp(id: "p", epoch: 0, sequence: 1)
            request.streamSequence = "002"
            await #expect(throws: StreamStorageError.invalidPayload("Invalid JSON")) {
                try await store.append(stream, request)
            }
        }
    }

    @Test(
        "The producer request that closed a stream is a duplicate when retried; other requests find it closed",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func producerClose(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            var closing = AppendRequest.text("final")
            closing.closeStream = true
            closing.producer = ProducerStamp(id: "p", epoch: 0, sequence: 0)
            guard case .appended(let tail, true) = try await store.append(stream, closing) else {
                Issue.record("closing append refused")
                return
            }
            #expect(try await store.append(stream, closing) == .duplicate(tail: tail, lastSequence: 0, closed: true))
            var other = closing
            other.producer = ProducerStamp(id: "p", epoch: 0, sequence: 1)
            await #expect(throws: StreamStorageError.streamClosed(tail: tail)) { try await store.append(stream, other) }
            other.producer = ProducerStamp(id: "q", epoch: 0, sequence: 0)
            await #expect(throws: StreamStorageError.streamClosed(tail: tail)) { try await store.append(stream, other) }

            let second = try path("/close-only")
            _ = try await store.create(
                second, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            var closeOnly = AppendRequest(payload: [], closeStream: true)
            closeOnly.producer = ProducerStamp(id: "p", epoch: 0, sequence: 0)
            #expect(try await store.append(second, closeOnly) == .closed(tail: .zero))
            #expect(try await store.append(second, closeOnly) == .duplicate(tail: .zero, lastSequence: 0, closed: true))
        }
    }
}
