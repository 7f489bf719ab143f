import CourierPrimitives
import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// Appends larger than 1 MiB are stored as consecutive records of at most 1 MiB: reads and forks see the same bytes
/// and offsets, and a body streamed through ``AppendBody`` is stored the same way.
@Suite(
    "PostgreSQL store: appends in pieces",
    .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
struct PostgresPieceTests {
    static let mebibyte = 1 << 20

    /// A body handed over in chunks of `chunk` bytes.
    @available(OS2023, *)
    static func body(_ bytes: [UInt8], chunk: Int, announced: Bool) -> AppendBody {
        let next = Locked(0)
        return AppendBody(expectedLength: announced ? bytes.count : nil) { () throws(StreamStorageError) -> [UInt8]? in
            next.withLock { start in
                guard start < bytes.count else { return nil }
                let end = min(bytes.count, start + chunk)
                defer { start = end }
                return Array(bytes[start..<end])
            }
        }
    }

    @Test("buffered and streamed appends over 1 MiB read back whole, across and from piece boundaries; forks work")
    @available(OS2023, *)
    func pieces() async throws {
        let options = try PostgresTestDatabase.options()
        let store = try await PostgresStreamStorage.open(options)
        do {
            let stream = try path("/pieces")
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "application/octet-stream")))
            let buffered = (0..<(2 * Self.mebibyte + 5)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let first = try await store.append(
                stream, AppendRequest(payload: buffered, contentType: "application/octet-stream"))
            #expect(first == .appended(tail: StreamOffset(position: UInt64(buffered.count)), closed: false))
            let streamed = (0..<(3 * Self.mebibyte + 11)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let second = try await store.append(
                stream, AppendRequest(payload: [], contentType: "application/octet-stream"),
                body: Self.body(streamed, chunk: 65_521, announced: false))
            let tail = UInt64(buffered.count + streamed.count)
            #expect(second == .appended(tail: StreamOffset(position: tail), closed: false))
            let small = try await store.append(
                stream, AppendRequest(payload: [], contentType: "application/octet-stream"),
                body: Self.body([9, 9], chunk: 1, announced: true))
            #expect(small == .appended(tail: StreamOffset(position: tail + 2), closed: false))
            let all = buffered + streamed + [9, 9]
            #expect(try await store.readAll(stream, maxBytes: 512 << 10) == all)

            // From a piece boundary inside an append, and one across appends.
            let boundary = StreamOffset(position: UInt64(Self.mebibyte))
            let read = try await store.read(stream, from: .offset(boundary), maxBytes: 3 * Self.mebibyte)
            #expect(read.payload == Array(all[Self.mebibyte..<(Self.mebibyte + read.payload.count)]))
            #expect(read.payload.count > Self.mebibyte + 5, "a read continues into the next append")
            // Not a record boundary: refused, as before.
            do {
                _ = try await store.read(stream, from: .offset(StreamOffset(position: 3)), maxBytes: 1)
                Issue.record("a read from inside a record was accepted")
            } catch {
                #expect(error.code == .invalidOffset)
            }

            // A fork after the first append reads the inherited pieces, then its own.
            let fork = try path("/pieces-fork")
            var request = CreateRequest(configuration: StreamConfiguration(contentType: "application/octet-stream"))
            request.fork = ForkRequest(
                source: stream, offset: StreamOffset(position: UInt64(buffered.count)), inheritsContentType: false)
            request.initialPayload = [1, 2, 3]
            _ = try await store.create(fork, request)
            #expect(try await store.readAll(fork, maxBytes: 512 << 10) == buffered + [1, 2, 3])
        } catch {
            await store.shutdown()
            try? await PostgresTestDatabase.dropSchema(options)
            throw error
        }
        await store.shutdown()
        try await PostgresTestDatabase.dropSchema(options)
    }
}
