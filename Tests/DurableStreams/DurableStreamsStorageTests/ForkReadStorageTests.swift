import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

/// Reading forks, against both stores: stitching, offsets, chains, limits and waits.
@Suite("Fork reads (storage)")
struct ForkReadStorageTests {
    @Test(
        "A fork reads its inherited appends then its own, and never the source's later appends",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func stitching(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "A")
            try await store.appendText(source, "B")
            let fork = try path("/fork")
            let created = try await store.fork(fork, from: source)
            try await store.appendText(source, "-after")
            try await store.appendText(fork, "C")
            #expect(try await store.text(fork) == "ABC")
            #expect(try await store.text(source) == "AB-after")
            let own = try await store.read(fork, from: .offset(created.info.tail), maxBytes: 100)
            #expect(own.payload == Array("C"))
            #expect(own.reachedTail)
        }
    }

    @Test(
        "Offsets below the fork offset are the source's: every one the source returned reads the same on the fork",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func sharedOffsets(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            var offsets = [try await store.makeText(source, "one")]
            for word in ["two", "three", "four"] { offsets.append(try await store.appendText(source, word)) }
            let fork = try path("/fork")
            try await store.fork(fork, from: source, at: offsets[2])
            let own = try await store.appendText(fork, "FORK")
            for (index, offset) in offsets.prefix(3).enumerated() {
                let fromSource = try await store.read(source, from: .offset(offset), maxBytes: 1)
                let fromFork = try await store.read(fork, from: .offset(offset), maxBytes: 1)
                if index < 2 {
                    #expect(fromFork.payload == fromSource.payload)
                    #expect(fromFork.next == fromSource.next)
                } else {
                    #expect(fromFork.payload == Array("FORK"))
                    #expect(fromFork.next == own)
                }
            }
            await #expect(throws: StreamStorageError.invalidOffset(StreamOffset(position: 1))) {
                try await store.read(fork, from: .offset(StreamOffset(position: 1)), maxBytes: 10)
            }
        }
    }

    @Test(
        "A read of a fork stops near the byte limit on either side of the fork offset and resumes exactly",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func limitsAcrossTheBoundary(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source)
            var expected = ""
            for index in 0..<20 {
                try await store.appendText(source, "s\(index);")
                expected += "s\(index);"
            }
            let fork = try path("/fork")
            try await store.fork(fork, from: source)
            for index in 0..<20 {
                try await store.appendText(fork, "f\(index);")
                expected += "f\(index);"
            }
            for limit in [1, 7, 16, 100, 1 << 20] {
                var pieces: [[UInt8]] = []
                var start = ReadStart.beginning
                while true {
                    let result = try await store.read(fork, from: start, maxBytes: limit)
                    #expect(!result.payload.isEmpty)
                    #expect(result.payload.count <= max(limit, 4))
                    pieces.append(result.payload)
                    if result.reachedTail { break }
                    start = .offset(result.next)
                }
                #expect(String(decoding: pieces.joined(), as: UTF8.self) == expected)
            }
        }
    }

    @Test("Chains of forks read through every level; each level appends independently", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func chains(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let levels = try (0..<3).map { try path("/level\($0)") }
            try await store.makeText(levels[0], "X")
            try await store.fork(levels[1], from: levels[0])
            try await store.appendText(levels[1], "Y")
            try await store.fork(levels[2], from: levels[1])
            try await store.appendText(levels[2], "Z")
            try await store.appendText(levels[0], "0")
            try await store.appendText(levels[1], "1")
            #expect(try await store.text(levels[0]) == "X0")
            #expect(try await store.text(levels[1]) == "XY1")
            #expect(try await store.text(levels[2]) == "XYZ")
        }
    }

    @Test(
        "A fork taken inside a fork's inherited range reads only the root's data up to there",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func forkInsideInheritedRange(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let root = try path("/root")
            let first = try await store.makeText(root, "ab")
            try await store.appendText(root, "cd")
            let middle = try path("/middle")
            try await store.fork(middle, from: root)
            try await store.appendText(middle, "EF")
            let leaf = try path("/leaf")
            try await store.fork(leaf, from: middle, at: first)
            try await store.appendText(leaf, "!")
            #expect(try await store.text(leaf) == "ab!")
            try await store.fork(try path("/leaf-sub"), from: middle, at: first, subOffset: 1)
            #expect(try await store.text(try path("/leaf-sub")) == "abc")
        }
    }

    @Test(
        "A waiter at a fork's tail wakes for the fork's appends only; one in the inherited range returns at once",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func waits(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "source")
            let fork = try path("/fork")
            let tail = try await store.fork(fork, from: source).info.tail
            #expect(await store.waitForAppend(fork, after: .zero, timeout: .seconds(60)) == .appended)
            try await store.appendText(source, " extra")
            // Bounds a negative check: the source's append must not wake the fork's waiter.
            #expect(await store.waitForAppend(fork, after: tail, timeout: .milliseconds(200)) == .timedOut)
            let waiter = Task { await store.waitForAppend(fork, after: tail, timeout: .seconds(60)) }
            try await store.appendText(fork, " fork")
            #expect(try await withTimeout(.seconds(10)) { await waiter.value } == .appended)
            let fromTail = try await store.read(fork, from: .offset(tail), maxBytes: 100)
            #expect(fromTail.payload == Array(" fork"))
        }
    }

    @Test("Reading a fork counts as a use of the fork only", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func timeToLiveOfForkOnly(kind: StoreKind) async throws {
        let clock = ManualClock()
        try await withStore(kind, clock: clock) { store in
            let source = try path("/src")
            try await store.makeText(source, "source data", expiry: .timeToLive(seconds: 2))
            let fork = try path("/fork")
            try await store.fork(fork, from: source, expiry: .timeToLive(seconds: 2))
            clock.advance(by: 1.5)
            #expect(try await store.text(fork) == "source data")
            clock.advance(by: 1)
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
            #expect(try await store.info(fork).tail > .zero)
            #expect(try await store.text(fork) == "source data")
        }
    }
}
