import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Retention in the file store")
struct FileRetentionTests {
    @Test("A restart keeps the retained start, the policy and the producers of dropped records, and releases the bytes")
    @available(OS2023, *)
    func restart() async throws {
        try await withTemporaryDirectory(prefix: "ds-retain") { directory in
            let clock = ManualClock()
            let options = FileStreamStorage.Options(syncPolicy: .everyAppend, now: { clock.now })
            let stream = try path("/kept")
            var configuration = StreamConfiguration(contentType: "text/plain")
            configuration.retention = StreamRetention(maxAge: 100)
            var first = AppendRequest.text(String(repeating: "x", count: 64 * 1024))
            first.producer = ProducerStamp(id: "p", epoch: 1, sequence: 0)
            let earliest: StreamOffset
            do {
                let store = try await FileStreamStorage.open(at: directory.path, options: options)
                _ = try await store.create(stream, CreateRequest(configuration: configuration))
                earliest = try #require(try await store.append(stream, first).appendedTail)
                clock.advance(by: 60)
                _ = try await store.append(stream, .text("kept"))
                clock.advance(by: 50)
                #expect(await store.compactRetained(budget: 100) == 1)
                let log = try #require(
                    try FileManager.default.contentsOfDirectory(atPath: directory.path + "/streams").first)
                var status = stat()
                #expect(stat(directory.path + "/streams/" + log + "/log", &status) == 0)
                #expect(Int(status.st_blocks) * 512 < 64 * 1024, "the dropped record's bytes are released")
                await store.shutdown()
            }
            let store = try await FileStreamStorage.open(at: directory.path, options: options)
            let info = try await store.info(stream)
            #expect(info.retainedStart == earliest)
            #expect(info.configuration.retention == StreamRetention(maxAge: 100))
            #expect(try await store.read(stream, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "kept")
            await #expect(throws: StreamStorageError.offsetDropped(earliest: earliest)) {
                try await store.read(stream, from: .offset(.zero), maxBytes: 1 << 20)
            }
            let retry = try await store.append(stream, first)
            #expect(retry == .duplicate(tail: info.tail, lastSequence: 0, closed: false), "the producer is remembered")
            var next = first
            next.producer = ProducerStamp(id: "p", epoch: 1, sequence: 1)
            #expect(try await store.append(stream, next).appendedTail != nil, "and goes on from its last sequence")
            await store.shutdown()
        }
    }
}
