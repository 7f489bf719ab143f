import DurableStreamsStorage
import Foundation
import Testing

/// `Stream-Fork-Sub-Offset`, against both stores: bytes of a binary append, messages of a JSON one.
@Suite("Fork sub-offsets (storage)")
struct ForkSubOffsetStorageTests {
    @Test("A binary sub-offset takes the first bytes of the append at the fork offset", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func binary(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            let anchor = try await store.makeText(source, "first")
            try await store.appendText(source, "second")
            try await store.fork(try path("/start"), from: source, at: .zero, subOffset: 3)
            #expect(try await store.text(try path("/start")) == "fir")
            try await store.fork(try path("/mid"), from: source, at: anchor, subOffset: 3)
            #expect(try await store.text(try path("/mid")) == "firstsec")
            try await store.fork(try path("/whole"), from: source, at: anchor, subOffset: 6)
            #expect(try await store.text(try path("/whole")) == "firstsecond")
            await #expect(throws: StreamStorageError.self) {
                try await store.fork(try path("/over"), from: source, at: anchor, subOffset: 7)
            }
        }
    }

    @Test(
        "A sub-offset needs an append at the fork offset: none at the tail, none in an empty stream",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func needsData(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "data")
            await #expect(throws: StreamStorageError.forkSubOffsetWithoutData) {
                try await store.fork(try path("/at-tail"), from: source, subOffset: 1)
            }
            let empty = try path("/empty")
            try await store.makeText(empty)
            await #expect(throws: StreamStorageError.forkSubOffsetWithoutData) {
                try await store.fork(try path("/of-empty"), from: empty, at: .zero, subOffset: 1)
            }
            // Neither attempt took a reference.
            try await store.delete(source)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
        }
    }

    @Test(
        "The fork's tail after a sub-offset is where its next append goes; appends and bodies follow the part",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func followedByAppends(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "hello")
            let fork = try path("/fork")
            let created = try await store.fork(fork, from: source, at: .zero, subOffset: 3, initial: "XY")
            #expect(try await store.text(fork) == "helXY")
            let empty = try await store.read(fork, from: .offset(created.info.tail), maxBytes: 100)
            #expect(empty.payload.isEmpty)
            #expect(empty.reachedTail)
            let tail = try await store.appendText(fork, "LO")
            #expect(tail > created.info.tail)
            #expect(try await store.text(fork) == "helXYLO")
            #expect(try await store.text(source) == "hello")
        }
    }

    @Test("A JSON sub-offset counts flattened messages", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func json(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(
                source, "{\"a\":1},{\"b\":2},{\"c\":3},{\"d\":4},", contentType: "application/json")
            try await store.fork(try path("/two"), from: source, at: .zero, subOffset: 2)
            #expect(try await store.text(try path("/two")) == "{\"a\":1},{\"b\":2},")
            try await store.fork(try path("/all"), from: source, at: .zero, subOffset: 4)
            #expect(try await store.text(try path("/all")) == "{\"a\":1},{\"b\":2},{\"c\":3},{\"d\":4},")
            await #expect(throws: StreamStorageError.self) {
                try await store.fork(try path("/over"), from: source, at: .zero, subOffset: 5)
            }
        }
    }

    @Test(
        "JSON messages are split only at top-level commas: not inside strings, arrays or objects",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func jsonBoundaries(kind: StoreKind) async throws {
        let messages = [
            #""a,b\",[{""#, #"[1,[2,3]]"#, #"{"k":{"x":"y,z"},"l":[","]}"#, #""\\""#, "-1.5e3", "null",
        ]
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, messages.map { $0 + "," }.joined(), contentType: "application/json")
            for count in 1...messages.count {
                let fork = try path("/fork-\(count)")
                try await store.fork(fork, from: source, at: .zero, subOffset: UInt64(count))
                #expect(try await store.text(fork) == messages[0..<count].map { $0 + "," }.joined())
            }
        }
    }

    @Test("A sub-offset fork of a closed source starts open", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func closedSource(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            _ = try await store.create(
                source,
                CreateRequest(
                    configuration: StreamConfiguration(contentType: "text/plain"), initialPayload: Array("hello"),
                    closed: true))
            let fork = try path("/fork")
            let created = try await store.fork(fork, from: source, at: .zero, subOffset: 3)
            #expect(!created.info.isClosed)
            #expect(try await store.text(fork) == "hel")
        }
    }

    @Test(
        "Producer and Stream-Seq state is not inherited, even across a sub-offset boundary",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func noWriterState(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, contentType: "application/json")
            var batch = AppendRequest(
                payload: Array("{\"i\":1},{\"i\":2},{\"i\":3},".utf8), contentType: "application/json")
            batch.producer = ProducerStamp(id: "p", epoch: 0, sequence: 0)
            batch.streamSequence = "5"
            _ = try await store.append(source, batch)
            let fork = try path("/fork")
            try await store.fork(fork, from: source, at: .zero, subOffset: 1)
            var retry = AppendRequest(payload: Array("{\"i\":99},".utf8), contentType: "application/json")
            retry.producer = ProducerStamp(id: "p", epoch: 0, sequence: 0)
            retry.streamSequence = "1"
            guard case .appended = try await store.append(fork, retry) else {
                Issue.record("the fork must accept the producer's first request as new")
                return
            }
            #expect(try await store.text(fork) == "{\"i\":1},{\"i\":99},")
            #expect(
                try await store.append(source, batch)
                    == .duplicate(
                        tail: try await store.info(source).tail, lastSequence: 0, closed: false))
        }
    }

    @Test("Sub-offsets compose along a chain of forks", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func chained(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let level0 = try path("/l0")
            let level1 = try path("/l1")
            let level2 = try path("/l2")
            try await store.makeText(level0, "abcdef")
            try await store.fork(level1, from: level0, at: .zero, subOffset: 4)
            #expect(try await store.text(level1) == "abcd")
            try await store.fork(level2, from: level1, at: .zero, subOffset: 2)
            #expect(try await store.text(level2) == "ab")
            try await store.appendText(level2, "Z")
            #expect(try await store.text(level2) == "abZ")
            #expect(try await store.text(level1) == "abcd")
        }
    }
}
