import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("File store durability")
struct FileStoreTests {
    @available(OS2023, *)
    private func open(_ directory: TemporaryDirectory, syncPolicy: FileStreamStorage.SyncPolicy = .everyAppend)
        async throws -> FileStreamStorage
    {
        try await FileStreamStorage.open(at: directory.path, options: .init(syncPolicy: syncPolicy))
    }

    @Test(
        "Everything survives a restart: data, closure, producers, Stream-Seq, configuration",
        arguments: [
            FileStreamStorage.SyncPolicy.everyAppend, .periodically(.milliseconds(5)), .never,
        ])
    @available(OS2023, *)
    func restart(policy: FileStreamStorage.SyncPolicy) async throws {
        try await withTemporaryDirectory(prefix: "ds-file") { directory in
            let stream = try path("/orders/eu")
            let closed = try path("/closed")
            let expires = StreamTimestamp(date: Date().addingTimeInterval(3600))
            do {
                let store = try await open(directory, syncPolicy: policy)
                _ = try await store.create(
                    stream,
                    CreateRequest(
                        configuration: StreamConfiguration(
                            contentType: "text/plain; charset=utf-8", expiry: .expiresAt(expires)),
                        initialPayload: Array("a")))
                var request = AppendRequest.text("b")
                request.producer = ProducerStamp(id: "p", epoch: 3, sequence: 0)
                request.streamSequence = "0001"
                _ = try await store.append(stream, request)
                _ = try await store.create(
                    closed, CreateRequest(configuration: StreamConfiguration(), initialPayload: [1, 2], closed: true))
                await store.shutdown()
            }
            let store = try await open(directory, syncPolicy: policy)
            let info = try await store.info(stream)
            #expect(info.configuration.contentType == "text/plain; charset=utf-8")
            #expect(info.configuration.expiry == .expiresAt(expires))
            #expect(try await store.readAll(stream) == Array("ab"))
            var retry = AppendRequest.text("b")
            retry.producer = ProducerStamp(id: "p", epoch: 3, sequence: 0)
            #expect(
                try await store.append(stream, retry) == .duplicate(tail: info.tail, lastSequence: 0, closed: false))
            var stale = AppendRequest.text("c")
            stale.producer = ProducerStamp(id: "p", epoch: 2, sequence: 0)
            await #expect(throws: StreamStorageError.staleProducerEpoch(current: 3)) {
                try await store.append(stream, stale)
            }
            var regress = AppendRequest.text("c")
            regress.streamSequence = "0001"
            await #expect(throws: StreamStorageError.streamSequenceConflict(last: "0001")) {
                try await store.append(stream, regress)
            }
            #expect(try await store.info(closed).isClosed)
            #expect(try await store.readAll(closed) == [1, 2])
            await store.shutdown()
        }
    }

    @Test("A torn last record is cut off at start and kept aside; everything before it stays")
    @available(OS2023, *)
    func tornTail() async throws {
        try await withTemporaryDirectory(prefix: "ds-file") { directory in
            let stream = try path()
            let tail: StreamOffset
            do {
                let store = try await open(directory)
                _ = try await store.create(
                    stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
                _ = try await store.append(stream, .text("kept"))
                tail = try await store.info(stream).tail
                await store.shutdown()
            }
            let log = try logPath(in: directory)
            let handle = try #require(FileHandle(forWritingAtPath: log))
            handle.seekToEndOfFile()
            // The start of a record header whose payload never made it to disk.
            handle.write(Data([0x44, 0x53, 0x52, 0x31, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0]))
            try handle.close()

            let store = try await open(directory)
            #expect(try await store.readAll(stream) == Array("kept"))
            #expect(try await store.info(stream).tail == tail)
            let attributes = try FileManager.default.attributesOfItem(atPath: log)
            #expect((attributes[.size] as? NSNumber)?.uint64Value == tail.position)
            let kept = try FileManager.default.contentsOfDirectory(atPath: (log as NSString).deletingLastPathComponent)
            #expect(kept.contains("torn-\(tail.position).bin"))
            _ = try await store.append(stream, .text("+next"))
            #expect(try await store.readAll(stream) == Array("kept+next"))
            await store.shutdown()
        }
    }

    @Test("A last record that fails its checksum is cut off")
    @available(OS2023, *)
    func corruptLastRecord() async throws {
        try await withTemporaryDirectory(prefix: "ds-file") { directory in
            let stream = try path()
            do {
                let store = try await open(directory)
                _ = try await store.create(
                    stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
                _ = try await store.append(stream, .text("first"))
                _ = try await store.append(stream, .text("second"))
                await store.shutdown()
            }
            let log = try logPath(in: directory)
            var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: log)))
            bytes[bytes.count - 6] ^= 0xFF
            try Data(bytes).write(to: URL(fileURLWithPath: log))
            let store = try await open(directory)
            #expect(try await store.readAll(stream) == Array("first"))
            await store.shutdown()
        }
    }

    @Test("Only one server at a time may use a data directory")
    @available(OS2023, *)
    func exclusive() async throws {
        try await withTemporaryDirectory(prefix: "ds-file") { directory in
            let first = try await open(directory)
            await #expect(throws: StreamStorageError.self) { try await open(directory) }
            await first.shutdown()
            let second = try await open(directory)
            await second.shutdown()
        }
    }

    @Test("A delete survives a restart, and the path can be created again")
    @available(OS2023, *)
    func deleteIsDurable() async throws {
        try await withTemporaryDirectory(prefix: "ds-file") { directory in
            let stream = try path()
            do {
                let store = try await open(directory)
                _ = try await store.create(
                    stream, CreateRequest(configuration: StreamConfiguration(), initialPayload: [1]))
                try await store.delete(stream)
                await store.shutdown()
            }
            let store = try await open(directory)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(stream) }
            _ = try await store.create(stream, CreateRequest(configuration: StreamConfiguration(), initialPayload: [2]))
            #expect(try await store.readAll(stream) == [2])
            await store.shutdown()
        }
    }

    @Test("Unreadable stream metadata stops the store from opening instead of dropping the stream")
    @available(OS2023, *)
    func corruptMetadata() async throws {
        try await withTemporaryDirectory(prefix: "ds-file") { directory in
            do {
                let store = try await open(directory)
                _ = try await store.create(try path(), CreateRequest(configuration: StreamConfiguration()))
                await store.shutdown()
            }
            let meta = (try logPath(in: directory) as NSString).deletingLastPathComponent + "/meta.json"
            try Data("{not json".utf8).write(to: URL(fileURLWithPath: meta))
            await #expect(throws: StreamStorageError.self) { try await open(directory) }
        }
    }

    @Test("An offset inside a record is refused, even when the record holds bytes that look like a header")
    @available(OS2023, *)
    func offsetInsideRecord() async throws {
        try await withTemporaryDirectory(prefix: "ds-file") { directory in
            let store = try await open(directory)
            let stream = try path()
            _ = try await store.create(stream, CreateRequest(configuration: StreamConfiguration()))
            let fake: [UInt8] = [0x44, 0x53, 0x52, 0x31] + [UInt8](repeating: 0, count: 60)
            _ = try await store.append(stream, AppendRequest(payload: fake, contentType: "application/octet-stream"))
            for position in [1, 4, 32, 33] as [UInt64] {
                await #expect(throws: StreamStorageError.invalidOffset(StreamOffset(position: position))) {
                    try await store.read(stream, from: .offset(StreamOffset(position: position)), maxBytes: 100)
                }
            }
            await store.shutdown()
        }
    }

    @available(OS2023, *)
    private func logPath(in directory: TemporaryDirectory) throws -> String {
        let streams = directory.path + "/streams"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: streams).first)
        return "\(streams)/\(name)/log"
    }
}
