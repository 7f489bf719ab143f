import CourierPrimitives
import DurableStreamsStorage
import Foundation
import Testing

/// A binary sub-offset takes bytes of the whole append at the fork offset, however a store keeps it (the PostgreSQL
/// store in pieces of 1 MiB): every store answers as the memory store does.
@Suite("Fork sub-offsets across a large append (storage)")
struct ForkSubOffsetPieceTests {
    static let mebibyte: UInt64 = 1 << 20

    /// What a fork request came to: the fork's bytes (offsets are the store's own), or the error.
    enum Outcome: Equatable, CustomStringConvertible {
        case created(bytes: [UInt8])
        case failed(code: StreamStorageError.Code, message: String)

        var description: String {
            switch self {
            case .created(let bytes): "created \(bytes.count) bytes"
            case .failed(let code, let message): "failed \(code): \(message)"
            }
        }
    }

    /// A body handed over in chunks of `chunk` bytes.
    @available(OS2023, *)
    static func body(_ bytes: [UInt8], chunk: Int) -> AppendBody {
        let next = Locked(0)
        return AppendBody(expectedLength: nil) { () throws(StreamStorageError) -> [UInt8]? in
            next.withLock { start in
                guard start < bytes.count else { return nil }
                let end = min(bytes.count, start + chunk)
                defer { start = end }
                return Array(bytes[start..<end])
            }
        }
    }

    /// Writes a source holding "head", a 3.5 MiB append streamed in, and "tail"; forks it at the large append with
    /// each sub-offset, then forks the fork whose part spans two pieces; returns every outcome.
    @available(OS2023, *)
    static func outcomes(_ store: any StreamStorage) async throws -> [Outcome] {
        let large = (0..<Int(7 * mebibyte / 2)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        let source = try path("/source")
        let anchor = try await store.makeText(source, "head", contentType: "application/octet-stream")
        let appended = try await store.append(
            source, AppendRequest(payload: [], contentType: "application/octet-stream"),
            body: body(large, chunk: 200_003))
        guard case .appended(let next, _) = appended else { throw StreamStorageError.storageFailure("not stored") }
        try await store.appendText(source, "tail", contentType: "application/octet-stream")
        let length = UInt64(large.count)
        let subOffsets: [UInt64] = [
            0, mebibyte - 1, mebibyte, mebibyte + 1, 3 * mebibyte + 17, length, length + 1, length + 5,
        ]
        var outcomes: [Outcome] = []
        for (index, subOffset) in subOffsets.enumerated() {
            outcomes.append(
                try await fork(store, try path("/fork-\(index)"), from: source, at: anchor, subOffset: subOffset))
        }
        // The fork at 1 MiB + 1 holds its part as an append of its own: its extent is exact too.
        let forked = try path("/fork-3")
        for subOffset in [1, mebibyte, mebibyte + 1, mebibyte + 2] {
            outcomes.append(
                try await fork(store, try path("/again-\(subOffset)"), from: forked, at: anchor, subOffset: subOffset))
        }
        // Forks at the next append and at the tail.
        outcomes.append(try await fork(store, try path("/next"), from: source, at: next, subOffset: 4))
        outcomes.append(try await fork(store, try path("/next-over"), from: source, at: next, subOffset: 5))
        outcomes.append(try await fork(store, try path("/at-tail"), from: source, at: nil, subOffset: 1))
        return outcomes
    }

    @available(OS2023, *)
    static func fork(
        _ store: any StreamStorage, _ path: StreamPath, from source: StreamPath, at offset: StreamOffset?,
        subOffset: UInt64
    ) async throws -> Outcome {
        do {
            try await store.fork(path, from: source, at: offset, subOffset: subOffset, initial: "!")
            return .created(bytes: try await store.readAll(path, maxBytes: 300_000))
        } catch let error as StreamStorageError {
            return .failed(code: error.code, message: error.message)
        }
    }

    @Test(
        "Sub-offsets 0, around and at piece boundaries, at and beyond the append's end answer as the memory store",
        arguments: StoreKind.allCases.filter { $0 != .memory })
    @available(OS2023, *)
    func matchesMemory(kind: StoreKind) async throws {
        let expected = try await withStore(.memory) { store in try await Self.outcomes(store) }
        let found = try await withStore(kind) { store in try await Self.outcomes(store) }
        #expect(found.count == expected.count)
        for (index, (found, expected)) in zip(found, expected).enumerated() {
            #expect(found == expected, "request \(index)")
        }
        // The edges themselves, as the memory store answers them.
        #expect(expected[0] == .created(bytes: Array("head!".utf8)))
        guard case .created(let whole) = expected[5] else {
            Issue.record("a sub-offset of the whole append was refused")
            return
        }
        #expect(whole.count == 4 + Int(7 * Self.mebibyte / 2) + 1)
        for index in [6, 7, 11, 13, 14] {
            guard case .failed(let code, _) = expected[index] else {
                Issue.record("request \(index) was not refused")
                continue
            }
            #expect(code == .invalidForkOffset)
        }
    }
}
