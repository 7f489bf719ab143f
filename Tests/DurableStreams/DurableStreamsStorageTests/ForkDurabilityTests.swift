import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

/// Forks in the file store across restarts, and the states a crash can leave behind.
@Suite("Fork durability (file store)")
struct ForkDurabilityTests {
    @available(OS2023, *)
    private func open(_ directory: TemporaryDirectory) async throws -> FileStreamStorage {
        try await FileStreamStorage.open(at: directory.path)
    }

    /// The stream directories under `streams/`, by the path their metadata names.
    @available(OS2023, *)
    private func directories(_ directory: TemporaryDirectory) throws -> [String: String] {
        let streams = directory.path + "/streams"
        var byPath: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: streams) {
            let meta = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(streams)/\(name)/meta.json")))
            let path = try #require((meta as? [String: Any])?["path"] as? String)
            byPath[path] = "\(streams)/\(name)"
        }
        return byPath
    }

    @Test("Forks, their offsets, soft-deleted sources and reference counts survive a restart")
    @available(OS2023, *)
    func restart() async throws {
        try await withTemporaryDirectory(prefix: "ds-fork") { directory in
            let source = try path("/src")
            let forkA = try path("/fork-a")
            let forkB = try path("/fork-b")
            let grandchild = try path("/grandchild")
            let tails: (StreamOffset, StreamOffset)
            do {
                let store = try await open(directory)
                let anchor = try await store.makeText(source, "hello")
                try await store.appendText(source, " world")
                try await store.fork(forkA, from: source, at: anchor, subOffset: 3)
                try await store.appendText(forkA, "!A")
                try await store.fork(forkB, from: source, at: anchor)
                try await store.fork(grandchild, from: forkA, expiry: .timeToLive(seconds: 600))
                try await store.delete(source)
                tails = (try await store.info(forkA).tail, try await store.info(grandchild).tail)
                await store.shutdown()
            }
            let store = try await open(directory)
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
            await #expect(throws: StreamStorageError(.retainedForForks)) { try await store.makeText(source) }
            #expect(try await store.text(forkA) == "hello wo!A")
            #expect(try await store.text(forkB) == "hello")
            #expect(try await store.text(grandchild) == "hello wo!A")
            #expect(try await store.info(forkA).tail == tails.0)
            let grandchildInfo = try await store.info(grandchild)
            #expect(grandchildInfo.tail == tails.1)
            #expect(grandchildInfo.configuration.expiry == .timeToLive(seconds: 600))
            #expect(grandchildInfo.fork?.source == forkA)
            #expect(
                try await store.fork(
                    forkA, from: source,
                    at: try #require(
                        try await store.info(forkA).fork?.offset), subOffset: 3
                ).info.tail == tails.0)

            try await store.delete(forkA)
            await #expect(throws: StreamStorageError(.gone), "the grandchild still reads from it") {
                try await store.info(forkA)
            }
            try await store.delete(forkB)
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
            try await store.delete(grandchild)
            for gone in [source, forkA, forkB, grandchild] {
                await #expect(throws: StreamStorageError(.notFound)) { try await store.info(gone) }
            }
            await store.shutdown()
            #expect(try directories(directory).isEmpty)
        }
    }

    @Test("A crash between removing the last fork and its soft-deleted source is finished at start")
    @available(OS2023, *)
    func interruptedCascade() async throws {
        try await withTemporaryDirectory(prefix: "ds-fork") { directory in
            let source = try path("/src")
            let fork = try path("/fork")
            do {
                let store = try await open(directory)
                try await store.makeText(source, "data")
                try await store.fork(fork, from: source)
                try await store.delete(source)
                await store.shutdown()
            }
            // The state a crash right after the fork's directory was renamed into trash/ leaves.
            let forkDirectory = try #require(try directories(directory)[fork.value])
            try FileManager.default.moveItem(
                atPath: forkDirectory,
                toPath: directory.path + "/trash/" + (forkDirectory as NSString).lastPathComponent)
            let store = try await open(directory)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(fork) }
            #expect(try directories(directory).isEmpty)
            try await store.makeText(source, "new")
            #expect(try await store.text(source) == "new")
            await store.shutdown()
        }
    }

    @Test("A soft-delete is durable once acknowledged: the marker is on disk")
    @available(OS2023, *)
    func softDeleteMarker() async throws {
        try await withTemporaryDirectory(prefix: "ds-fork") { directory in
            let store = try await open(directory)
            let source = try path("/src")
            try await store.makeText(source, "data")
            try await store.fork(try path("/fork"), from: source)
            let sourceDirectory = try #require(try directories(directory)[source.value])
            #expect(!FileManager.default.fileExists(atPath: sourceDirectory + "/deleted"))
            try await store.delete(source)
            #expect(FileManager.default.fileExists(atPath: sourceDirectory + "/deleted"))
            await store.shutdown()
        }
    }

    @Test("Only forks are written in the fork metadata format; a plain stream keeps format 1")
    @available(OS2023, *)
    func metadataFormats() async throws {
        try await withTemporaryDirectory(prefix: "ds-fork") { directory in
            let store = try await open(directory)
            let source = try path("/src")
            try await store.makeText(source, "data")
            try await store.fork(try path("/fork"), from: source, at: .zero)
            await store.shutdown()
            for (path, location) in try directories(directory) {
                let meta = try #require(
                    try JSONSerialization.jsonObject(
                        with: Data(contentsOf: URL(fileURLWithPath: location + "/meta.json"))) as? [String: Any])
                #expect(meta["format"] as? Int == (path == "/fork" ? 2 : 1))
                #expect((meta["fork"] != nil) == (path == "/fork"))
            }
        }
    }

    @Test("A fork whose source directory is missing stops the store from opening rather than losing its history")
    @available(OS2023, *)
    func missingSource() async throws {
        try await withTemporaryDirectory(prefix: "ds-fork") { directory in
            do {
                let store = try await open(directory)
                try await store.makeText(try path("/src"), "data")
                try await store.fork(try path("/fork"), from: try path("/src"))
                await store.shutdown()
            }
            try FileManager.default.removeItem(atPath: try #require(try directories(directory)["/src"]))
            let error = await #expect(throws: StreamStorageError.self) { try await open(directory) }
            #expect(error?.code == .storageFailure)
            #expect(error?.message.contains("missing") == true)
        }
    }

    @Test("Forks of forks are linked in any directory order, and expired sources with forks stay soft-deleted")
    @available(OS2023, *)
    func expiredSourceAcrossRestart() async throws {
        let clock = ManualClock()
        try await withTemporaryDirectory(prefix: "ds-fork") { directory in
            let source = try path("/src")
            do {
                let store = try await FileStreamStorage.open(at: directory.path, options: .init(now: { clock.now }))
                try await store.makeText(source, "data", expiry: .timeToLive(seconds: 5))
                var previous = source
                for level in 0..<20 {
                    let next = try path("/level\(level)")
                    try await store.fork(next, from: previous, expiry: .timeToLive(seconds: 3600))
                    try await store.appendText(next, "\(level % 10)")
                    previous = next
                }
                clock.advance(by: 10)
                await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
                await store.shutdown()
            }
            let store = try await FileStreamStorage.open(at: directory.path, options: .init(now: { clock.now }))
            await #expect(throws: StreamStorageError(.gone), "a time-to-live restarts, but the soft-delete stays") {
                try await store.info(source)
            }
            #expect(try await store.text(try path("/level19")) == "data0123456789" + "0123456789")
            await store.shutdown()
        }
    }
}
